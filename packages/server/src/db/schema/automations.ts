import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';

/**
 * Automation rules (spec platform §14.3). `version` is the rule's own version (read-only in the API):
 * every saved change adds one and keeps the whole rule in automation_rule_version, so a version can be
 * restored. `next_run_at` is when a `schedule` rule fires next (croner, in the rule's time zone).
 */
export const automationRules = pgTable(
  'automation_rule',
  {
    id: idColumn(),
    name: varchar('name', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    event: varchar('event', { length: 40 }).notNull(),
    model: varchar('model', { length: 40 }),
    cron: varchar('cron', { length: 120 }),
    timezone: varchar('timezone', { length: 64 }),
    conditions: jsonb('conditions').notNull().default({}),
    changed: jsonb('changed').notNull().default([]),
    actions: jsonb('actions').notNull().default([]),
    version: integer('version').notNull().default(1),
    nextRunAt: timestamptz('next_run_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('automation_rule_name_ck', sql`length(btrim(${t.name})) > 0`),
    index('automation_rule_event_idx').on(t.event, t.active),
    index('automation_rule_next_run_idx').on(t.nextRunAt).where(sql`${t.event} = 'schedule' and ${t.active}`),
  ],
);

/** Every saved state of a rule (its fields as the API shows them), for the versions list and restore. */
export const automationRuleVersions = pgTable(
  'automation_rule_version',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.version] })],
);

/**
 * The automation outbox: an event written in the transaction that caused it (so it exists exactly when
 * that transaction committed), claimed by one instance with FOR UPDATE SKIP LOCKED after the commit.
 * `depth` counts how many rule actions led to it; `origin_rules` the rules whose changes caused it.
 */
export const automationEvents = pgTable(
  'automation_event',
  {
    id: idColumn(),
    event: varchar('event', { length: 40 }).notNull(),
    model: varchar('model', { length: 40 }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    changedFields: jsonb('changed_fields').notNull().default([]),
    depth: integer('depth').notNull().default(0),
    originRules: jsonb('origin_rules').notNull().default([]),
    /** Only this rule (a schedule's firing), else every active rule of the event. */
    ruleId: uuid('rule_id'),
    status: varchar('status', { length: 10 }).notNull().default('QUEUED'),
    claim: uuid('claim'),
    heartbeatAt: timestamptz('heartbeat_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('automation_event_status_ck', sql`${t.status} in ('QUEUED', 'RUNNING', 'DONE')`),
    index('automation_event_queue_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
  ],
);

/** One rule's run on one event: unique per (event, rule), so a run is never repeated. */
export const automationRuns = pgTable(
  'automation_run',
  {
    id: idColumn(),
    eventId: uuid('event_id'),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    ruleVersion: integer('rule_version').notNull(),
    event: varchar('event', { length: 40 }).notNull(),
    subjectModel: varchar('subject_model', { length: 40 }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    outcome: varchar('outcome', { length: 10 }).notNull(),
    actions: jsonb('actions').notNull().default([]),
  },
  (t) => [
    check('automation_run_outcome_ck', sql`${t.outcome} in ('SUCCEEDED', 'FAILED', 'SKIPPED')`),
    uniqueIndex('automation_run_event_rule_uq').on(t.eventId, t.ruleId, t.subjectId),
    index('automation_run_rule_idx').on(t.ruleId, t.at),
    index('automation_run_at_idx').on(t.at, t.id),
  ],
);

/** Webhooks (Standard Webhooks): the secret is kept to sign with, and shown only when created. */
export const webhooks = pgTable(
  'automation_webhook',
  {
    id: idColumn(),
    name: varchar('name', { length: 200 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    events: jsonb('events').notNull().default([]),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('automation_webhook_name_ck', sql`length(btrim(${t.name})) > 0`)],
);

/**
 * A webhook message and its attempts: PENDING until a 2xx answer (SUCCEEDED) or 24 hours of
 * retries with backoff (FAILED). `message_id` is the webhook-id header, the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  'automation_webhook_delivery',
  {
    id: idColumn(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    messageId: varchar('message_id', { length: 60 }).notNull(),
    event: varchar('event', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    attempt: integer('attempt').notNull().default(0),
    firstAt: timestamptz('first_at').notNull().defaultNow(),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    at: timestamptz('at'),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    claim: uuid('claim'),
    claimedAt: timestamptz('claimed_at'),
  },
  (t) => [
    check('automation_webhook_delivery_status_ck', sql`${t.status} in ('PENDING', 'SUCCEEDED', 'FAILED')`),
    index('automation_webhook_delivery_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('automation_webhook_delivery_webhook_idx').on(t.webhookId, t.firstAt, t.id),
  ],
);
