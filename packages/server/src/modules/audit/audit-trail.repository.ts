import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, auditEntrySchema, type AuditActionKind, type AuditEntry } from '@ops/contract/audit/audit.schemas';
import { auditLog, auditRetention } from '../../db/schema/audit';
import type { DbOrTx } from '../../platform/db';
import { defineListResource } from '../../list-query/list-resource';
import { rowsOf } from '../../list-query/list-page';
import { users, usersResource } from '../identity/index';

/** `GET audit/` (platform.md 14.6): the list engine's resource over the one audit table. */
export const auditTrailResource = defineListResource({
  name: 'audit',
  table: auditLog,
  id: auditLog.id,
  model: 'auditentry',
  fields: {
    id: { kind: 'uuid', column: auditLog.id, order: true },
    at: { kind: 'datetime', column: auditLog.at, order: true },
    action: { kind: 'enum', column: auditLog.action, enumValues: AUDIT_ACTIONS, order: true },
    user: { kind: 'uuid', column: auditLog.userId, relation: () => usersResource },
    model: { kind: 'text', column: auditLog.model, order: true },
    record_id: { kind: 'uuid', column: auditLog.recordId },
    ip: { kind: 'text', column: auditLog.ip, order: true },
  },
  search: ['model', 'ip'],
  defaultOrdering: ['-at', '-id'],
  itemSchema: auditEntrySchema,
});

/** Retention per action: a null-prototype-free Map, so no action name ever becomes an object property. */
export type Retention = Map<AuditActionKind, number | null>;

export function createAuditTrailRepository(db: DbOrTx) {
  return {
    async entriesByIds(ids: string[]): Promise<AuditEntry[]> {
      const rows = await db
        .select({ entry: auditLog, user: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(inArray(auditLog.id, ids));
      return rows.map(({ entry, user }) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        user: user ? { id: user.id, full_name: `${user.firstName} ${user.lastName}`.trim() } : null,
        action: entry.action as AuditActionKind,
        model: entry.model,
        record_id: entry.recordId,
        changes: (entry.changes ?? {}) as Record<string, unknown>,
        ip: entry.ip,
      }));
    },

    async retention(): Promise<Retention> {
      const rows = await db.select().from(auditRetention);
      const kept: Retention = new Map(AUDIT_ACTIONS.map((action) => [action, null]));
      for (const row of rows) if (kept.has(row.action as AuditActionKind)) kept.set(row.action as AuditActionKind, row.days);
      return kept;
    },

    async setRetention(retention: Retention): Promise<void> {
      const rows = [...retention].map(([action, days]) => ({ action, days }));
      await db
        .insert(auditRetention)
        .values(rows)
        .onConflictDoUpdate({ target: auditRetention.action, set: { days: sql`excluded.days` } });
    },

    /** Deletes one action's entries older than `before`; answers how many. */
    async purge(action: AuditActionKind, before: Date): Promise<number> {
      const deleted = await db
        .delete(auditLog)
        .where(and(eq(auditLog.action, action), lt(auditLog.at, before)))
        .returning({ id: auditLog.id });
      return deleted.length;
    },

    /** Only one instance purges at a time: a transaction-scoped advisory lock, skipped when taken. */
    async tryPurgeLock(): Promise<boolean> {
      const result = await db.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(7245036, 1) as locked`);
      return Boolean(rowsOf<{ locked: boolean }>(result)[0]?.locked);
    },
  };
}

export type AuditTrailRepository = ReturnType<typeof createAuditTrailRepository>;
