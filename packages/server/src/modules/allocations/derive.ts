import type { AllocationSource } from '@ops/contract/identity/allocations.schemas';
import type { Provider } from '@ops/contract/integrations/sync-runs.schemas';
import type { DbOrTx } from '../../platform/db';
import { allocationWriterFor } from '../records/index';
import { permissionCache } from '../identity/index';
import { createAllocationsRepository } from './allocations.repository';

/**
 * Allocations the syncs derive (spec platform §13.3): each person's cost centre, from
 * the payroll (an active employee's cost centre code) or the directory (a
 * directory user's cost centre), matched to an active user by e-mail
 * (case-insensitive) and to our cost centre by code (allocations.repository.ts,
 * `desiredDerived`). The derived rows of one source are replaced by what the source
 * says now through the records' allocation writer; manual rows are never touched.
 * Every row added or removed is written to the audit trail.
 */
export const DERIVING_PROVIDERS: Partial<Record<Provider, 'PAYROLL' | 'DIRECTORY'>> = {
  adp: 'PAYROLL',
  'google-sync': 'DIRECTORY',
};

export interface DerivedChanges {
  added: number;
  removed: number;
}

export async function deriveAllocations(db: DbOrTx, source: 'PAYROLL' | 'DIRECTORY'): Promise<DerivedChanges> {
  const desired = await createAllocationsRepository(db).desiredDerived(source);
  const { added, removed } = await allocationWriterFor(db).replaceDerived(source, desired);
  for (const row of [...added, ...removed]) permissionCache.forget(row.userId);
  return { added: added.length, removed: removed.length };
}

export type DerivedSource = Exclude<AllocationSource, 'MANUAL'>;
