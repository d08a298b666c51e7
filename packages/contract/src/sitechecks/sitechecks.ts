import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { atMostCharacters, isoDate, isoDateTime, maxText, requiredText, userRefSchema, uuid } from '../common/fields';
import { ERROR_MESSAGES, tooMany } from '../common/errors';

/** Site checks (spec platform §14.1): templates of steps, schedules per cost centre, runs and their answers. */

export const SITE_CHECK_STEP_KINDS = ['CHECK', 'NUMBER', 'CHOICE', 'TEXT', 'PHOTO', 'SIGNATURE'] as const;
export type SiteCheckStepKind = (typeof SITE_CHECK_STEP_KINDS)[number];
export const SITE_CHECK_RUN_STATUSES = ['DUE', 'IN_PROGRESS', 'DONE', 'FAILED', 'MISSED'] as const;
export type SiteCheckRunStatus = (typeof SITE_CHECK_RUN_STATUSES)[number];
/** Steps whose answer is a file (multipart `file`). */
export const FILE_STEP_KINDS: readonly SiteCheckStepKind[] = ['PHOTO', 'SIGNATURE'];

export const SITE_CHECK_MAX_STEPS = 100;
export const SITE_CHECK_MAX_CHOICES = 50;
export const SITE_CHECK_TEXT_ANSWER_MAX = 2000;
export const SITE_CHECK_NOTE_MAX = 2000;
export const DEFAULT_WINDOW_MINUTES = 120;

/** A step key: a letter or digit, then letters, digits, `_` and `-` (never a prototype property name). */
const STEP_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const choiceText = requiredText(100);

export const siteCheckStepSchema = z.object({
  key: atMostCharacters(64)(z.string().regex(STEP_KEY, 'Only letters, digits, "_" and "-" are allowed, starting with a letter or digit.')),
  label: requiredText(200),
  kind: z.enum(SITE_CHECK_STEP_KINDS),
  required: z.boolean({ error: ERROR_MESSAGES.boolean }).default(true),
  help: maxText(1000).default(''),
  unit: maxText(20).nullable().default(null),
  min: z.number({ error: ERROR_MESSAGES.number }).finite().nullable().default(null),
  max: z.number({ error: ERROR_MESSAGES.number }).finite().nullable().default(null),
  choices: z.array(choiceText).max(SITE_CHECK_MAX_CHOICES, tooMany(SITE_CHECK_MAX_CHOICES)).default([]),
  fail_choices: z.array(choiceText).max(SITE_CHECK_MAX_CHOICES, tooMany(SITE_CHECK_MAX_CHOICES)).default([]),
});
export type SiteCheckStep = z.output<typeof siteCheckStepSchema>;

/** The rules across steps: a key once per template, min not above max, a choice step's choices, fail choices among them. */
const stepsSchema = z
  .array(siteCheckStepSchema)
  .min(1, 'A template needs at least one step.')
  .max(SITE_CHECK_MAX_STEPS, tooMany(SITE_CHECK_MAX_STEPS))
  .superRefine((steps, ctx) => {
    const seen = new Set<string>();
    steps.forEach((step, index) => {
      if (seen.has(step.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: `The key "${step.key}" is used by another step of this template.` });
      seen.add(step.key);
      if (step.kind === 'NUMBER' && step.min !== null && step.max !== null && step.min > step.max)
        ctx.addIssue({ code: 'custom', path: [index, 'min'], message: 'Ensure min is not above max.' });
      if (step.kind === 'CHOICE') {
        if (!step.choices.length) ctx.addIssue({ code: 'custom', path: [index, 'choices'], message: 'A choice step needs at least one choice.' });
        if (new Set(step.choices).size !== step.choices.length)
          ctx.addIssue({ code: 'custom', path: [index, 'choices'], message: 'Each choice may appear only once.' });
        const unknown = step.fail_choices.find((choice) => !step.choices.includes(choice));
        if (unknown !== undefined)
          ctx.addIssue({ code: 'custom', path: [index, 'fail_choices'], message: `"${unknown}" is not one of the step's choices.` });
      }
      // A range on a step other than NUMBER, or choices on one other than CHOICE, is dropped when stored.
    });
  });

export const siteCheckTemplateSchema = z.object({
  id: uuid(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  steps: z.array(siteCheckStepSchema),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type SiteCheckTemplate = z.infer<typeof siteCheckTemplateSchema>;

export const siteCheckTemplateInputSchema = z.object({
  name: requiredText(200),
  description: maxText(2000).default(''),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).default(true),
  steps: stepsSchema,
});
export const siteCheckTemplatePatchSchema = z.object({
  name: requiredText(200).optional(),
  description: maxText(2000).optional(),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
  steps: stepsSchema.optional(),
});
export type SiteCheckTemplateChanges = z.infer<typeof siteCheckTemplatePatchSchema>;

const nameRefSchema = z.object({ id: uuid(), name: z.string().nullable() });

export const siteCheckScheduleSchema = z.object({
  id: uuid(),
  template: uuid(),
  cost_centre: uuid(),
  rrule: z.string(),
  timezone: z.string(),
  window_minutes: z.number().int(),
  assignees: z.array(uuid()),
  active: z.boolean(),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type SiteCheckSchedule = z.infer<typeof siteCheckScheduleSchema>;

const windowMinutes = z
  .number({ error: ERROR_MESSAGES.integer })
  .int(ERROR_MESSAGES.integer)
  .min(1, 'Ensure this value is greater than or equal to 1.')
  .max(10080, 'Ensure this value is less than or equal to 10080.');

export const siteCheckScheduleInputSchema = z.object({
  template: uuid(),
  cost_centre: uuid(),
  rrule: requiredText(500).describe('RFC 5545 recurrence rule, e.g. FREQ=DAILY;BYHOUR=7;BYMINUTE=0'),
  timezone: maxText(64).optional().describe("IANA time zone the rule's times are in (default the app's)"),
  window_minutes: windowMinutes.default(DEFAULT_WINDOW_MINUTES),
  assignees: z.array(uuid()).max(200, tooMany(200)).default([]),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).default(true),
});
export const siteCheckSchedulePatchSchema = z.object({
  template: uuid().optional(),
  cost_centre: uuid().optional(),
  rrule: requiredText(500).optional(),
  timezone: maxText(64).optional(),
  window_minutes: windowMinutes.optional(),
  assignees: z.array(uuid()).max(200, tooMany(200)).optional(),
  active: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
});
export type SiteCheckScheduleInput = z.output<typeof siteCheckScheduleInputSchema>;
export type SiteCheckScheduleChanges = z.output<typeof siteCheckSchedulePatchSchema>;

export const siteCheckAnswerValueSchema = z.union([z.boolean(), z.number(), z.string()]).nullable();

export const siteCheckAnswerSchema = z.object({
  key: z.string(),
  value: siteCheckAnswerValueSchema,
  ok: z.boolean(),
  note: z.string(),
  photo: uuid().nullable().describe('The stored photo or signature (attachment id), or null'),
  answered_by: userRefSchema.nullable(),
  answered_at: isoDateTime(),
});

export const siteCheckRunSchema = z.object({
  id: uuid(),
  template: z.object({ id: uuid(), name: z.string(), version: z.number().int() }),
  schedule: uuid().nullable(),
  cost_centre: nameRefSchema,
  due_at: isoDateTime(),
  closes_at: isoDateTime(),
  status: z.enum(SITE_CHECK_RUN_STATUSES),
  answers: z.array(siteCheckAnswerSchema),
  /** The steps of the template version the run follows: whoever may answer the run reads them here, without template read. */
  steps: z.array(siteCheckStepSchema),
  failed_steps: z.array(z.string()),
  completed_by: userRefSchema.nullable(),
  completed_at: isoDateTime().nullable(),
  ticket: uuid().nullable(),
});
export type SiteCheckRun = z.infer<typeof siteCheckRunSchema>;

export const siteCheckRunInputSchema = z.object({ template: uuid(), cost_centre: uuid() });

/** An answer as JSON, or as multipart fields (`value` then arrives as text: "true", "12.5"). */
export const siteCheckAnswerInputSchema = z.object({
  key: requiredText(64),
  value: z.union([z.boolean(), z.number().finite(), maxText(SITE_CHECK_TEXT_ANSWER_MAX)]).nullable().optional(),
  note: maxText(SITE_CHECK_NOTE_MAX).default(''),
  /** Given by the device when the answer is given; a resend with the same key writes nothing again. */
  idempotency_key: uuid()
    .optional()
    .describe('A UUID the client gives each answer once; a repeated key (per run) is answered with the run as it is, nothing written again'),
});
export type SiteCheckAnswerInput = z.output<typeof siteCheckAnswerInputSchema>;
export const siteCheckAnswerMultipartSchema = z.object({
  key: z.string().max(64),
  value: z.string().max(SITE_CHECK_TEXT_ANSWER_MAX).optional().describe('The answer: true/false, a number, a choice or text'),
  note: z.string().max(SITE_CHECK_NOTE_MAX).optional(),
  file: z.string().optional().describe('PHOTO and SIGNATURE steps: the image (JPEG or PNG, binary)'),
  idempotency_key: z.string().max(36).optional().describe('A UUID the client gives each answer once; a repeated key (per run) writes nothing again'),
});

export const complianceQuerySchema = z.object({
  from: isoDate().max(10).optional().describe('First day, YYYY-MM-DD (default 30 days before `to`)'),
  to: isoDate().max(10).optional().describe('Last day, included, YYYY-MM-DD (default today, UTC)'),
});
export const complianceRowSchema = z.object({
  cost_centre: nameRefSchema,
  due: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  missed: z.number().int(),
  rate: z.number().nullable().describe('done / (done + failed + missed); null when none of them'),
});
export const complianceSchema = z.object({ results: z.array(complianceRowSchema) });
export type SiteCheckCompliance = z.infer<typeof complianceSchema>;

const tags = ['sitechecks'];
const base = '/api/sitechecks';
const idParams = z.object({ id: uuid() });
const on = (model: string, action: 'read' | 'add' | 'change' | 'delete') => ({ kind: 'permission', model, action }) as const;

function crud<Item extends z.ZodType, Input extends z.ZodType, Patch extends z.ZodType>(
  path: string,
  model: string,
  noun: string,
  item: Item,
  input: Input,
  patch: Patch,
) {
  return {
    list: endpoint({ method: 'GET', path: `${path}/`, summary: `Site check ${noun}s`, tags, access: on(model, 'read'), query: listQuerySchema, responses: { 200: paginated(item) } }),
    create: endpoint({ method: 'POST', path: `${path}/`, summary: `Create a site check ${noun}`, tags, access: on(model, 'add'), body: input, responses: { 201: item } }),
    // Conditional writes (spec platform §14.6): the detail answers an ETag, its writes take If-Match.
    get: endpoint({ versioned: true, method: 'GET', path: `${path}/{id}/`, summary: `One site check ${noun}`, tags, access: on(model, 'read'), params: idParams, responses: { 200: item } }),
    put: endpoint({ versioned: true, method: 'PUT', path: `${path}/{id}/`, summary: `Replace a site check ${noun}`, tags, access: on(model, 'change'), params: idParams, body: input, responses: { 200: item } }),
    patch: endpoint({ versioned: true, method: 'PATCH', path: `${path}/{id}/`, summary: `Change a site check ${noun}`, tags, access: on(model, 'change'), params: idParams, body: patch, responses: { 200: item } }),
    remove: endpoint({ versioned: true, method: 'DELETE', path: `${path}/{id}/`, summary: `Delete a site check ${noun}`, tags, access: on(model, 'delete'), params: idParams, responses: { 204: null }, errors: [409] }),
  };
}

export const siteCheckTemplateEndpoints = crud(
  `${base}/templates`,
  'sitechecktemplate',
  'template',
  siteCheckTemplateSchema,
  siteCheckTemplateInputSchema,
  siteCheckTemplatePatchSchema,
);
export const siteCheckScheduleEndpoints = crud(
  `${base}/schedules`,
  'sitecheckschedule',
  'schedule',
  siteCheckScheduleSchema,
  siteCheckScheduleInputSchema,
  siteCheckSchedulePatchSchema,
);

export const siteCheckRunEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/runs/`,
    summary:
      "Site check runs at the cost centres in the caller's scope (filters: status, cost_centre, template, schedule, due_at); format=csv|xlsx exports one row per answer, the run's columns repeated",
    tags,
    access: on('sitecheckrun', 'read'),
    query: listQuerySchema,
    responses: { 200: paginated(siteCheckRunSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: `${base}/runs/`,
    summary: 'Start an ad-hoc run of a template at a cost centre',
    tags,
    access: on('sitecheckrun', 'add'),
    body: siteCheckRunInputSchema,
    responses: { 201: siteCheckRunSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/runs/{id}/`,
    summary: 'One site check run with its answers',
    tags,
    access: on('sitecheckrun', 'read'),
    params: idParams,
    responses: { 200: siteCheckRunSchema },
  }),
  answer: endpoint({
    method: 'POST',
    path: `${base}/runs/{id}/answers/`,
    summary: 'Answer one step of a run (JSON, or multipart with `file` for PHOTO and SIGNATURE); replaces an earlier answer to the step',
    tags,
    access: on('sitecheckrun', 'change'),
    params: idParams,
    multipart: true,
    body: siteCheckAnswerMultipartSchema,
    responses: { 200: siteCheckRunSchema },
    errors: [413],
  }),
  complete: endpoint({
    method: 'POST',
    path: `${base}/runs/{id}/complete/`,
    summary: 'Complete a run: DONE, or FAILED when a step failed (raises a ticket); 400 naming every required step unanswered',
    tags,
    access: on('sitecheckrun', 'change'),
    params: idParams,
    responses: { 200: siteCheckRunSchema },
    errors: [400],
  }),
  photo: endpoint({
    method: 'GET',
    path: `${base}/runs/{id}/photos/{photo}/`,
    summary: "The image of a run's PHOTO or SIGNATURE answer (`answers[].photo`), for whoever may read the run",
    tags,
    access: on('sitecheckrun', 'read'),
    params: z.object({ id: uuid(), photo: uuid() }),
    produces: ['image/png', 'image/jpeg'],
    responses: { 200: null },
  }),
  compliance: endpoint({
    method: 'GET',
    path: `${base}/compliance/`,
    summary: "Due, done, failed and missed runs per cost centre over a period, in the caller's scope",
    tags,
    access: on('sitecheckrun', 'read'),
    query: complianceQuerySchema,
    responses: { 200: complianceSchema },
  }),
};

/** A report covers at most this many days (a year and a day). */
export const SITE_CHECK_REPORT_MAX_DAYS = 366;

/** The PDF evidence of one site over a period (spec platform §14.1): every run, answer, person, time and photo. */
const siteCheckReportEndpoint = endpoint({
  method: 'GET',
  path: '/api/operations/cost-centres/{id}/sitechecks-report/',
  summary:
    "A PDF of the cost centre's site check runs due in the period (UTC days, default the last 30): every run, answer, person, time and photo",
  tags,
  access: on('sitecheckrun', 'read'),
  params: idParams,
  query: complianceQuerySchema,
  produces: ['application/pdf'],
  responses: { 200: null },
});

/** A run whose window is open now, as a site's report page and Today list show it. */
export const siteCheckOpenRunSchema = z.object({
  id: uuid(),
  template: z.object({ id: uuid(), name: z.string() }),
  status: z.enum(SITE_CHECK_RUN_STATUSES),
  due_at: isoDateTime(),
  closes_at: isoDateTime(),
});
export type SiteCheckOpenRun = z.infer<typeof siteCheckOpenRunSchema>;

/** The home dashboard's "Site checks" card: runs due today at the caller's sites. */
export const siteCheckDaySchema = z.object({
  day: isoDate().describe("Today in the caller's time zone (their app setting, else the app's)"),
  due: z.number().int().describe('Runs due today'),
  open: z.number().int().describe('Of those, still DUE or IN_PROGRESS'),
  done: z.number().int(),
  failed: z.number().int(),
  missed: z.number().int(),
});
export type SiteCheckDay = z.infer<typeof siteCheckDaySchema>;

/**
 * The "Site checks" card on its own (spec platform §14.1), for those who read runs: the home
 * dashboard carries the same figures, but needs ticket read, which Site users do not hold.
 */
const siteCheckTodayEndpoint = endpoint({
  method: 'GET',
  path: `${base}/today/`,
  summary: "Today's site check runs at the caller's sites (allocation scope): due, open, done, failed, missed",
  tags,
  access: on('sitecheckrun', 'read'),
  responses: { 200: siteCheckDaySchema },
});

/** Evidence and overview beside the runs: the PDF report per site, today's card. */
export const siteCheckEvidenceEndpoints = { report: siteCheckReportEndpoint, today: siteCheckTodayEndpoint };
