import { z } from 'zod';
import {
  isoDateTime,
  jsonNestedDeeperThan,
  MAX_JSON_DEPTH,
  requiredText,
  userRefSchema,
  userWithEmailSchema,
  uuid,
} from '../common/fields';
import { ERROR_MESSAGES, invalidChoice, tooLong, tooMany } from '../common/errors';

export * from './helpdesk.values';
import {
  TICKET_CONTENT_MAX_BYTES,
  TICKET_HISTORY_FIELDS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TITLE_MAX,
  TICKET_TYPES,
} from './helpdesk.values';

/** An enumeration field: missing is "required", anything else outside the list "not a valid choice". */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: ERROR_MESSAGES.required })
    .pipe(z.enum(values, { error: (issue) => invalidChoice(issue.input) }))
    // A pipe documents its input (any string): name the choices.
    .meta({ enum: [...values] });

/** A JSON document (rich-text editor output): any JSON object. */
export const jsonDocumentSchema = z
  .record(z.string(), z.unknown(), { error: ERROR_MESSAGES.jsonObject })
  .refine((value) => !jsonNestedDeeperThan(value), {
    message: `Ensure this document is nested no deeper than ${MAX_JSON_DEPTH} levels.`,
    abort: true,
  });

export const jsonDocumentLimited = jsonDocumentSchema.refine(
  (value) => new TextEncoder().encode(JSON.stringify(value)).length <= TICKET_CONTENT_MAX_BYTES,
  ERROR_MESSAGES.documentTooLarge,
);

/** A site reference on a ticket (client or cost centre), answered as `{id, name}`. */
/** `name` is null when the site is outside the caller's allocation (withheld, docs/decisions.md). */
export const siteRefSchema = z.object({ id: uuid(), name: z.string().nullable() });
export type SiteRef = z.infer<typeof siteRefSchema>;
/** The site fields a staff create/change takes: an id, or null to clear. */
const siteIds = {
  client: uuid().nullable().optional(),
  cost_centre: uuid().nullable().optional(),
};

export const ticketListItemSchema = z.object({
  id: uuid(),
  number: z.number().int().describe('Human ticket number, read-only (shown as #1042)'),
  title: z.string(),
  ticket_type: z.enum(TICKET_TYPES),
  priority: z.enum(TICKET_PRIORITIES),
  ticket_status: z.enum(TICKET_STATUSES),
  requester: userWithEmailSchema,
  assignee: userWithEmailSchema.nullable(),
  created_by: userRefSchema.nullable(),
  updated_by: userRefSchema.nullable(),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
  client: siteRefSchema.nullable(),
  cost_centre: siteRefSchema.nullable(),
  // Teams and SLA (spec platform §13.1; modules/helpdesk-flow).
  team: z.object({ id: uuid(), name: z.string() }).nullable(),
  first_response_due_at: isoDateTime().nullable(),
  first_responded_at: isoDateTime().nullable(),
  due_at: isoDateTime().nullable(),
  sla_status: z.enum(['NONE', 'ON_TRACK', 'AT_RISK', 'PAUSED', 'BREACHED', 'MET']),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketMetaDataSchema = z
  .object({
    user_agent: z.string().nullable(),
    timezone: z.string().nullable(),
    ip: z.string().nullable(),
    source: z.string(),
  })
  .loose();

export const ticketSchema = ticketListItemSchema.extend({
  ticket_content: jsonDocumentSchema,
  meta_data: ticketMetaDataSchema,
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * A rich-text document a form carries: a JSON body sends the object, a multipart field (text only)
 * the same object as JSON text, parsed here. Either way it ends as the same checked document.
 */
const formJsonDocument = z
  .unknown()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null) {
      ctx.addIssue({ code: 'custom', message: ERROR_MESSAGES.required });
      return z.NEVER;
    }
    if (typeof raw !== 'string') return raw;
    // Measured before parsing: a field's text is refused whole past the limit, however it parses.
    if (new TextEncoder().encode(raw).length > TICKET_CONTENT_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: ERROR_MESSAGES.documentTooLarge });
      return z.NEVER;
    }
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Value must be valid JSON.' });
      return z.NEVER;
    }
  })
  .pipe(jsonDocumentLimited);

/**
 * The help-drawer form, one schema for both bodies it comes in: multipart (text fields; files are
 * attachments[i][attachment]) and JSON (the same fields, ticket_content an object or its JSON text).
 */
export const ticketCreateFormSchema = z.object({
  title: requiredText(TICKET_TITLE_MAX),
  ticket_content: formJsonDocument,
  timezone: z.string().max(64, tooLong(64)).optional(),
  // The site (optional form fields; empty means none given).
  client: z.preprocess((v) => (v === '' ? undefined : v), uuid().optional()),
  cost_centre: z.preprocess((v) => (v === '' ? undefined : v), uuid().optional()),
});

export const ticketCreatedSchema = z.object({ id: uuid(), number: z.number().int() });

const nullableUserId = uuid().nullable();

/** Staff create. requester defaults to the caller; status always starts OPEN. */
export const ticketInputSchema = z.object({
  title: requiredText(TICKET_TITLE_MAX),
  ticket_type: choice(TICKET_TYPES),
  ticket_content: jsonDocumentLimited.default({}),
  priority: choice(TICKET_PRIORITIES).default('MEDIUM'),
  requester: uuid().optional(),
  assignee: nullableUserId.optional(),
  ...siteIds,
});

/** Staff replace: title and ticket_type are required; absent optional fields stay as they are. */
export const ticketUpdateSchema = z.object({
  title: requiredText(TICKET_TITLE_MAX),
  ticket_type: choice(TICKET_TYPES),
  ticket_content: jsonDocumentLimited.optional(),
  priority: choice(TICKET_PRIORITIES).optional(),
  ticket_status: choice(TICKET_STATUSES).optional(),
  requester: uuid().optional(),
  assignee: nullableUserId.optional(),
  /** Hand the ticket to another help-desk team (or none); routing sets it on creation. */
  team: uuid().nullable().optional(),
  ...siteIds,
});
export const ticketPatchSchema = ticketUpdateSchema.partial();
export type TicketChanges = z.infer<typeof ticketPatchSchema>;

/**
 * One recorded change. Status moves fill from_status/to_status (to_status is null for the other
 * fields); every entry names its `field` and the values as people read them (an assignee's name).
 */
export const ticketHistoryEntrySchema = z.object({
  id: uuid(),
  ticket: uuid(),
  field: z.enum(TICKET_HISTORY_FIELDS),
  from_status: z.enum(TICKET_STATUSES).nullable(),
  to_status: z.enum(TICKET_STATUSES).nullable(),
  from_value: z.string().nullable(),
  to_value: z.string().nullable(),
  reason: z.string().nullable().describe('Why the system made the change (automatic routing and assignment)'),
  changed_by: userRefSchema.nullable(),
  changed_at: isoDateTime(),
});

export const attachmentSchema = z.object({
  id: uuid(),
  attachment: z.string().describe('Download URL'),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: userRefSchema.nullable(),
  uploaded_at: isoDateTime(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Describes the multipart upload for the OpenAPI document. */
export const attachmentUploadSchema = z.object({ attachment: z.string().describe('The file (binary)') });
export const ticketCreateMultipartSchema = z.object({
  title: z.string().max(TICKET_TITLE_MAX),
  ticket_content: z
    .string()
    .describe('A JSON document, sent as a string (at most 1 MB)')
    .meta({ contentMediaType: 'application/json', contentSchema: { type: 'object' } }),
  timezone: z.string().optional().describe('IANA time zone of the submitting client (or the X-Timezone header)'),
  'attachments[0][attachment]': z.string().optional().describe('Files: attachments[i][attachment] (binary)'),
  client: z.string().optional().describe('Client id the ticket is about (optional)'),
  cost_centre: z
    .string()
    .optional()
    .describe('Cost centre (site) id the ticket is about (optional; a user allocated exactly one cost centre gets it by default)'),
});

export const conversationSchema = z.object({
  id: uuid(),
  ticket: uuid(),
  sender: userWithEmailSchema,
  recipient: userWithEmailSchema.nullable(),
  copy: z.array(userWithEmailSchema),
  message: jsonDocumentSchema,
  internal: z.boolean().describe('A staff-only note (never on the my-tickets side, never sent to the requester)'),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
  created_by: userRefSchema.nullable(),
  updated_by: userRefSchema.nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const copyIds = z
  .array(uuid(), { error: ERROR_MESSAGES.list })
  .max(50, tooMany(50));

/** recipient defaults to the other party of the ticket (see docs/decisions.md). */
export const conversationInputSchema = z.object({
  recipient: nullableUserId.optional(),
  copy: copyIds.default([]),
  message: jsonDocumentLimited,
});
/** Staff may write an internal note instead of a reply; mentions (TipTap mention nodes in `message`) notify staff. */
export const staffConversationInputSchema = conversationInputSchema.extend({
  internal: z.boolean({ error: ERROR_MESSAGES.boolean }).default(false),
});
export type StaffConversationInput = z.infer<typeof staffConversationInputSchema>;
export const conversationUpdateSchema = z.object({
  recipient: nullableUserId.optional(),
  copy: copyIds.optional(),
  message: jsonDocumentLimited,
});
export const conversationPatchSchema = conversationUpdateSchema.partial();
export type ConversationChanges = z.infer<typeof conversationPatchSchema>;
