import { z } from 'zod';
import { isoDate, isoDateTime, requiredText, uuid } from '../common/fields';
import { TICKET_PRIORITIES, TICKET_TYPES } from './helpdesk.schemas';
import { ERROR_MESSAGES, invalidChoice, tooMany } from '../common/errors';

export { TEAM_ASSIGNMENTS, type TeamAssignment } from './helpdesk.values';
import { TEAM_ASSIGNMENTS } from './helpdesk.values';

/** Teams, routing rules and SLA policies of the help desk (spec platform §13.1). */
export const SLA_STATUSES = ['NONE', 'ON_TRACK', 'AT_RISK', 'PAUSED', 'BREACHED', 'MET'] as const;
export type SlaStatus = (typeof SLA_STATUSES)[number];
export { WEEKDAY_KEYS } from './helpdesk.values';
import { WEEKDAY_KEYS } from './helpdesk.values';

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: ERROR_MESSAGES.required })
    .pipe(z.enum(values, { error: (issue) => invalidChoice(issue.input) }))
    // A pipe documents its input (any string): name the choices.
    .meta({ enum: [...values] });
const anyOr = <T extends readonly [string, ...string[]]>(values: T) => choice(values).nullable();
const position = z
  .number({ error: ERROR_MESSAGES.integer })
  .int(ERROR_MESSAGES.integer)
  .min(0, ERROR_MESSAGES.notNegative)
  .max(1_000_000, 'Ensure this value is less than or equal to 1000000.');
const minutes = z
  .number({ error: ERROR_MESSAGES.integer })
  .int(ERROR_MESSAGES.integer)
  .min(1, 'Ensure this value is greater than or equal to 1.')
  .max(525_600, 'Ensure this value is less than or equal to 525600.')
  // Checked by the server against the whole policy, which JSON Schema cannot state.
  .meta({ description: 'Business minutes; the business hours and holidays must give this many within three years.' });

export const namedRefSchema = z.object({ id: uuid(), name: z.string() });

export const teamSchema = z.object({
  id: uuid(),
  name: z.string(),
  members: z.array(uuid()),
  assignment: z.enum(TEAM_ASSIGNMENTS),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamInputSchema = z.object({
  name: requiredText(100),
  members: z
    .array(uuid(), { error: ERROR_MESSAGES.list })
    .max(200, tooMany(200))
    .default([]),
  assignment: choice(TEAM_ASSIGNMENTS).default('MANUAL'),
});
export const teamPatchSchema = z.object({
  name: requiredText(100).optional(),
  members: z
    .array(uuid(), { error: ERROR_MESSAGES.list })
    .max(200, tooMany(200))
    .optional(),
  assignment: choice(TEAM_ASSIGNMENTS).optional(),
});
export type TeamInput = z.infer<typeof teamInputSchema>;
export type TeamChanges = z.infer<typeof teamPatchSchema>;

export const routingRuleSchema = z.object({
  id: uuid(),
  position: z.number().int(),
  ticket_type: z.enum(TICKET_TYPES).nullable(),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  industry: uuid().nullable(),
  legal_entity: uuid().nullable(),
  cost_centre: uuid().nullable(),
  team: uuid(),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const routingRuleInputSchema = z.object({
  position,
  ticket_type: anyOr(TICKET_TYPES).default(null),
  priority: anyOr(TICKET_PRIORITIES).default(null),
  industry: uuid().nullable().default(null),
  legal_entity: uuid().nullable().default(null),
  cost_centre: uuid().nullable().default(null),
  team: uuid(),
});
export const routingRulePatchSchema = z.object({
  position: position.optional(),
  ticket_type: anyOr(TICKET_TYPES).optional(),
  priority: anyOr(TICKET_PRIORITIES).optional(),
  industry: uuid().nullable().optional(),
  legal_entity: uuid().nullable().optional(),
  cost_centre: uuid().nullable().optional(),
  team: uuid().optional(),
});
export type RoutingRuleInput = z.infer<typeof routingRuleInputSchema>;
export type RoutingRuleChanges = z.infer<typeof routingRulePatchSchema>;

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const timeOfDay = z.string().regex(HHMM, 'Use a time HH:MM (00:00 to 24:00).');
const interval = z
  .tuple([timeOfDay, timeOfDay], { error: 'Expected a pair ["HH:MM", "HH:MM"].' })
  .refine(([from, to]) => from < to, 'The end must be after the start.');

export function isTimeZoneName(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const businessHoursSchema = z
  .object({
    timezone: z
      .string({ error: ERROR_MESSAGES.required })
      .max(64)
      .refine(isTimeZoneName, ERROR_MESSAGES.timeZone)
      .meta({ enum: ['UTC', ...Intl.supportedValuesOf('timeZone')] }),
    days: z
      .object(
        Object.fromEntries(
          WEEKDAY_KEYS.map((d) => [d, z.array(interval).max(6, 'At most 6 intervals a day.').optional()]),
        ) as Record<(typeof WEEKDAY_KEYS)[number], z.ZodOptional<z.ZodArray<typeof interval>>>,
      )
      .strict(),
  })
  .refine((hours) => Object.values(hours.days).some((spans) => (spans ?? []).length > 0), {
    message: 'Give at least one working interval.',
    path: ['days'],
  });
export type BusinessHoursInput = z.infer<typeof businessHoursSchema>;

const holidayDate = isoDate();
const holidays = z
  .array(holidayDate, { error: ERROR_MESSAGES.list })
  .max(400, tooMany(400));

export const slaPolicySchema = z.object({
  id: uuid(),
  name: z.string(),
  position: z.number().int(),
  ticket_type: z.enum(TICKET_TYPES).nullable(),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  industry: uuid().nullable(),
  first_response_minutes: z.number().int(),
  resolution_minutes: z.number().int(),
  business_hours: z.object({ timezone: z.string(), days: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))) }),
  holidays: z.array(z.string()),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type SlaPolicy = z.infer<typeof slaPolicySchema>;

export const slaPolicyInputSchema = z.object({
  name: requiredText(100),
  position,
  ticket_type: anyOr(TICKET_TYPES).default(null),
  priority: anyOr(TICKET_PRIORITIES).default(null),
  industry: uuid().nullable().default(null),
  first_response_minutes: minutes,
  resolution_minutes: minutes,
  business_hours: businessHoursSchema,
  holidays: holidays.default([]),
});
export const slaPolicyPatchSchema = z.object({
  name: requiredText(100).optional(),
  position: position.optional(),
  ticket_type: anyOr(TICKET_TYPES).optional(),
  priority: anyOr(TICKET_PRIORITIES).optional(),
  industry: uuid().nullable().optional(),
  first_response_minutes: minutes.optional(),
  resolution_minutes: minutes.optional(),
  business_hours: businessHoursSchema.optional(),
  holidays: holidays.optional(),
});
export type SlaPolicyInput = z.infer<typeof slaPolicyInputSchema>;
export type SlaPolicyChanges = z.infer<typeof slaPolicyPatchSchema>;
