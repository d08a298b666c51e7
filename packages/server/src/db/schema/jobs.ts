import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './identity';

/**
 * Long work (bulk change, import) run by the job runner: progress, errors per
 * row or record, and what is needed to resume after a restart and to undo.
 * At most one job per user and resource is RUNNING (the partial unique index).
 */
export const jobs = pgTable(
  'jobs_job',
  {
    id: uuid('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    resource: varchar('resource', { length: 40 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('QUEUED'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').notNull().default([]),
    params: jsonb('params').notNull().default({}),
    undoResult: jsonb('undo_result'),
    failure: text('failure'),
    /** The runner holding a RUNNING job; a batch commits only while its runner still holds it. */
    claim: uuid('claim'),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    heartbeatAt: timestamptz('heartbeat_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    check('jobs_job_status_ck', sql`${t.status} in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'UNDONE')`),
    check('jobs_job_progress_ck', sql`${t.done} >= 0 and ${t.total} >= 0`),
    index('jobs_job_owner_idx').on(t.createdById, t.createdAt, t.id),
    index('jobs_job_queue_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    uniqueIndex('jobs_job_one_running_uq')
      .on(t.createdById, t.resource)
      .where(sql`${t.status} = 'RUNNING'`),
  ],
);

/** The records a bulk change works through, fixed when it was submitted (the count the user confirmed). */
export const jobTargets = pgTable(
  'jobs_job_target',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The record's row version when the job read it: a bulk change skips a record changed since (platform.md 14.6). */
    version: integer('version'),
  },
  (t) => [primaryKey({ name: 'jobs_job_target_pk', columns: [t.jobId, t.seq] })],
);

/** What a job changed, per record, written in the same transaction as the change: the undo log. */
export const jobChanges = pgTable(
  'jobs_job_change',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    /** The changed fields' previous values (API field names), null for a created record. */
    before: jsonb('before'),
    /** The record's updated_at as the job left it: a later value means someone changed it since. */
    writtenAt: timestamptz('written_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'jobs_job_change_pk', columns: [t.jobId, t.recordId] }),
    check('jobs_job_change_action_ck', sql`${t.action} in ('create', 'update')`),
  ],
);

/**
 * An uploaded import file, kept until it is run (the run job reads it again, streaming) and swept
 * a while after its job finished, or when it did not run at all.
 */
export const imports = pgTable(
  'jobs_import',
  {
    id: uuid('id').primaryKey(),
    resource: varchar('resource', { length: 40 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileType: varchar('file_type', { length: 10 }).notNull(),
    storagePath: varchar('storage_path', { length: 500 }).notNull(),
    columns: jsonb('columns').notNull(),
    rows: integer('rows').notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The job that runs it: an import runs once, and starting it again answers this job. */
    jobId: uuid('job_id').references((): AnyPgColumn => jobs.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('jobs_import_file_type_ck', sql`${t.fileType} in ('csv', 'xlsx')`),
    index('jobs_import_owner_idx').on(t.createdById, t.createdAt),
    index('jobs_import_job_idx').on(t.jobId),
    index('jobs_import_created_at_idx').on(t.createdAt),
  ],
);
