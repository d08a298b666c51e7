import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from './columns';

/** int64 kept as a decimal string end to end (drivers hand back bigint or number; both become text). */
export const int64 = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
});

/** One execution of a connector: what it read and changed, or why it failed. */
export const syncRuns = pgTable(
  'integration_sync_run',
  {
    id: idColumn(),
    connector: varchar('connector', { length: 20 }).notNull(),
    trigger: varchar('trigger', { length: 10 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsInserted: integer('rows_inserted').notNull().default(0),
    rowsUpdated: integer('rows_updated').notNull().default(0),
    rowsDeleted: integer('rows_deleted').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    check('integration_sync_run_connector_ck', sql`${t.connector} in ('google-sync', 'dynamics', 'buylink', 'adp')`),
    check('integration_sync_run_trigger_ck', sql`${t.trigger} in ('cli', 'schedule')`),
    check('integration_sync_run_status_ck', sql`${t.status} in ('running', 'succeeded', 'failed')`),
    check('integration_sync_run_rows_ck', sql`${t.rowsRead} >= 0 and ${t.rowsInserted} >= 0 and ${t.rowsUpdated} >= 0 and ${t.rowsDeleted} >= 0`),
    index('integration_sync_run_started_idx').on(t.startedAt.desc(), t.id),
    index('integration_sync_run_connector_idx').on(t.connector, t.startedAt.desc()),
    index('integration_sync_run_status_idx').on(t.status),
  ],
);
