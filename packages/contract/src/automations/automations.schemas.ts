import { z } from 'zod';
import { isoDateTime, requiredText, uuid } from '../common/fields';
import { ERROR_MESSAGES, invalidChoice } from '../common/errors';
import {
  AUTOMATION_EVENTS,
  type AutomationEvent,
  RUN_OUTCOMES,
  ACTION_TYPES,
  RULE_NAME_MAX,
  MAX_ACTIONS,
  TEXT_MAX,
  DRY_RUN_DEFAULT_DAYS,
  WEBHOOK_URL_MAX,
} from './automations.values';
export * from './automations.values';

/** Automations and webhooks (spec platform §14.3): rules, their runs and versions, webhooks and their deliveries. */

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: ERROR_MESSAGES.required })
    .pipe(z.enum(values, { error: (issue) => invalidChoice(issue.input) }))
    .meta({ enum: [...values] });
const text = (max = TEXT_MAX) => requiredText(max);
/** A recipient: a role of the subject, a user's id, or (mail only) an address. */
const recipient = z.string({ error: ERROR_MESSAGES.required }).trim().min(1, ERROR_MESSAGES.blank).max(254);
const recipients = z.array(recipient, { error: 'Expected a list of items.' }).min(1, 'This list may not be empty.').max(50);

export const ruleActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('set_fields'), fields: z.record(z.string(), z.unknown(), { error: ERROR_MESSAGES.jsonObject }) }),
    z.object({ type: z.literal('assign'), team: uuid().nullable().default(null), user: uuid().nullable().default(null) }),
    z.object({ type: z.literal('notify'), to: recipients, message: text() }),
    z.object({ type: z.literal('email'), to: recipients, subject: text(200), body: text() }),
    z.object({
      type: z.literal('create_ticket'),
      title: text(200),
      ticket_type: z.string({ error: ERROR_MESSAGES.required }).max(40),
      priority: z.string({ error: ERROR_MESSAGES.required }).max(20),
      cost_centre: z.string().max(200).nullable().default(null),
    }),
    z.object({ type: z.literal('webhook'), webhook: uuid() }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? `Enter one of the action types: ${ACTION_TYPES.join(', ')}.` : ERROR_MESSAGES.jsonObject) },
);
export type RuleAction = z.infer<typeof ruleActionSchema>;

export const triggerSchema = z.object({
  event: z.enum(AUTOMATION_EVENTS),
  model: z.string().nullable(),
  cron: z.string().nullable(),
  timezone: z.string().nullable(),
});
export const triggerInputSchema = z.object(
  {
    event: choice([...AUTOMATION_EVENTS] as [AutomationEvent, ...AutomationEvent[]]),
    model: z.string().max(40).nullable().default(null),
    cron: z.string().max(120).nullable().default(null),
    timezone: z.string().max(64).nullable().default(null),
  },
  { error: ERROR_MESSAGES.jsonObject },
);

export const ruleSchema = z.object({
  id: uuid(),
  name: z.string(),
  active: z.boolean(),
  trigger: triggerSchema,
  conditions: z.record(z.string(), z.unknown()).describe('A filters JSON object (section 4) on the triggering model'),
  changed: z.array(z.string()),
  actions: z.array(z.record(z.string(), z.unknown())),
  version: z.number().int().describe('Read-only: every saved change adds one'),
  updated_at: isoDateTime(),
});
export type Rule = z.infer<typeof ruleSchema>;

export const ruleInputSchema = z.object({
  name: requiredText(RULE_NAME_MAX),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).default(true),
  trigger: triggerInputSchema,
  conditions: z.record(z.string(), z.unknown(), { error: ERROR_MESSAGES.jsonObject }).default({}),
  changed: z.array(z.string().max(100), { error: 'Expected a list of items.' }).max(50).default([]),
  actions: z.array(ruleActionSchema, { error: 'Expected a list of items.' }).max(MAX_ACTIONS).default([]),
});
export type RuleInput = z.infer<typeof ruleInputSchema>;
export const rulePatchSchema = z.object({
  name: requiredText(RULE_NAME_MAX).optional(),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
  trigger: triggerInputSchema.optional(),
  conditions: z.record(z.string(), z.unknown(), { error: ERROR_MESSAGES.jsonObject }).optional(),
  changed: z.array(z.string().max(100), { error: 'Expected a list of items.' }).max(50).optional(),
  actions: z.array(ruleActionSchema, { error: 'Expected a list of items.' }).max(MAX_ACTIONS).optional(),
});
export type RuleChanges = z.infer<typeof rulePatchSchema>;

export const ruleVersionSchema = z.object({
  version: z.number().int(),
  rule: z.record(z.string(), z.unknown()).describe('The rule as it was saved in this version'),
  edited_by: z.object({ id: uuid(), full_name: z.string() }).nullable(),
  at: isoDateTime(),
});
export type RuleVersion = z.infer<typeof ruleVersionSchema>;

const since = isoDateTime().optional().describe(`Start of the period looked at (default ${DRY_RUN_DEFAULT_DAYS} days ago)`);
export const dryRunInputSchema = ruleInputSchema.extend({ name: requiredText(RULE_NAME_MAX).default('Dry run'), since });
export const savedDryRunInputSchema = z.object({ since });
export const dryRunSchema = z.object({
  matched: z.number().int(),
  sample: z.array(z.object({ model: z.string(), id: uuid(), title: z.string() })),
  actions: z.array(z.object({ type: z.enum(ACTION_TYPES), would: z.string() })),
});
export type DryRun = z.infer<typeof dryRunSchema>;

export const runSchema = z.object({
  id: uuid(),
  rule: z.object({ id: uuid(), name: z.string(), version: z.number().int() }),
  event: z.string(),
  subject: z.object({ model: z.string(), id: uuid() }),
  at: isoDateTime(),
  outcome: z.enum(RUN_OUTCOMES),
  actions: z.array(z.object({ type: z.string(), outcome: z.enum(RUN_OUTCOMES), detail: z.string() })),
});
export type Run = z.infer<typeof runSchema>;
export type ActionResult = Run['actions'][number];

export const webhookSchema = z.object({
  id: uuid(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  secret: z.string().describe('whsec_<base64> in the answer to the creation only; whsec_**** afterwards'),
});
export type Webhook = z.infer<typeof webhookSchema>;
const eventList = z.array(choice([...AUTOMATION_EVENTS] as [AutomationEvent, ...AutomationEvent[]]), { error: 'Expected a list of items.' }).max(AUTOMATION_EVENTS.length);
export const webhookInputSchema = z.object({
  name: requiredText(200),
  url: requiredText(WEBHOOK_URL_MAX),
  events: eventList.default([]),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).default(true),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;
export const webhookPatchSchema = z.object({
  name: requiredText(200).optional(),
  url: requiredText(WEBHOOK_URL_MAX).optional(),
  events: eventList.optional(),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
});
export type WebhookChanges = z.infer<typeof webhookPatchSchema>;

export const deliverySchema = z.object({
  id: uuid(),
  event: z.string(),
  attempt: z.number().int(),
  at: isoDateTime().nullable(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
