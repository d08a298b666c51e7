import { index, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './identity';

/**
 * Who has which record's edit form open (platform.md 14.6): a row per person and record, refreshed by
 * the form every 20 s; a row not refreshed for a minute is someone who left without saying so.
 */
export const presenceEditors = pgTable(
  'presence_editor',
  {
    model: varchar('model', { length: 30 }).notNull(),
    recordId: uuid('record_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamptz('since').notNull().defaultNow(),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'presence_editor_pk', columns: [t.model, t.recordId, t.userId] }), index('presence_editor_seen_idx').on(t.seenAt)],
);
