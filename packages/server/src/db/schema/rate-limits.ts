import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Fixed-window rate-limit counters shared by every instance on PostgreSQL
 * (platform/shared-rate-limit.ts). UNLOGGED in migration 0014: not written to
 * the WAL nor replicated.
 */
export const rateLimitWindows = pgTable('rate_limit_window', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  hits: integer('hits').notNull(),
});
