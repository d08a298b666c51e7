import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '@ops/contract/audit/audit.values';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';

/** Who changed which record when, with each changed field's old and new value. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    model: varchar('model', { length: 50 }).notNull(),
    /** The record changed; null for an event about no record (a failed sign-in of an unknown account, an export). */
    recordId: uuid('record_id'),
    action: varchar('action', { length: 20 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamptz('at').notNull().defaultNow(),
    changes: jsonb('changes').notNull().default({}),
    /** Where the request came from (sign-ins, exports, erasures; null for changes made by jobs). */
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    check('audit_log_action_ck', sql`${t.action} in (${sql.raw(AUDIT_ACTIONS.map((a) => `'${a}'`).join(', '))})`),
    index('audit_log_record_idx').on(t.model, t.recordId, t.at, t.id),
    index('audit_log_user_idx').on(t.userId, t.at),
    // Home's dashboard: one model's newest entries (0013).
    // The audit trail list (platform.md 14.6): newest first, by action, and the nightly purge per action.
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_action_at_idx').on(t.action, t.at),
    index('audit_log_model_at_idx').on(t.model, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** How long each action's entries are kept (platform.md 14.6, `audit/retention/`): days, or null (forever, also without a row). */
export const auditRetention = pgTable(
  'audit_retention',
  {
    action: varchar('action', { length: 20 }).primaryKey(),
    days: integer('days'),
  },
  (t) => [check('audit_retention_days_ck', sql`${t.days} is null or ${t.days} between 1 and 36500`)],
);
