import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { listPage } from '../../list-query/list-endpoint';
import type { ListResource } from '../../list-query/list-resource';
import type { AllocatedRecordOf, AllocatedRecords, AllocationKind, AllocationScope } from '../identity/index';
import type { RecordsRepository } from './records.repository';
import { allocationConditions } from './allocation-scope';
import { clientAllocationResource, costCentreAllocationResource, legalEntityAllocationResource } from './records.resource';

interface AllocationSource<Item> {
  resource: ListResource;
  condition: (conditions: ReturnType<typeof allocationConditions>, scope: AllocationScope) => SQL;
  items: (ids: string[]) => Promise<Item[]>;
}

/** Records' side of identity's allocation endpoint: the allocated clients, cost centres or legal entities of a user. */
export function createAllocatedRecords(deps: { db: DbOrTx; repository: RecordsRepository }): AllocatedRecords {
  const { db, repository } = deps;
  const sources: { [Kind in AllocationKind]: AllocationSource<AllocatedRecordOf[Kind]> } = {
    client: {
      resource: clientAllocationResource,
      condition: (c, scope) => c.client[scope],
      items: async (ids) =>
        (await repository.entityRows('client', ids)).map((r) => ({ id: r.id, name: r.name, account_number: r.accountNumber })),
    },
    'cost-centre': {
      resource: costCentreAllocationResource,
      condition: (c, scope) => c.costCentre[scope],
      items: async (ids) =>
        (await repository.entityRows('costCentre', ids)).map((r) => ({ id: r.id, name: r.name, code: r.code })),
    },
    'legal-entity': {
      resource: legalEntityAllocationResource,
      condition: (c, scope) => c.legalEntity[scope],
      items: async (ids) =>
        (await repository.entityRows('legalEntity', ids)).map((r) => ({ id: r.id, name: r.name, abbr: r.abbr })),
    },
  };
  return {
    list(kind, scope, userId, list) {
      const source = sources[kind];
      return listPage(db, list, {
        resource: source.resource,
        where: source.condition(allocationConditions(userId), scope),
        hydrate: source.items,
      });
    },
  };
}
