import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { TICKET_HISTORY_FIELDS, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '@ops/contract/helpdesk/helpdesk.schemas';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';
import { clients, costCentres } from './records';
import { helpdeskTeams, slaPolicies } from './helpdesk-flow';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Human ticket numbers (`#1042`), taken at creation; existing tickets were numbered in creation order. */
export const ticketNumberSequence = pgSequence('helpdesk_ticket_number_seq', { startWith: 1001 });

export const tickets = pgTable(
  'helpdesk_ticket',
  {
    id: idColumn(),
    number: integer('number')
      .notNull()
      .default(sql`nextval('helpdesk_ticket_number_seq')`),
    title: varchar('title', { length: 255 }).notNull(),
    ticketType: varchar('ticket_type', { length: 20 }).notNull(),
    priority: varchar('priority', { length: 10 }).notNull().default('MEDIUM'),
    ticketStatus: varchar('ticket_status', { length: 12 }).notNull().default('OPEN'),
    ticketContent: jsonb('ticket_content').notNull().default({}),
    metaData: jsonb('meta_data').notNull().default({}),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** The site the ticket is about (spec platform §13.1): a client and/or one of its cost centres. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'set null' }),
    // Teams, routing and SLA (migration 0005; modules/helpdesk-flow).
    teamId: uuid('team_id').references(() => helpdeskTeams.id, { onDelete: 'set null' }),
    slaPolicyId: uuid('sla_policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
    firstResponseDueAt: timestamptz('first_response_due_at'),
    firstRespondedAt: timestamptz('first_responded_at'),
    dueAt: timestamptz('due_at'),
    slaStatus: varchar('sla_status', { length: 10 }).notNull().default('NONE'),
    /** When the SLA turns AT_RISK / BREACHED next (precomputed, so the sweep is one plain UPDATE). */
    slaRiskAt: timestamptz('sla_risk_at'),
    slaBreachAt: timestamptz('sla_breach_at'),
    slaPausedAt: timestamptz('sla_paused_at'),
    /** Business minutes spent ON_HOLD so far; due times move by them. */
    slaPausedMinutes: integer('sla_paused_minutes').notNull().default(0),
    /** The row's version for conditional writes (ETag / If-Match): bumped by the row_version_bump trigger on every UPDATE. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('helpdesk_ticket_client_idx').on(t.clientId, t.createdAt, t.id),
    index('helpdesk_ticket_cost_centre_idx').on(t.costCentreId, t.createdAt, t.id),
    check('helpdesk_ticket_type_ck', sql`${t.ticketType} in (${inList(TICKET_TYPES)})`),
    check('helpdesk_ticket_priority_ck', sql`${t.priority} in (${inList(TICKET_PRIORITIES)})`),
    check('helpdesk_ticket_status_ck', sql`${t.ticketStatus} in (${inList(TICKET_STATUSES)})`),
    check('helpdesk_ticket_title_ck', sql`length(btrim(${t.title})) > 0`),
    uniqueIndex('helpdesk_ticket_number_uq').on(t.number),
    index('helpdesk_ticket_requester_idx').on(t.requesterId, t.createdAt, t.id),
    index('helpdesk_ticket_assignee_idx').on(t.assigneeId, t.createdAt),
    index('helpdesk_ticket_created_idx').on(t.createdAt, t.id),
    index('helpdesk_ticket_updated_idx').on(t.updatedAt, t.id),
    index('helpdesk_ticket_status_idx').on(t.ticketStatus, t.createdAt),
    index('helpdesk_ticket_type_idx').on(t.ticketType, t.createdAt),
    index('helpdesk_ticket_priority_idx').on(t.priority, t.createdAt),
    // Staff lists filter status and priority together (newest first).
    index('helpdesk_ticket_status_priority_idx').on(t.ticketStatus, t.priority, t.createdAt, t.id),
    index('helpdesk_ticket_title_idx').on(t.title, t.id),
    index('helpdesk_ticket_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Search everything looks up a query of several words word by word here (modules/search, migration 0016).
    index('helpdesk_ticket_title_words_idx').using('gin', sql`to_tsvector('simple', ${t.title})`),
    check('helpdesk_ticket_sla_status_ck', sql`${t.slaStatus} in ('NONE', 'ON_TRACK', 'AT_RISK', 'PAUSED', 'BREACHED', 'MET')`),
    index('helpdesk_ticket_team_idx').on(t.teamId, t.createdAt),
    index('helpdesk_ticket_sla_policy_idx').on(t.slaPolicyId),
    index('helpdesk_ticket_due_idx').on(t.dueAt, t.id),
    index('helpdesk_ticket_first_response_due_idx').on(t.firstResponseDueAt, t.id),
    index('helpdesk_ticket_sla_status_due_idx').on(t.slaStatus, t.dueAt, t.id),
    index('helpdesk_ticket_assignee_open_idx').on(t.assigneeId).where(sql`${t.ticketStatus} <> 'CLOSED'`),
    index('helpdesk_ticket_sla_sweep_idx').on(t.slaRiskAt).where(sql`${t.slaStatus} in ('ON_TRACK', 'AT_RISK')`),
    // Newest first with the id tie-breaker ascending (the list engine's order): read in index order, no sort (migration 0009).
    index('helpdesk_ticket_created_desc_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('helpdesk_ticket_status_priority_created_desc_idx').on(t.ticketStatus, t.priority, t.createdAt.desc().nullsFirst(), t.id),
  ],
);

export const ticketHistory = pgTable(
  'helpdesk_ticket_history',
  {
    id: idColumn(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Which field changed: ticket_status (from_status/to_status), or priority, assignee, title (from_value/to_value). */
    field: varchar('field', { length: 20 }).notNull().default('ticket_status'),
    fromStatus: varchar('from_status', { length: 12 }),
    toStatus: varchar('to_status', { length: 12 }),
    /** The values as people read them at the time (an assignee's name, a title). */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    /** Why the system made the change (routing: which rule, team and method). */
    reason: text('reason'),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'helpdesk_ticket_history_status_ck',
      sql`(${t.toStatus} is null or ${t.toStatus} in (${inList(TICKET_STATUSES)})) and (${t.fromStatus} is null or ${t.fromStatus} in (${inList(TICKET_STATUSES)}))`,
    ),
    check(
      'helpdesk_ticket_history_field_ck',
      sql`${t.field} in (${inList(TICKET_HISTORY_FIELDS)}) and (${t.field} <> 'ticket_status' or ${t.toStatus} is not null)`,
    ),
    index('helpdesk_ticket_history_ticket_idx').on(t.ticketId, t.changedAt, t.id),
  ],
);

export const conversations = pgTable(
  'helpdesk_conversation',
  {
    id: idColumn(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    message: jsonb('message').notNull(),
    /** A staff-only note: never shown on the my-tickets side, never sent to the requester. */
    internal: boolean('internal').notNull().default(false),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('helpdesk_conversation_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    index('helpdesk_conversation_sender_idx').on(t.senderId),
    index('helpdesk_conversation_recipient_idx').on(t.recipientId),
    index('helpdesk_conversation_created_idx').on(t.createdAt, t.id),
  ],
);

export const conversationCopies = pgTable(
  'helpdesk_conversation_copy',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('helpdesk_conversation_copy_user_idx').on(t.userId)],
);

/** Files on a ticket; conversation_id is set for a message's files (they still name their ticket). */
export const attachments = pgTable(
  'helpdesk_attachment',
  {
    id: idColumn(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileType: varchar('file_type', { length: 10 }).notNull(),
    size: integer('size').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    check('helpdesk_attachment_type_ck', sql`${t.fileType} in ('jpeg', 'png', 'pdf', 'docx', 'xlsx', 'txt')`),
    check('helpdesk_attachment_size_ck', sql`${t.size} > 0`),
    index('helpdesk_attachment_ticket_idx').on(t.ticketId, t.uploadedAt, t.id),
    index('helpdesk_attachment_conversation_idx').on(t.conversationId, t.uploadedAt, t.id),
    index('helpdesk_attachment_storage_key_idx').on(t.storageKey),
  ],
);

/** Reply templates with {{variables}} (spec platform §13.1): the owner's own, or shared with every agent. */
export const cannedReplies = pgTable(
  'helpdesk_canned_reply',
  {
    id: idColumn(),
    title: varchar('title', { length: 120 }).notNull(),
    body: jsonb('body').notNull().default({}),
    shared: boolean('shared').notNull().default(false),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('helpdesk_canned_reply_title_ck', sql`length(btrim(${t.title})) > 0`),
    index('helpdesk_canned_reply_owner_idx').on(t.ownerId, t.title, t.id),
    index('helpdesk_canned_reply_shared_idx').on(t.title, t.id).where(sql`${t.shared}`),
  ],
);
