import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';
import { costCentres } from './records';
import { tickets } from './helpdesk';

/**
 * Site check templates (spec platform §14.1): the current steps and version; every version a run
 * was started with is kept in sitechecks_template_version.
 */
export const siteCheckTemplates = pgTable('sitechecks_template', {
  id: idColumn(),
  name: varchar('name', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
  /**
   * The row's version for conditional writes (ETag / If-Match, platform.md 14.6), raised by the
   * sitechecks_row_version_bump trigger on every UPDATE that changes the row. Not `version`, which
   * counts the steps' versions runs keep.
   */
  rowVersion: integer('row_version').notNull().default(1),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The steps of each version of a template; a run answers against the version it started with. */
export const siteCheckTemplateVersions = pgTable(
  'sitechecks_template_version',
  {
    id: idColumn(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => siteCheckTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    steps: jsonb('steps').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sitechecks_template_version_uq').on(t.templateId, t.version)],
);

/** When a template is due at a cost centre: an RFC 5545 rule in a time zone, with an open window. */
export const siteCheckSchedules = pgTable(
  'sitechecks_schedule',
  {
    id: idColumn(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => siteCheckTemplates.id),
    costCentreId: uuid('cost_centre_id')
      .notNull()
      .references(() => costCentres.id),
    rrule: varchar('rrule', { length: 500 }).notNull(),
    timezone: varchar('timezone', { length: 64 }).notNull(),
    windowMinutes: integer('window_minutes').notNull().default(120),
    /** User ids; empty: the users allocated to the cost centre. */
    assignees: jsonb('assignees').notNull().default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    /** Runs exist up to this instant (the generator's high-water mark). */
    generatedUntil: timestamptz('generated_until'),
    /**
     * The row's version for conditional writes (ETag / If-Match), raised by the
     * sitechecks_row_version_bump trigger on every UPDATE except the generator's own mark.
     */
    rowVersion: integer('row_version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('sitechecks_schedule_window_ck', sql`${t.windowMinutes} between 1 and 10080`),
    index('sitechecks_schedule_cost_centre_idx').on(t.costCentreId),
    index('sitechecks_schedule_template_idx').on(t.templateId),
    // No index on generated_until (migration 0032): the job's mark of every schedule it extends is
    // then a HOT update (the table's fillfactor 50 leaves the room); the job's claim reads the
    // schedules in id order (its keyset) and filters, which it did with that index too.
  ],
);

export const SITE_CHECK_RUN_STATUSES = ['DUE', 'IN_PROGRESS', 'DONE', 'FAILED', 'MISSED'] as const;

/** One due (or ad-hoc) check at a cost centre. A schedule's run is unique per due instant. */
export const siteCheckRuns = pgTable(
  'sitechecks_run',
  {
    id: idColumn(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => siteCheckTemplates.id),
    templateVersion: integer('template_version').notNull(),
    scheduleId: uuid('schedule_id').references(() => siteCheckSchedules.id, { onDelete: 'set null' }),
    costCentreId: uuid('cost_centre_id')
      .notNull()
      .references(() => costCentres.id),
    dueAt: timestamptz('due_at').notNull(),
    closesAt: timestamptz('closes_at').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('DUE'),
    failedSteps: jsonb('failed_steps').notNull().default(sql`'[]'::jsonb`),
    completedById: uuid('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamptz('completed_at'),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('sitechecks_run_status_ck', sql`${t.status} in ('DUE', 'IN_PROGRESS', 'DONE', 'FAILED', 'MISSED')`),
    uniqueIndex('sitechecks_run_schedule_due_uq').on(t.scheduleId, t.dueAt),
    index('sitechecks_run_cost_centre_due_idx').on(t.costCentreId, t.dueAt),
    index('sitechecks_run_open_closes_idx').on(t.closesAt).where(sql`${t.status} in ('DUE', 'IN_PROGRESS')`),
    // Today (open runs due today, soonest first): at the viewer's sites, one range per allocated
    // cost centre; for a viewer nothing bounds, the day's open runs already in the page's order.
    index('sitechecks_run_open_site_due_idx').on(t.costCentreId, t.dueAt).where(sql`${t.status} in ('DUE', 'IN_PROGRESS')`),
    index('sitechecks_run_open_due_idx').on(t.dueAt, t.id).where(sql`${t.status} in ('DUE', 'IN_PROGRESS')`),
    index('sitechecks_run_template_idx').on(t.templateId),
  ],
);

/** One answer per step of a run (a later answer replaces it); a photo or signature is a stored file. */
export const siteCheckAnswers = pgTable(
  'sitechecks_answer',
  {
    id: idColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => siteCheckRuns.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    value: jsonb('value'),
    ok: boolean('ok').notNull(),
    note: text('note').notNull().default(''),
    photoId: uuid('photo_id'),
    photoKey: varchar('photo_key', { length: 300 }),
    photoName: varchar('photo_name', { length: 255 }),
    photoType: varchar('photo_type', { length: 10 }),
    photoSize: integer('photo_size'),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamptz('answered_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sitechecks_answer_run_key_uq').on(t.runId, t.key)],
);

/**
 * The idempotency keys of the answers a run took (issue 31: "never sent twice"): the device gives
 * each answer a key when it is given; a repeated key is answered without writing again. Kept apart
 * from sitechecks_answer because a later answer to the step replaces that row, not the keys it took.
 */
export const siteCheckAnswerKeys = pgTable(
  'sitechecks_answer_key',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => siteCheckRuns.id, { onDelete: 'cascade' }),
    idempotencyKey: uuid('idempotency_key').notNull(),
    stepKey: varchar('step_key', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sitechecks_answer_key_pk', columns: [t.runId, t.idempotencyKey] })],
);
