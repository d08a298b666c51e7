import type { Allocation, AllocationDrift, AllocationInput } from '@ops/contract/identity/allocations.schemas';
import type { Paginated } from '@ops/contract/common/pagination';
import { allocationWriterFor } from '../records/index';
import { uuidv7 } from '../../db/ids';
import type { Db } from '../../platform/db';
import { COMMON_ERRORS, notFound } from '../../platform/errors';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { permissionCache } from '../identity/index';
import { allocationsResource } from './allocations.resource';
import { createAllocationsRepository, type AllocationTarget } from './allocations.repository';
import { ALLOCATIONS_ERRORS } from './allocations.errors';

const TARGETS: readonly AllocationTarget[] = ['legal_entity', 'client', 'cost_centre'];
const fullName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/** Manual allocation management (spec platform §13.3); derived rows come from derive.ts during the payroll and directory syncs. */
export function createAllocationsService(db: Db) {
  const repository = createAllocationsRepository(db);

  async function hydrate(ids: string[]): Promise<Allocation[]> {
    if (!ids.length) return [];
    const rows = await repository.allocationViews(ids);
    return rows.map((r) => ({
      id: r.id,
      user: { id: r.userId, full_name: fullName(r.firstName, r.lastName, r.email), email: r.email },
      legal_entity: r.legalEntityId ? { id: r.legalEntityId, name: r.legalEntityName! } : null,
      client: r.clientId ? { id: r.clientId, name: r.clientName! } : null,
      cost_centre: r.costCentreId ? { id: r.costCentreId, name: r.costCentreName!, code: r.costCentreCode! } : null,
      source: r.source as Allocation['source'],
      created_at: r.createdAt.toISOString(),
    }));
  }

  return {
    list(list: ListRequest) {
      return listPage(db, list, { resource: allocationsResource, hydrate });
    },

    async get(id: string): Promise<Allocation> {
      const [item] = await hydrate([id]);
      if (!item) throw notFound();
      return item;
    },

    async create(input: AllocationInput, actorId: string): Promise<Allocation> {
      const chosen = TARGETS.filter((target) => input[target]);
      if (chosen.length !== 1) throw ALLOCATIONS_ERRORS.error('EXACTLY_ONE_TARGET');
      const target = chosen[0]!;
      const targetId = input[target]!;
      const values = {
        id: uuidv7(),
        userId: input.user,
        legalEntityId: target === 'legal_entity' ? targetId : null,
        clientId: target === 'client' ? targetId : null,
        costCentreId: target === 'cost_centre' ? targetId : null,
      };
      // One statement checks the user and the target exist (400 naming the field otherwise).
      const found = await repository.manualAllocationCheck(input.user, target, targetId);
      if (!found?.user) throw COMMON_ERRORS.onField('user', 'INVALID_PK', input.user);
      if (!found.target) throw COMMON_ERRORS.onField(target, 'INVALID_PK', targetId);
      if (found.duplicate) throw ALLOCATIONS_ERRORS.onField(target, 'ALREADY_ALLOCATED');
      // The row and its audit entry in one transaction; one added since the check is the same duplicate.
      const added = await db.transaction((tx) => allocationWriterFor(tx).addManual([values], actorId));
      if (!added.length) throw ALLOCATIONS_ERRORS.onField(target, 'ALREADY_ALLOCATED');
      permissionCache.forget(values.userId);
      return this.get(values.id);
    },

    async remove(id: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await allocationWriterFor(tx).remove(id, actorId);
        if (!row) throw notFound();
        permissionCache.forget(row.userId);
      });
    },

    /** Where manual and derived allocations disagree, per user and cost centre (allocations.repository.ts, `driftRows`), paged. */
    async drift(url: string, limitText?: string, offsetText?: string): Promise<Paginated<AllocationDrift>> {
      const limit = Math.min(Math.max(Number(limitText ?? 100) || 100, 1), 1000);
      const offset = Math.max(Number(offsetText ?? 0) || 0, 0);
      const rows = await repository.driftRows(limit, offset);
      const count = Number(rows[0]?.total ?? 0);
      const link = (at: number | null) => {
        if (at === null) return null;
        const next = new URL(url);
        next.searchParams.set('limit', String(limit));
        if (at) next.searchParams.set('offset', String(at));
        else next.searchParams.delete('offset');
        return next.toString();
      };
      const arrayOf = (value: string[] | string) =>
        Array.isArray(value)
          ? value
          : value
              .replace(/^\{|\}$/g, '')
              .split(',')
              .filter(Boolean);
      return {
        count,
        next: link(offset + limit < count ? offset + limit : null),
        previous: link(offset > 0 ? Math.max(0, offset - limit) : null),
        results: rows.map((r) => ({
          user: { id: r.user_id, full_name: fullName(r.first_name, r.last_name, r.email), email: r.email },
          cost_centre: { id: r.cost_centre_id, name: r.name, code: r.code },
          kind: r.kind,
          manual: r.manual,
          derived_by: arrayOf(r.derived_by) as AllocationDrift['derived_by'],
        })),
      };
    },
  };
}

export type AllocationsService = ReturnType<typeof createAllocationsService>;
