/** What the contract test (src/contract.test.ts) accepts beyond the document, each with its reason. */

export interface Answer {
  status: number;
  body: unknown;
  contentType: string;
}

/**
 * Rules across fields that JSON Schema cannot state: a schema-valid body refused with a 400
 * naming only these fields is not a contract break. Each entry says why; keep the list short.
 */
export const CROSS_FIELD_RULES: { path: RegExp; fields: string[]; why: string }[] = [
  // The detail's format follows its type (URL for WEBSITE, phone for PHONE, email for EMAIL).
  { path: /\/contacts\/(\{id\}\/)?$/, fields: ['contact_detail'], why: 'format chosen by contact_type' },
  { path: /contact-relations\//, fields: ['end_date'], why: 'end date not before the start date' },
  { path: /^\/api\/identity\/allocations\/$/, fields: ['non_field_errors'], why: 'exactly one of legal_entity, client, cost_centre' },
  { path: /^\/api\/bulk\//, fields: ['changes'], why: "values of the changed fields are checked by the resource's PATCH schema" },
  { path: /^\/api\/bulk\//, fields: ['non_field_errors'], why: 'either ids or filters/search names the rows, not both' },
  { path: /^\/api\/helpdesk\/sla-policies\//, fields: ['business_hours'], why: 'each interval ends after it starts' },
  {
    path: /^\/api\/helpdesk\/sla-policies\//,
    fields: ['first_response_minutes', 'resolution_minutes'],
    why: 'the business hours and holidays give the target minutes within three years',
  },
  { path: /\/\{id\}\/$/, fields: ['parent', 'master_record', 'reports_to'], why: 'a record cannot refer to itself' },
  { path: /^\/api\/(accounts\/clients|operations\/cost-centres)\//, fields: ['sub_industry'], why: 'the sub-industry belongs to the industry' },
  { path: /^\/api\/(base\/legal-entities|accounts\/clients)\/$/, fields: ['contacts'], why: 'format chosen by contact_type (nested contacts)' },
  { path: /^\/api\/helpdesk\/tickets\/\{id\}\/$/, fields: ['ticket_status'], why: 'the status moves along its workflow' },
  { path: /\/conversations\/$/, fields: ['recipient', 'copy'], why: "who may receive a message depends on the ticket's people" },
  { path: /^\/api\/sitechecks\/templates\//, fields: ['steps'], why: "step keys unique in the template, min not above max, a CHOICE step's choices and fail choices among them" },
  { path: /^\/api\/sitechecks\/schedules\//, fields: ['rrule', 'timezone'], why: 'an RFC 5545 rule the rrule library parses, an IANA zone name' },
  {
    path: /^\/api\/automations\/rules\//,
    fields: ['trigger', 'conditions', 'changed', 'actions', 'since'],
    why: "the trigger's model, cron and time zone follow its event; conditions are list filters on its model; changed fields, action targets and template variables exist",
  },
  { path: /^\/api\/notifications\/push\/subscriptions\/$/, fields: ['endpoint'], why: 'an https URL (plain http only on loopback, where PUSH_ALLOW_HTTP_LOOPBACK allows it)' },
  { path: /^\/api\/automations\/webhooks\//, fields: ['url'], why: 'an http(s) URL whose host resolves to public addresses only' },
  {
    path: /^\/api\/sitechecks\/runs\/\{id\}\/(answers|complete)\/$/,
    fields: ['key', 'value', 'file', 'status', 'answers'],
    why: "an answer names a step of the run's template with a value of its kind; a closed run is read-only; completion needs every required step",
  },
];
export const crossFieldRule = (path: string, answer: Answer) =>
  answer.status === 400 &&
  CROSS_FIELD_RULES.some((rule) => rule.path.test(path) && Object.keys(answer.body as Record<string, unknown>).every((field) => rule.fields.includes(field)));

/**
 * Rules across query parameters: with `select` the export's columns are the selected ones (labels
 * naming another are refused); a timeline's `to` is not before its `from`.
 */
export const labelsOutsideSelect = (query: string, answer: Answer) =>
  answer.status === 400 &&
  ((query.includes('select=') && Object.keys(answer.body as object).join() === 'labels') ||
    (query.includes('from=') && Object.keys(answer.body as object).join() === 'to'));

/** A 400 the document cannot predict: a unique value already taken, named with its field. */
export const uniquenessClash = (answer: Answer) =>
  answer.status === 400 &&
  Object.entries(answer.body as Record<string, unknown>).every(
    ([field, messages]) => field !== 'non_field_errors' && Array.isArray(messages) && messages.every((m) => /already (exists|allocated)|unique/i.test(String(m))),
  );

/**
 * Walked for a documented answer only, not for "valid is never refused", each for a reason a
 * schema cannot state: logins check credentials, import runs need a file that parses, the chart
 * call checks `chs`/`chld` in its service (400 `{"detail"}` as the chart API it follows); second
 * factors, step-up and passkeys check codes, passwords and signed WebAuthn answers (and take exactly
 * one of them); a watch needs a record the caller can read (404 otherwise), the one-click
 * unsubscribe needs the token a mail carried (server-issued, 400 without it); an erasure refuses
 * the caller themself and the last administrator (400, nothing changed); an opened suggestion needs a
 * published article the caller reads (404 otherwise: the walk's own writes change the seeded
 * article's status and audience).
 */
export const ANSWER_ONLY = new Set([
  '/api/identity/auth/knox/login/',
  '/api/identity/auth/login/',
  '/api/imports/{id}/dry-run/',
  '/api/imports/{id}/run/',
  '/api/charts/generate/',
  '/api/identity/mfa/totp/confirm/',
  '/api/identity/mfa/totp/',
  '/api/identity/mfa/passkeys/',
  '/api/identity/auth/mfa/',
  '/api/identity/auth/mfa/passkey-options/',
  '/api/identity/auth/step-up/',
  '/api/notifications/watches/',
  '/api/notifications/unsubscribe/',
  '/api/identity/users/{id}/erase/',
  '/api/knowledge/articles/{id}/opened/',
]);
/** The event stream never ends: its status and media type are read, then it is closed. */
export const STREAM = '/api/notifications/stream/';
