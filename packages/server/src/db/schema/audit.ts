import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';

/** Who changed which record when, with each changed field's old and new value. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    model: varchar('model', { length: 50 }).notNull(),
    recordId: uuid('record_id').notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamptz('at').notNull().defaultNow(),
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    check('audit_log_action_ck', sql`${t.action} in ('create', 'update', 'delete')`),
    index('audit_log_record_idx').on(t.model, t.recordId, t.at, t.id),
    index('audit_log_user_idx').on(t.userId, t.at),
    // Home's dashboard: one model's newest entries (0013).
    index('audit_log_model_at_idx').on(t.model, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
