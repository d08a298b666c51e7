/**
 * Automations' plain values (events, models, outcomes, action types, limits), without zod: the web's
 * rule builder imports these, where no schema loads (docs/decisions.md, "The browser trusts the API's
 * answers"). `automations.schemas.ts` re-exports them.
 */
export const AUTOMATION_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'ticket.sla_at_risk',
  'ticket.sla_breached',
  'record.created',
  'record.updated',
  'sitecheck.failed',
  'sitecheck.missed',
  'schedule',
] as const;
export type AutomationEvent = (typeof AUTOMATION_EVENTS)[number];
/** The models `record.*` events name (and `schedule` may act on, besides ticket). */
export const AUTOMATION_RECORD_MODELS = ['client', 'cost_centre', 'contact_person', 'brand'] as const;
export const AUTOMATION_SCHEDULE_MODELS = ['ticket', ...AUTOMATION_RECORD_MODELS] as const;
export type AutomationModel = (typeof AUTOMATION_SCHEDULE_MODELS)[number] | 'sitecheck_run';
export const RUN_OUTCOMES = ['SUCCEEDED', 'FAILED', 'SKIPPED'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];
export const ACTION_TYPES = ['set_fields', 'assign', 'notify', 'email', 'create_ticket', 'webhook'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** How deep a chain of rules (a rule's change triggering another rule) may go. */
export const MAX_CHAIN_DEPTH = 3;
export const RULE_NAME_MAX = 200;
export const MAX_ACTIONS = 20;
export const TEXT_MAX = 5000;
export const DRY_RUN_SAMPLE = 20;
export const DRY_RUN_DEFAULT_DAYS = 30;
export const WEBHOOK_URL_MAX = 2000;
