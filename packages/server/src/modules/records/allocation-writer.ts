import type { AllocationSource } from '@ops/contract/identity/allocations.schemas';
import { uuidv7 } from '../../db/ids';
import { writeAudits, type AuditEntry } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { createAllocationRowsRepository } from './allocation-rows.repository';

// The records module's allocation write port (allocations: manual allocations and what the syncs
// derive; the demo seed). Every row added or removed is written to the audit trail in the caller's
// transaction. The caller forgets the users' cached permissions when it sees fit (before or after
// its commit, as it did before the port).

/** A manual allocation: one user to exactly one legal entity, client or cost centre. */
export interface ManualAllocation {
  id?: string;
  userId: string;
  legalEntityId?: string | null;
  clientId?: string | null;
  costCentreId?: string | null;
}

/** What a sync says a person's cost centre is. */
export interface DerivedAllocation {
  userId: string;
  costCentreId: string;
}

/** Rows the writer added or removed: their ids and whose they were. */
export interface AllocationChange {
  id: string;
  userId: string;
}

const BATCH = 1000;

const snapshotOf = (row: {
  userId: string;
  legalEntityId?: string | null;
  clientId?: string | null;
  costCentreId?: string | null;
  source: string;
}) => ({
  user: row.userId,
  legal_entity: row.legalEntityId ?? null,
  client: row.clientId ?? null,
  cost_centre: row.costCentreId ?? null,
  source: row.source,
});

async function audit(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += BATCH) await writeAudits(db, entries.slice(i, i + BATCH));
}

/** The allocation writer bound to one executor (a transaction, for a write of several steps). */
export function allocationWriterFor(db: DbOrTx) {
  const rows = createAllocationRowsRepository(db);
  return {
    /**
     * Replaces the rows one sync derived by `desired` (manual rows are never touched): adds what is
     * new, removes what the source no longer says, in batches of 1,000, each audited (no actor).
     */
    async replaceDerived(
      source: Exclude<AllocationSource, 'MANUAL'>,
      desired: DerivedAllocation[],
    ): Promise<{ added: AllocationChange[]; removed: AllocationChange[] }> {
      const existing = await rows.derivedAllocations(source);
      const key = (userId: string, costCentreId: string | null) => `${userId}/${costCentreId}`;
      const want = new Map(desired.map((row) => [key(row.userId, row.costCentreId), row]));
      const have = new Map(existing.map((row) => [key(row.userId, row.costCentreId), row]));
      const toAdd = [...want.entries()]
        .filter(([k]) => !have.has(k))
        .map(([, row]) => ({ id: uuidv7(), userId: row.userId, costCentreId: row.costCentreId, source }));
      const toRemove = [...have.entries()].filter(([k]) => !want.has(k)).map(([, row]) => row);
      for (let i = 0; i < toAdd.length; i += BATCH) await rows.insertAllocations(toAdd.slice(i, i + BATCH));
      for (let i = 0; i < toRemove.length; i += BATCH)
        await rows.deleteAllocations(toRemove.slice(i, i + BATCH).map((row) => row.id));
      await audit(db, [
        ...toAdd.map((row) => ({
          model: 'allocation',
          recordId: row.id,
          action: 'create' as const,
          userId: null,
          before: null,
          after: snapshotOf(row),
        })),
        ...toRemove.map((row) => ({
          model: 'allocation',
          recordId: row.id,
          action: 'delete' as const,
          userId: null,
          before: snapshotOf({ ...row, source }),
          after: null,
        })),
      ]);
      return { added: toAdd, removed: toRemove };
    },

    /**
     * Adds manual allocations by `actorId` (null: the system), leaving out any the user already has
     * (the unique indexes); answers the rows added, each audited.
     */
    async addManual(allocations: ManualAllocation[], actorId: string | null): Promise<AllocationChange[]> {
      const values = allocations.map((row) => ({ ...row, id: row.id ?? uuidv7(), source: 'MANUAL' }));
      const inserted = new Set(await rows.insertAllocations(values));
      const added = values.filter((row) => inserted.has(row.id));
      await audit(
        db,
        added.map((row) => ({
          model: 'allocation',
          recordId: row.id,
          action: 'create' as const,
          userId: actorId,
          before: null,
          after: snapshotOf(row),
        })),
      );
      return added;
    },

    /** Removes one allocation (any source) by `actorId`, audited; null when there is none. */
    async remove(id: string, actorId: string): Promise<AllocationChange | null> {
      const row = await rows.deleteAllocation(id);
      if (!row) return null;
      await audit(db, [
        { model: 'allocation', recordId: id, action: 'delete', userId: actorId, before: snapshotOf(row), after: null },
      ]);
      return row;
    },
  };
}

export type AllocationWriter = ReturnType<typeof allocationWriterFor>;
