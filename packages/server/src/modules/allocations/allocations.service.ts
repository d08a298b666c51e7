import { eq, sql } from 'drizzle-orm';
import type { Allocation, AllocationDrift, AllocationInput } from '@ops/contract/identity/allocations.schemas';
import type { Paginated } from '@ops/contract/common/pagination';
import { allocations, clients, costCentres, legalEntities } from '../records/index';
import { users } from '../identity/index';
import { uuidv7 } from '../../db/ids';
import type { Db } from '../../platform/db';
import { writeAudits } from '../../platform/audit';
import { COMMON_ERRORS, notFound } from '../../platform/errors';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { idIn, rowsOf } from '../../list-query/list-page';
import { permissionCache } from '../identity/index';
import { allocationsResource } from './allocations.resource';
import { ALLOCATIONS_ERRORS } from './allocations.errors';

const TARGETS = ['legal_entity', 'client', 'cost_centre'] as const;
type Target = (typeof TARGETS)[number];
const fullName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/** Manual allocation management (spec platform §13.3); derived rows come from derive.ts during the payroll and directory syncs. */
export function createAllocationsService(db: Db) {
  async function hydrate(ids: string[]): Promise<Allocation[]> {
    if (!ids.length) return [];
    const rows = await db
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

  const snapshotOf = (row: {
    userId: string;
    legalEntityId: string | null;
    clientId: string | null;
    costCentreId: string | null;
    source: string;
  }) => ({
    user: row.userId,
    legal_entity: row.legalEntityId,
    client: row.clientId,
    cost_centre: row.costCentreId,
    source: row.source,
  });

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
      const target: Target = chosen[0]!;
      const targetId = input[target]!;
      const values = {
        id: uuidv7(),
        userId: input.user,
        legalEntityId: target === 'legal_entity' ? targetId : null,
        clientId: target === 'client' ? targetId : null,
        costCentreId: target === 'cost_centre' ? targetId : null,
        source: 'MANUAL' as const,
      };
      // One statement checks the user and the target exist (400 naming the field otherwise).
      const [found] = rowsOf<{ user: boolean; target: boolean; duplicate: boolean }>(
        await db.execute(sql`select
          exists (select 1 from auth_user where id = ${input.user}) as "user",
          exists (select 1 from ${target === 'legal_entity' ? legalEntities : target === 'client' ? clients : costCentres} t where t.id = ${targetId}) as "target",
          exists (select 1 from records_allocation a where a.user_id = ${input.user} and a.source = 'MANUAL'
            and a.${sql.raw(`${target}_id`)} = ${targetId}) as "duplicate"`),
      );
      if (!found?.user) throw COMMON_ERRORS.onField('user', 'INVALID_PK', input.user);
      if (!found.target) throw COMMON_ERRORS.onField(target, 'INVALID_PK', targetId);
      if (found.duplicate) throw ALLOCATIONS_ERRORS.onField(target, 'ALREADY_ALLOCATED');
      await db.transaction(async (tx) => {
        await tx.insert(allocations).values(values);
        await writeAudits(tx, [
          {
            model: 'allocation',
            recordId: values.id,
            action: 'create',
            userId: actorId,
            before: null,
            after: snapshotOf(values),
          },
        ]);
      });
      permissionCache.forget(values.userId);
      return this.get(values.id);
    },

    async remove(id: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(allocations).where(eq(allocations.id, id)).returning();
        if (!row) throw notFound();
        await writeAudits(tx, [
          { model: 'allocation', recordId: id, action: 'delete', userId: actorId, before: snapshotOf(row), after: null },
        ]);
        permissionCache.forget(row.userId);
      });
    },

    /**
     * Where manual and derived allocations disagree, per user and cost centre, one statement:
     * MISSING_MANUAL: a sync derives the cost centre but no manual allocation covers it (directly, through its
     * client or that client's parent, or its legal entity); NOT_DERIVED: a manual cost-centre allocation of a
     * user the syncs derive other cost centres for.
     */
    async drift(url: string, limitText?: string, offsetText?: string): Promise<Paginated<AllocationDrift>> {
      const limit = Math.min(Math.max(Number(limitText ?? 100) || 100, 1), 1000);
      const offset = Math.max(Number(offsetText ?? 0) || 0, 0);
      const rows = rowsOf<{
        user_id: string;
        first_name: string;
        last_name: string;
        email: string;
        cost_centre_id: string;
        name: string;
        code: string;
        kind: AllocationDrift['kind'];
        manual: boolean;
        derived_by: string[] | string;
        total: number | string;
      }>(
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
