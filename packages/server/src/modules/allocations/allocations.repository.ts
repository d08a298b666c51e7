import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
import { allocations, clients, costCentres, legalEntities } from '../records/index';
import { users } from '../identity/index';

/** A manual allocation's target: exactly one of these. */
export type AllocationTarget = 'legal_entity' | 'client' | 'cost_centre';

/** One row of the drift report, with the total of rows for paging. */
export interface DriftRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  cost_centre_id: string;
  name: string;
  code: string;
  kind: 'MISSING_MANUAL' | 'NOT_DERIVED';
  manual: boolean;
  derived_by: string[] | string;
  total: number | string;
}

/**
 * Who each sync says belongs to which cost centre (spec platform §13.3): from the payroll (an
 * active employee's cost centre code) or the directory (a directory user's cost centre), matched to
 * an active user by e-mail (case-insensitive) and to our cost centre by code.
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

/**
 * The allocations module's reads: allocation rows with their user and target, the checks before a
 * manual allocation, the drift report and what the syncs derive. The rows themselves are the records
 * module's; they are written through its allocation writer (records/allocation-writer.ts).
 */
export function createAllocationsRepository(db: DbOrTx) {
  return {
    /** Allocations by id with their user and target (names and codes), one statement. */
    allocationViews(ids: string[]) {
      return db
        .select({
          id: allocations.id,
          source: allocations.source,
          createdAt: allocations.createdAt,
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          legalEntityId: legalEntities.id,
          legalEntityName: legalEntities.name,
          clientId: clients.id,
          clientName: clients.name,
          costCentreId: costCentres.id,
          costCentreName: costCentres.name,
          costCentreCode: costCentres.code,
        })
        .from(allocations)
        .innerJoin(users, eq(users.id, allocations.userId))
        .leftJoin(legalEntities, eq(legalEntities.id, allocations.legalEntityId))
        .leftJoin(clients, eq(clients.id, allocations.clientId))
        .leftJoin(costCentres, eq(costCentres.id, allocations.costCentreId))
        .where(idIn(allocations.id, ids));
    },

    /** Whether the user and the target exist and the user already has this manual allocation: one statement. */
    async manualAllocationCheck(
      userId: string,
      target: AllocationTarget,
      targetId: string,
    ): Promise<{ user: boolean; target: boolean; duplicate: boolean } | undefined> {
      const [found] = rowsOf<{ user: boolean; target: boolean; duplicate: boolean }>(
        await db.execute(sql`select
          exists (select 1 from auth_user where id = ${userId}) as "user",
          exists (select 1 from ${target === 'legal_entity' ? legalEntities : target === 'client' ? clients : costCentres} t where t.id = ${targetId}) as "target",
          exists (select 1 from records_allocation a where a.user_id = ${userId} and a.source = 'MANUAL'
            and a.${sql.raw(`${target}_id`)} = ${targetId}) as "duplicate"`),
      );
      return found;
    },

    /**
     * Where manual and derived allocations disagree, per user and cost centre, one statement:
     * MISSING_MANUAL: a sync derives the cost centre but no manual allocation covers it (directly, through its
     * client or that client's parent, or its legal entity); NOT_DERIVED: a manual cost-centre allocation of a
     * user the syncs derive other cost centres for.
     */
    async driftRows(limit: number, offset: number): Promise<DriftRow[]> {
      return rowsOf<DriftRow>(
        await db.execute(sql`with derived as (
            select user_id, cost_centre_id, array_agg(distinct source order by source) as derived_by
            from records_allocation where source <> 'MANUAL' and cost_centre_id is not null group by user_id, cost_centre_id
          ), manual as (select * from records_allocation where source = 'MANUAL'),
          missing as (
            select d.user_id, d.cost_centre_id, 'MISSING_MANUAL' as kind, false as manual, d.derived_by
            from derived d join operations_cost_centre cc on cc.id = d.cost_centre_id
            left join accounts_client cl on cl.id = cc.client_id
            where not exists (select 1 from manual m where m.user_id = d.user_id and (m.cost_centre_id = cc.id
              or m.client_id = cc.client_id or m.client_id = cl.parent_id or m.legal_entity_id = cc.legal_entity_id))
          ), undrived as (
            select m.user_id, m.cost_centre_id, 'NOT_DERIVED' as kind, true as manual, array[]::varchar[] as derived_by
            from manual m where m.cost_centre_id is not null
              and exists (select 1 from derived d where d.user_id = m.user_id)
              and not exists (select 1 from derived d where d.user_id = m.user_id and d.cost_centre_id = m.cost_centre_id)
          ), drift as (select * from missing union all select * from undrived)
          select u.id as user_id, u.first_name, u.last_name, u.email, cc.id as cost_centre_id, cc.name, cc.code,
            drift.kind, drift.manual, drift.derived_by, count(*) over () as total
          from drift join auth_user u on u.id = drift.user_id join operations_cost_centre cc on cc.id = drift.cost_centre_id
          order by lower(u.email), cc.code, drift.kind
          limit ${limit} offset ${offset}`),
      );
    },

    /** What one sync says now: each matched person's cost centre (DESIRED above). */
    async desiredDerived(source: 'PAYROLL' | 'DIRECTORY'): Promise<{ userId: string; costCentreId: string }[]> {
      const rows = rowsOf<{ user_id: string; cost_centre_id: string }>(await db.execute(DESIRED[source]));
      return rows.map((row) => ({ userId: row.user_id, costCentreId: row.cost_centre_id }));
    },
  };
}
