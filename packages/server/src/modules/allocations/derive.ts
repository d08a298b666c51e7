import { sql } from 'drizzle-orm';
import type { AllocationSource } from '@ops/contract/identity/allocations.schemas';
import type { Provider } from '@ops/contract/integrations/sync-runs.schemas';
import { allocations } from '../records/index';
import { uuidv7 } from '../../db/ids';
import type { DbOrTx } from '../../platform/db';
import { writeAudits } from '../../platform/audit';
import { idIn, rowsOf } from '../../list-query/list-page';
import { permissionCache } from '../identity/index';

/**
 * Allocations the syncs derive (spec platform §13.3): each person's cost centre, from
 * the payroll (an active employee's cost centre code) or the directory (a
 * directory user's cost centre), matched to an active user by e-mail
 * (case-insensitive) and to our cost centre by code. The derived rows of one
 * source are replaced by what the source says now; manual rows are never
 * touched. Every row added or removed is written to the audit trail.
 */
const DESIRED: Record<'PAYROLL' | 'DIRECTORY', ReturnType<typeof sql>> = {
  PAYROLL: sql`select distinct u.id as user_id, cc.id as cost_centre_id
    from adp_employee e
    join auth_user u on lower(u.email) = lower(e.email) and u.is_active
    join operations_cost_centre cc on cc.code = e.cost_centre_code
    where e.status = 'Active' and e.email is not null`,
  DIRECTORY: sql`select distinct u.id as user_id, cc.id as cost_centre_id
    from google_directory_user d
    join auth_user u on lower(u.email) = lower(d.primary_email) and u.is_active
    join operations_cost_centre cc on cc.code = d.cost_centre`,
};

export const DERIVING_PROVIDERS: Partial<Record<Provider, 'PAYROLL' | 'DIRECTORY'>> = {
  adp: 'PAYROLL',
  'google-sync': 'DIRECTORY',
};

export interface DerivedChanges {
  added: number;
  removed: number;
}

export async function deriveAllocations(db: DbOrTx, source: 'PAYROLL' | 'DIRECTORY'): Promise<DerivedChanges> {
  const desired = rowsOf<{ user_id: string; cost_centre_id: string }>(await db.execute(DESIRED[source]));
  const existing = await db
    .select({ id: allocations.id, userId: allocations.userId, costCentreId: allocations.costCentreId })
    .from(allocations)
    .where(sql`${allocations.source} = ${source}`);
  const key = (userId: string, costCentreId: string | null) => `${userId}/${costCentreId}`;
  const want = new Map(desired.map((row) => [key(row.user_id, row.cost_centre_id), row]));
  const have = new Map(existing.map((row) => [key(row.userId, row.costCentreId), row]));
  const toAdd = [...want.entries()]
    .filter(([k]) => !have.has(k))
    .map(([, row]) => ({ id: uuidv7(), userId: row.user_id, costCentreId: row.cost_centre_id, source }));
  const toRemove = [...have.entries()].filter(([k]) => !want.has(k)).map(([, row]) => row);
  const snapshotOf = (row: { userId: string; costCentreId: string | null }) => ({
    user: row.userId,
    legal_entity: null,
    client: null,
    cost_centre: row.costCentreId,
    source,
  });
  for (let i = 0; i < toAdd.length; i += 1000)
    await db
      .insert(allocations)
      .values(toAdd.slice(i, i + 1000))
      .onConflictDoNothing();
  for (let i = 0; i < toRemove.length; i += 1000)
    await db.delete(allocations).where(
      idIn(
        allocations.id,
        toRemove.slice(i, i + 1000).map((row) => row.id),
      ),
    );
  const audits = [
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
      before: snapshotOf(row),
      after: null,
    })),
  ];
  for (let i = 0; i < audits.length; i += 1000) await writeAudits(db, audits.slice(i, i + 1000));
  for (const row of [...toAdd, ...toRemove]) permissionCache.forget(row.userId);
  return { added: toAdd.length, removed: toRemove.length };
}

export type DerivedSource = Exclude<AllocationSource, 'MANUAL'>;
