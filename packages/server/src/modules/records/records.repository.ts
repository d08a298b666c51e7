import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
import {
  allocations,
  brands,
  clientContactRoles,
  clients,
  contactPersons,
  contactRelationRoles,
  contactRelations,
  costCentreRelationRoles,
  costCentreRelations,
  costCentres,
  industries,
  legalEntities,
  operationContactRoles,
  subIndustries,
} from '../../db/schema/records';
import { allocationConditions } from './allocation-scope';
import { entityRow } from './entity-row';
import { createDirectoryMapRepository } from './directory-map.repository';
import { createOwnedRecordsRepository } from './owned-records.repository';
import { createRecordPagesRepository } from './record-pages.repository';
import {
  BLOCKING_REFERENCES,
  BULK_TABLES,
  ENTITY_TABLES,
  tableOf,
  type AnyRow,
  type BulkRow,
  type ColumnValues,
  type BulkTable,
  type EntityKey,
  type EntityRow,
  type ReferenceTarget,
  type RoleRow,
} from './records.tables';

/** Each entity's rows by a condition, from its own table: the rows' type follows from the entity's key. */
function entityReaders(db: DbOrTx): { [K in EntityKey]: (where: SQL) => Promise<EntityRow<K>[]> } {
  return {
    legalEntity: (where) => db.select().from(legalEntities).where(where),
    industry: (where) => db.select().from(industries).where(where),
    subIndustry: (where) => db.select().from(subIndustries).where(where),
    client: (where) => db.select().from(clients).where(where),
    contactPerson: (where) => db.select().from(contactPersons).where(where),
    clientRole: (where) => db.select().from(clientContactRoles).where(where),
    contactRelation: (where) => db.select().from(contactRelations).where(where),
    brand: (where) => db.select().from(brands).where(where),
    costCentre: (where) => db.select().from(costCentres).where(where),
    operationRole: (where) => db.select().from(operationContactRoles).where(where),
    costCentreRelation: (where) => db.select().from(costCentreRelations).where(where),
  };
}

/**
 * The only place the records module touches its tables: generic CRUD over the
 * entity tables, relations and their roles, allocation rows, plus the owned
 * addresses and contacts (`owned-records.repository.ts`), the lookups that
 * hydrate list pages (`record-pages.repository.ts`) and the map rows
 * (`directory-map.repository.ts`) under one object.
 */
export function createRecordsRepository(db: DbOrTx) {
  const readers = entityReaders(db);
  return {
    ...createOwnedRecordsRepository(db),
    ...createRecordPagesRepository(db),
    ...createDirectoryMapRepository(db),

    /**
     * Multi-row inserts of up to `batchSize` rows per statement. The rows travel
     * as one JSON parameter expanded by json_populate_recordset, so a statement
     * binds one value however wide and long the batch is, and columns left out
     * keep their defaults. `onBatch` hears the running total after each statement.
     */
    async insertMany<K extends BulkTable>(
      name: K,
      rows: BulkRow<K>[],
      options: { batchSize?: number; onBatch?: (done: number) => void } = {},
    ) {
      const table = BULK_TABLES[name] as PgTable;
      const columns = getTableColumns(table) as Record<string, PgColumn>;
      const size = Math.max(1, options.batchSize ?? 5000);
      // Rows that set different columns go in separate statements, so a column a row leaves out gets its default.
      const groups = new Map<string, { keys: string[]; rows: Map<string, unknown>[] }>();
      for (const row of rows) {
        const values = new Map(Object.entries(row).filter(([key, value]) => value !== undefined && Object.hasOwn(columns, key)));
        const keys = [...values.keys()];
        const signature = keys.join(',');
        const group = groups.get(signature) ?? groups.set(signature, { keys, rows: [] }).get(signature)!;
        group.rows.push(values);
      }
      let done = 0;
      for (const { keys, rows: groupRows } of groups.values()) {
        const list = sql.join(
          keys.map((key) => sql.identifier(columns[key]!.name)),
          sql`, `,
        );
        for (let start = 0; start < groupRows.length; start += size) {
          const batch = groupRows
            .slice(start, start + size)
            .map((row) => Object.fromEntries(keys.map((key) => [columns[key]!.name, row.get(key)])));
          await db.execute(
            sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
          );
          done += batch.length;
          options.onBatch?.(done);
        }
      }
    },

    /** One row of `entity`'s table from column values the service mapped from a write input its contract schema parsed. */
    async insert(entity: EntityKey, values: ColumnValues): Promise<AnyRow> {
      const table: PgTable = tableOf(entity);
      const [row] = await db.insert(table).values(values).returning();
      return entityRow(row);
    },

    async update(entity: EntityKey, id: string, values: ColumnValues): Promise<AnyRow> {
      const table = tableOf(entity);
      const target: PgTable = table;
      const [row] = await db.update(target).set(values).where(eq(table.id, id)).returning();
      return entityRow(row);
    },

    async remove(entity: EntityKey, id: string): Promise<void> {
      const table = tableOf(entity);
      await db.delete(table).where(eq(table.id, id));
    },

    /** The row, locked for the rest of the transaction when `lock` (writers on one record queue up). */
    async find(entity: EntityKey, id: string, options: { scope?: SQL; lock?: boolean } = {}): Promise<AnyRow | undefined> {
      const table = tableOf(entity);
      const query = db
        .select()
        .from(table as PgTable)
        .where(options.scope ? and(eq(table.id, id), options.scope) : eq(table.id, id))
        .limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row && entityRow(row);
    },

    /** The row's version (its ETag's part), in `scope`; undefined when not there. */
    async versionOf(entity: EntityKey, id: string, scope?: SQL): Promise<number | undefined> {
      const table = ENTITY_TABLES[entity];
      const [row] = await db
        .select({ version: table.version })
        .from(table as PgTable)
        .where(scope ? and(eq(table.id, id), scope) : eq(table.id, id))
        .limit(1);
      return row?.version;
    },

    async exists(target: ReferenceTarget, id: string, scope?: SQL): Promise<boolean> {
      const table = tableOf(target);
      const [row] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(scope ? and(eq(table.id, id), scope) : eq(table.id, id))
        .limit(1);
      return !!row;
    },

    async subIndustryBelongsTo(subIndustryId: string, industryId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subIndustries.id })
        .from(subIndustries)
        .where(and(eq(subIndustries.id, subIndustryId), eq(subIndustries.industryId, industryId)));
      return !!row;
    },

    /** Whether `ancestorId` is `clientId` or one of its parents (a parent chain must not loop). */
    async isClientAncestorOrSelf(clientId: string, candidateParentId: string): Promise<boolean> {
      const rows = await db.execute<{ id: string }>(sql`
        with recursive chain(id, parent_id, depth) as (
          select id, parent_id, 0 from ${clients} where id = ${candidateParentId}
          union all
          select c.id, c.parent_id, chain.depth + 1 from ${clients} c join chain on c.id = chain.parent_id where chain.depth < 100
        ) select id from chain where id = ${clientId} limit 1`);
      return rowsOf(rows).length > 0;
    },

    /** Counts of what refers to a record, only the non-zero ones, in one statement. */
    async blockingReferences(entity: EntityKey, id: string): Promise<{ one: string; many: string; count: number }[]> {
      const references = BLOCKING_REFERENCES[entity] ?? [];
      if (!references.length) return [];
      const counts = await db.execute<Record<string, number>>(
        sql`select ${sql.join(
          references.map(
            (ref, i) => sql`(select count(*)::int from ${ref.table} where ${ref.column} = ${id}) as ${sql.raw(`c${i}`)}`,
          ),
          sql`, `,
        )}`,
      );
      const row = rowsOf<Record<string, number>>(counts)[0] ?? {};
      return references
        .map((ref, i) => ({ one: ref.one, many: ref.many, count: Number(row[`c${i}`] ?? 0) }))
        .filter((r) => r.count > 0);
    },

    async entityRows<K extends EntityKey>(entity: K, wanted: string[], scope?: SQL): Promise<EntityRow<K>[]> {
      if (!wanted.length) return [];
      const { id } = tableOf(entity);
      return readers[entity](scope ? sql`(${idIn(id, wanted)} and ${scope})` : idIn(id, wanted));
    },

    // ------------------------------------------------------------ relations and their roles

    async relationRoles(kind: 'client' | 'costCentre', relationIds: string[]): Promise<Map<string, RoleRow[]>> {
      const join = kind === 'client' ? contactRelationRoles : costCentreRelationRoles;
      const roles = kind === 'client' ? clientContactRoles : operationContactRoles;
      const rows = await db
        .select({ relationId: join.relationId, role: roles })
        .from(join)
        .innerJoin(roles, eq(roles.id, join.roleId))
        .where(idIn(join.relationId, relationIds))
        // By role, then id: the order the relation pages aggregate them in (record-pages.repository.ts relationRolesOf).
        .orderBy(asc(roles.role), asc(roles.id));
      const map = new Map<string, RoleRow[]>();
      for (const { relationId, role } of rows) map.set(relationId, [...(map.get(relationId) ?? []), role]);
      return map;
    },

    async setRelationRoles(kind: 'client' | 'costCentre', relationId: string, roleIds: string[]): Promise<void> {
      const join = kind === 'client' ? contactRelationRoles : costCentreRelationRoles;
      await db.delete(join).where(eq(join.relationId, relationId));
      if (roleIds.length) await db.insert(join).values([...new Set(roleIds)].map((roleId) => ({ relationId, roleId })));
    },

    async missingRoles(kind: 'client' | 'costCentre', roleIds: string[]): Promise<string[]> {
      const roles = kind === 'client' ? clientContactRoles : operationContactRoles;
      if (!roleIds.length) return [];
      const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
      const have = new Set(found.map((r) => r.id));
      return roleIds.filter((id) => !have.has(id));
    },

    // ------------------------------------------------------------ conditions for lists narrowed by a parent

    /** `<column> = value` on an entity table, for lists and lookups narrowed by a parent. */
    columnIs<K extends EntityKey>(entity: K, column: keyof EntityRow<K> & string, value: string): SQL {
      const target = getTableColumns(tableOf(entity))[column];
      if (!target) throw new Error(`${entity} has no column ${column}.`);
      return eq(target, value);
    },

    /** Relations that carry a role (roles/{id}/contact-relations/). */
    relationHasRole(kind: 'client' | 'costCentre', roleId: string): SQL {
      const join = kind === 'client' ? contactRelationRoles : costCentreRelationRoles;
      const relations = kind === 'client' ? contactRelations : costCentreRelations;
      return sql`${relations.id} in (select ${join.relationId} from ${join} where ${join.roleId} = ${roleId})`;
    },

    idIs(entity: EntityKey, id: string): SQL {
      return eq(tableOf(entity).id, id);
    },

    // ------------------------------------------------------------ allocation scope

    allocationConditions,

    async allocate(userId: string, target: { legalEntityId?: string; clientId?: string; costCentreId?: string }) {
      await db
        .insert(allocations)
        .values({ userId, ...target })
        .onConflictDoNothing();
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
