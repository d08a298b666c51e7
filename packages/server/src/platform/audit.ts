import { and, eq, inArray } from 'drizzle-orm';
import { historyEntrySchema } from '@ops/contract/common/audit';
import { auditLog } from '../db/schema/audit';
import { users } from '../db/schema/identity';
import { listPage } from '../list-query/list-endpoint';
import type { ListRequest } from '../list-query/list-request';
import { defineListResource, type ListResource } from '../list-query/list-resource';
import { changeNames } from '../list-query/relation-names';
import type { DbOrTx } from './db';
import type { AuditActionKind } from '@ops/contract/audit/audit.values';

/**
 * The audit trail shared by every module that keeps business records: one row
 * per create, update or delete, written in the same transaction as the change,
 * with the changed fields as `{field: [old, new]}` in API field names.
 */
export type AuditAction = 'create' | 'update' | 'delete';
export type Snapshot = Record<string, unknown>;
export type Changes = Record<string, [unknown, unknown]>;

const NOT_AUDITED = new Set(['id', 'createdAt', 'updatedAt', 'createdById', 'updatedById', 'version']);

/** Column key -> API field name, computed once per key (an import snapshots every column of 100,000 rows). */
const API_NAMES = new Map<string, string>();

function apiName(key: string): string {
  let name = API_NAMES.get(key);
  if (name === undefined) {
    const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    name = snake.endsWith('_id') ? snake.slice(0, -3) : snake;
    if (API_NAMES.size < 10_000) API_NAMES.set(key, name);
  }
  return name;
}

/**
 * Whether two snapshot values serialise to the same JSON, without serialising the common case:
 * identical primitives are equal, different strings / booleans / finite numbers / null differ;
 * objects, non-finite numbers (NaN is `null` in JSON) and anything else are compared as JSON.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const plainA = a === null || typeof a === 'string' || typeof a === 'boolean' || (typeof a === 'number' && Number.isFinite(a));
  const plainB = b === null || typeof b === 'string' || typeof b === 'boolean' || (typeof b === 'number' && Number.isFinite(b));
  if (plainA && plainB) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

/** A row (Drizzle's camelCase keys) as API field names and JSON values, without audit columns. */
export function snapshotOf(row: Record<string, unknown>, extra: Snapshot = {}): Snapshot {
  const snapshot: Snapshot = {};
  for (const key in row) {
    if (Object.hasOwn(row, key) && !NOT_AUDITED.has(key)) snapshot[apiName(key)] = plain(row[key]);
  }
  for (const key in extra) if (Object.hasOwn(extra, key)) snapshot[key] = extra[key];
  return snapshot;
}

export function diffSnapshots(before: Snapshot | null, after: Snapshot | null): Changes {
  const changes: Changes = {};
  // The fields of either snapshot, before's first (in their order), then after's others.
  if (before)
    for (const key in before) {
      if (!Object.hasOwn(before, key)) continue;
      const old = before[key] ?? null;
      const next = after ? (after[key] ?? null) : null;
      if (!sameJson(old, next)) changes[key] = [old, next];
    }
  if (after)
    for (const key in after) {
      if (!Object.hasOwn(after, key) || (before && Object.hasOwn(before, key))) continue;
      const next = after[key] ?? null;
      if (!sameJson(null, next)) changes[key] = [null, next];
    }
  return changes;
}

export interface AuditEntry {
  model: string;
  recordId: string;
  action: AuditAction;
  userId: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
}

/** Writes one entry; an update that changed nothing is not recorded. */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const changes = diffSnapshots(entry.before, entry.after);
  if (entry.action === 'update' && !Object.keys(changes).length) return;
  await db
    .insert(auditLog)
    .values({ model: entry.model, recordId: entry.recordId, action: entry.action, userId: entry.userId, changes });
}

/** The audit rows of `entries` (an update that changed nothing has none). */
export function auditRows(entries: AuditEntry[]): (typeof auditLog.$inferInsert)[] {
  return entries
    .map((entry) => ({ entry, changes: diffSnapshots(entry.before, entry.after) }))
    .filter(({ entry, changes }) => entry.action !== 'update' || Object.keys(changes).length)
    .map(({ entry, changes }) => ({
      model: entry.model,
      recordId: entry.recordId,
      action: entry.action,
      userId: entry.userId,
      changes,
    }));
}

/**
 * One audit entry that is not a record change (platform.md 14.6): a sign-in, failed sign-in,
 * sign-out, export, permission or second-factor change, or an erasure, with what happened in
 * `changes` and the request's address.
 */
export interface AuditEvent {
  action: Exclude<AuditActionKind, AuditAction>;
  userId: string | null;
  model: string;
  recordId?: string | null;
  changes?: Record<string, unknown>;
  ip?: string | null;
}

export async function recordAuditEvent(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    userId: event.userId,
    model: event.model.slice(0, 50),
    recordId: event.recordId ?? null,
    changes: event.changes ?? {},
    ip: event.ip?.slice(0, 64) ?? null,
  });
}

export async function writeAudits(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  const rows = auditRows(entries);
  if (rows.length) await db.insert(auditLog).values(rows);
}

export const auditHistoryResource = defineListResource({
  name: 'history',
  table: auditLog,
  id: auditLog.id,
  fields: {
    id: { kind: 'uuid', column: auditLog.id, order: true },
    action: { kind: 'enum', column: auditLog.action, enumValues: ['create', 'update', 'delete'] },
    at: { kind: 'datetime', column: auditLog.at, order: true },
    user: { kind: 'uuid', column: auditLog.userId },
  },
  search: [],
  defaultOrdering: ['-at', '-id'],
  itemSchema: historyEntrySchema,
});

/**
 * One record's history page, newest first: count, page ids, then entries with their users and the
 * names of the related records their changes point at (`subject` declares the relation fields).
 */
export function auditHistory(db: DbOrTx, list: ListRequest, model: string, recordId: string, subject?: ListResource) {
  const where = and(eq(auditLog.model, model), eq(auditLog.recordId, recordId));
  const hydrate = async (ids: string[]) => {
    const rows = await db
      .select({ entry: auditLog, user: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(inArray(auditLog.id, ids));
    const entries = rows.map(({ entry, user }) => ({
      id: entry.id,
      action: entry.action as AuditAction,
      at: entry.at.toISOString(),
      user: user ? { id: user.id, full_name: `${user.firstName} ${user.lastName}`.trim() } : null,
      changes: entry.changes as Changes,
    }));
    const names = subject ? await changeNames(db, subject, list.viewer, entries) : [];
    return entries.map((entry, index) => ({ ...entry, names: names[index] ?? {} }));
  };
  return listPage(db, list, { resource: auditHistoryResource, where, hydrate });
}
