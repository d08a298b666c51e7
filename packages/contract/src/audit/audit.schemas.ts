import { z } from 'zod';
import { isoDateTime, userRefSchema, uuid } from '../common/fields';
import { AUDIT_ACTIONS, AUDIT_RETENTION_MAX_DAYS } from './audit.values';

export * from './audit.values';

/** One entry of the audit trail (platform.md 14.6, `GET audit/`). */
export const auditEntrySchema = z.object({
  id: uuid(),
  at: isoDateTime(),
  user: userRefSchema.nullable().describe('Who acted (null: the system, a job, or an unknown account)'),
  action: z.enum(AUDIT_ACTIONS),
  model: z.string().describe('The kind of record (a permission model key), or what an event concerns ("user", a list path for an export)'),
  record_id: uuid().nullable(),
  changes: z.record(z.string(), z.unknown()).describe('create/update/delete: field -> [old value, new value]; other actions: what happened'),
  ip: z.string().nullable().describe('The address the request came from, when there was one'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const retentionDays = z
  .number()
  .int()
  .min(1)
  .max(AUDIT_RETENTION_MAX_DAYS)
  .nullable()
  .describe('Days an entry of this action is kept; null keeps it forever');

/** `GET`/`PUT audit/retention/`: every action kind with its days (null: forever). */
export const auditRetentionSchema = z.object(
  Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, retentionDays])) as Record<(typeof AUDIT_ACTIONS)[number], typeof retentionDays>,
);
export type AuditRetention = z.infer<typeof auditRetentionSchema>;

export const userIdParams = z.object({ id: uuid() });

export const eraseAnswerSchema = z.object({
  id: uuid(),
  name: z.string().describe('The name the person now has ("Former user <n>")'),
});
