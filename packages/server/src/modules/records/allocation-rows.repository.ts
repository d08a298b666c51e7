import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { allocations } from '../../db/schema/records';

export type AllocationRow = typeof allocations.$inferSelect;
export type AllocationInsert = typeof allocations.$inferInsert;

/**
 * The writes of allocation rows (`records_allocation`) and the read the derivation diffs against;
 * other modules reach them only through the allocation writer (allocation-writer.ts, on the face).
 */
export function createAllocationRowsRepository(db: DbOrTx) {
  return {
    /** The rows one sync derived (PAYROLL or DIRECTORY). */
    derivedAllocations(source: string): Promise<Pick<AllocationRow, 'id' | 'userId' | 'costCentreId'>[]> {
      return db
        .select({ id: allocations.id, userId: allocations.userId, costCentreId: allocations.costCentreId })
        .from(allocations)
        .where(eq(allocations.source, source));
    },

    /** Inserts the rows a unique index does not already hold (one statement); answers the ids inserted. */
    async insertAllocations(rows: AllocationInsert[]): Promise<string[]> {
      if (!rows.length) return [];
      const inserted = await db.insert(allocations).values(rows).onConflictDoNothing().returning({ id: allocations.id });
      return inserted.map((row) => row.id);
    },

    async deleteAllocations(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(allocations).where(idIn(allocations.id, ids));
    },

    /** Deletes one row and answers it, or undefined when there was none. */
    async deleteAllocation(id: string): Promise<AllocationRow | undefined> {
      const [row] = await db.delete(allocations).where(eq(allocations.id, id)).returning();
      return row;
    },
  };
}
