/**
 * The audit trail's action kinds (platform.md 14.6), without zod so the schema, the server and the
 * web app's pages can name them.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'login_failed',
  'logout',
  'export',
  'permission_change',
  'mfa_change',
  'erase',
] as const;
export type AuditActionKind = (typeof AUDIT_ACTIONS)[number];

/** Retention is at most 100 years; null keeps an action's entries forever. */
export const AUDIT_RETENTION_MAX_DAYS = 36500;
