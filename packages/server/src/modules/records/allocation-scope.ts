import { sql, type SQL } from 'drizzle-orm';
import {
  allocations,
  clients,
  contactPersons,
  contactRelations,
  costCentreRelations,
  costCentres,
  legalEntities,
} from '../../db/schema/records';

/** Operation and Site users see only clients and cost centres in their allocation (spec platform §5). */
export const SCOPED_USER_TYPES = new Set([4, 5]);

export type AllocationConditions = ReturnType<typeof allocationConditions>;

/** The allocation conditions that bound what `user` sees, or null when nothing bounds it. */
export function allocationScopeOf(user: { id: string; userType: number; isSuperuser: boolean } | null, allocatedClients?: SQL) {
  return user && !user.isSuperuser && SCOPED_USER_TYPES.has(user.userType) ? allocationConditions(user.id, allocatedClients) : null;
}

/**
 * The ids of every client a user's allocation reaches (assigned, or below an assigned legal entity
 * or client), as a subquery: for a statement that reads them once in a CTE and passes
 * `select id from <cte>` as `allocatedClients` to its scopes (search everything: each kind's two
 * scans walked the clients again, ten walks to plan and start per request).
 */
export function allocatedClientIds(userId: string): SQL {
  return allocationConditions(userId).clientIds;
}

/**
 * SQL conditions for a user's allocation (spec platform §5), reading the allocated clients from
 * `allocatedClients` when the statement has them already. Direct: what was assigned.
 * Inherited: what follows down legal entity -> client (and child clients) ->
 * cost centre. All: both. Conditions are subqueries, so a scoped list stays a
 * constant number of statements.
 */
export function allocationConditions(userId: string, allocatedClients?: SQL) {
  const directLegalEntities = sql`select ${allocations.legalEntityId} from ${allocations} where ${allocations.userId} = ${userId} and ${allocations.legalEntityId} is not null`;
  const directClients = sql`select ${allocations.clientId} from ${allocations} where ${allocations.userId} = ${userId} and ${allocations.clientId} is not null`;
  const directCostCentres = sql`select ${allocations.costCentreId} from ${allocations} where ${allocations.userId} = ${userId} and ${allocations.costCentreId} is not null`;
  // Clients under allocated legal entities, children of allocated clients, and their children down the parent chain.
  const inheritedClients = sql`with recursive inherited(id, depth) as (
      select c.id, 0 from ${clients} c where c.legal_entity_id in (${directLegalEntities})
      union
      select c.id, 0 from ${clients} c where c.parent_id in (${directClients})
      union
      select c.id, inherited.depth + 1 from ${clients} c join inherited on c.parent_id = inherited.id where inherited.depth < 20
    ) select id from inherited`;
  const walkedClients = sql`select id from (${directClients}) d(id) union select id from (${inheritedClients}) i(id)`;
  // Given: the same ids already read by the statement (`allocatedClientIds` in a CTE).
  const allClients = allocatedClients ?? walkedClients;
  return {
    clientIds: walkedClients,
    client: {
      direct: sql`${clients.id} in (${directClients})`,
      inherited: sql`${clients.id} in (${inheritedClients})`,
      all: sql`${clients.id} in (${allClients})`,
    },
    costCentre: {
      /**
       * The ids of the cost centres `all` lets through, as a subquery: a union of three index
       * lookups (allocated, under an allocated client, under an allocated legal entity), for a
       * caller that resolves them first (sitechecks' scope compares its runs with that array).
       */
      ids: sql`select ${costCentres.id} from ${costCentres} where ${costCentres.id} in (${directCostCentres})
        union select ${costCentres.id} from ${costCentres} where ${costCentres.clientId} in (${allClients})
        union select ${costCentres.id} from ${costCentres} where ${costCentres.legalEntityId} in (${directLegalEntities})`,
      direct: sql`${costCentres.id} in (${directCostCentres})`,
      inherited: sql`(${costCentres.clientId} in (${allClients}) or ${costCentres.legalEntityId} in (${directLegalEntities}))`,
      all: sql`(${costCentres.id} in (${directCostCentres}) or ${costCentres.clientId} in (${allClients}) or ${costCentres.legalEntityId} in (${directLegalEntities}))`,
    },
    legalEntity: {
      direct: sql`${legalEntities.id} in (${directLegalEntities})`,
      // Nothing sits above a legal entity, so none is inherited.
      inherited: sql`false`,
      all: sql`${legalEntities.id} in (${directLegalEntities})`,
    },
    // Records that belong to a client or a cost centre follow its scope.
    contactPerson: sql`${contactPersons.companyId} in (${allClients})`,
    contactRelation: sql`${contactRelations.clientId} in (${allClients})`,
    costCentreRelation: sql`${costCentreRelations.costCentreId} in (select cc.id from ${costCentres} cc where cc.id in (${directCostCentres}) or cc.client_id in (${allClients}) or cc.legal_entity_id in (${directLegalEntities}))`,
  };
}
