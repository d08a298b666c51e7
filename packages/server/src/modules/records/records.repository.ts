import { and, asc, eq, getTableColumns, getTableName, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
import { statementName } from '../../platform/named-statements';
import { profiles, users } from '../../db/schema/identity';
import {
  addresses,
  allocations,
  brands,
  clientContactRoles,
  clients,
  contactPersons,
  contactRelationRoles,
  contactRelations,
  contacts,
  costCentreRelationRoles,
  costCentreRelations,
  costCentres,
  industries,
  legalEntities,
  operationContactRoles,
  subIndustries,
} from '../../db/schema/records';

/**
 * The only place the records module touches its tables. Generic CRUD over the
 * entity tables below, the owned addresses and contacts, batched lookups for
 * hydrating list pages, allocation scope conditions and map rows.
 */

export const ENTITY_TABLES = {
  legalEntity: legalEntities,
  industry: industries,
  subIndustry: subIndustries,
  client: clients,
  contactPerson: contactPersons,
  clientRole: clientContactRoles,
  contactRelation: contactRelations,
  brand: brands,
  costCentre: costCentres,
  operationRole: operationContactRoles,
  costCentreRelation: costCentreRelations,
} as const;
export type EntityKey = keyof typeof ENTITY_TABLES;

/** Tables the seeders fill in bulk. */
const BULK_TABLES = {
  ...ENTITY_TABLES,
  address: addresses,
  contact: contacts,
  allocation: allocations,
  contactRelationRole: contactRelationRoles,
  costCentreRelationRole: costCentreRelationRoles,
} as const;
export type BulkTable = keyof typeof BULK_TABLES;
export type BulkRow<K extends BulkTable> = (typeof BULK_TABLES)[K]['$inferInsert'];
export const bulkTableOf = (name: BulkTable): PgTable => BULK_TABLES[name] as PgTable;
export const bulkTableName = (name: BulkTable): string => getTableName(bulkTableOf(name));

export type ReferenceTarget = EntityKey | 'user';

type AnyEntityTable = PgTable & { id: PgColumn };
const tableOf = (entity: ReferenceTarget): AnyEntityTable =>
  (entity === 'user' ? users : ENTITY_TABLES[entity]) as unknown as AnyEntityTable;

export type LegalEntityRow = typeof legalEntities.$inferSelect;
export type IndustryRow = typeof industries.$inferSelect;
export type SubIndustryRow = typeof subIndustries.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type ContactPersonRow = typeof contactPersons.$inferSelect;
export type RoleRow = typeof clientContactRoles.$inferSelect;
export type ContactRelationRow = typeof contactRelations.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type CostCentreRow = typeof costCentres.$inferSelect;
export type CostCentreRelationRow = typeof costCentreRelations.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type AnyRow = Record<string, unknown> & { id: string };

/** What still refers to a record and stops its deletion (required references; optional ones are cleared by the database). */
export const BLOCKING_REFERENCES: Partial<Record<EntityKey, { column: PgColumn; table: PgTable; one: string; many: string }[]>> =
  {
    legalEntity: [
      { table: clients, column: clients.legalEntityId, one: 'client', many: 'clients' },
      { table: costCentres, column: costCentres.legalEntityId, one: 'cost centre', many: 'cost centres' },
    ],
    industry: [{ table: subIndustries, column: subIndustries.industryId, one: 'sub-industry', many: 'sub-industries' }],
    client: [
      { table: costCentres, column: costCentres.clientId, one: 'cost centre', many: 'cost centres' },
      { table: contactPersons, column: contactPersons.companyId, one: 'contact person', many: 'contact persons' },
      { table: contactRelations, column: contactRelations.clientId, one: 'contact relation', many: 'contact relations' },
    ],
    contactPerson: [
      { table: contactRelations, column: contactRelations.contactPersonId, one: 'contact relation', many: 'contact relations' },
    ],
    costCentre: [
      {
        table: costCentreRelations,
        column: costCentreRelations.costCentreId,
        one: 'contact relation',
        many: 'contact relations',
      },
    ],
    clientRole: [
      { table: contactRelationRoles, column: contactRelationRoles.roleId, one: 'contact relation', many: 'contact relations' },
    ],
    operationRole: [
      {
        table: costCentreRelationRoles,
        column: costCentreRelationRoles.roleId,
        one: 'contact relation',
        many: 'contact relations',
      },
    ],
  };

export const OWNER_KINDS = ['client', 'contact_person', 'cost_centre', 'legal_entity'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

const OWNERS = {
  client: { table: clients, address: addresses.clientId, contact: contacts.clientId },
  contact_person: { table: contactPersons, address: addresses.contactPersonId, contact: contacts.contactPersonId },
  cost_centre: { table: costCentres, address: addresses.costCentreId, contact: contacts.costCentreId },
  legal_entity: { table: legalEntities, address: addresses.legalEntityId, contact: contacts.legalEntityId },
} satisfies Record<OwnerKind, { table: AnyEntityTable; address: PgColumn; contact: PgColumn }>;

export const ownerColumnKey = {
  client: 'clientId',
  contact_person: 'contactPersonId',
  cost_centre: 'costCentreId',
  legal_entity: 'legalEntityId',
} as const;

/** A user as the joined queries embed it (snake_case JSON). */
export interface PersonJson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface UserRef {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Rows a page needs besides its own, fetched by id in one statement per table (constant per page). */
export interface RefRequest {
  users?: string[];
  legalEntities?: string[];
  industries?: string[];
  subIndustries?: string[];
  clients?: string[];
  brands?: string[];
  contactPersons?: string[];
  costCentres?: string[];
}

const ids = (values: (string | null | undefined)[] | undefined) => [...new Set((values ?? []).filter((v): v is string => !!v))];

export function createRecordsRepository(db: DbOrTx) {
  async function byIds<T extends AnyEntityTable, R>(table: T, wanted: string[] | undefined, pick: (row: T['$inferSelect']) => R) {
    const list = ids(wanted);
    if (!wanted) return new Map<string, R>();
    const rows = (await db
      .select()
      .from(table as PgTable)
      .where(idIn(table.id, list))) as T['$inferSelect'][];
    return new Map(rows.map((row) => [(row as AnyRow).id, pick(row)]));
  }

  return {
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
      const groups = new Map<string, { keys: string[]; rows: Record<string, unknown>[] }>();
      for (const row of rows as Record<string, unknown>[]) {
        const keys = Object.keys(row).filter((key) => row[key] !== undefined && columns[key]);
        const signature = keys.join(',');
        const group = groups.get(signature) ?? groups.set(signature, { keys, rows: [] }).get(signature)!;
        group.rows.push(row);
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
            .map((row) => Object.fromEntries(keys.map((key) => [columns[key]!.name, row[key]])));
          await db.execute(
            sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
          );
          done += batch.length;
          options.onBatch?.(done);
        }
      }
    },

    async insert<K extends EntityKey>(entity: K, values: Record<string, unknown>): Promise<AnyRow> {
      const [row] = await db
        .insert(tableOf(entity))
        .values(values as never)
        .returning();
      return row as AnyRow;
    },

    async update<K extends EntityKey>(entity: K, id: string, values: Record<string, unknown>): Promise<AnyRow> {
      const table = tableOf(entity);
      const [row] = await db
        .update(table)
        .set(values as never)
        .where(eq(table.id, id))
        .returning();
      return row as AnyRow;
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
      return row as AnyRow | undefined;
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

    async entityRows<K extends EntityKey>(entity: K, wanted: string[], scope?: SQL): Promise<(typeof ENTITY_TABLES)[K]['$inferSelect'][]> {
      if (!wanted.length) return [];
      const table = tableOf(entity);
      return (await db
        .select()
        .from(table as PgTable)
        .where(scope ? and(idIn(table.id, wanted), scope) : idIn(table.id, wanted))) as never;
    },

    /** Everything a page of records embeds, one statement per requested table, run together. */
    async refs(request: RefRequest) {
      const [userMap, legalEntityMap, industryMap, subIndustryMap, clientMap, brandMap, contactPersonMap, costCentreMap] =
        await Promise.all([
          (async () => {
            const list = ids(request.users);
            if (!request.users) return new Map<string, UserRef>();
            const rows = await db
              .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
              .from(users)
              .where(idIn(users.id, list));
            return new Map(rows.map((row) => [row.id, row]));
          })(),
          byIds(legalEntities, request.legalEntities, (r) => r),
          byIds(industries, request.industries, (r) => r),
          byIds(subIndustries, request.subIndustries, (r) => r),
          byIds(clients, request.clients, (r) => r),
          byIds(brands, request.brands, (r) => r),
          byIds(contactPersons, request.contactPersons, (r) => r),
          byIds(costCentres, request.costCentres, (r) => r),
        ]);
      return {
        users: userMap,
        legalEntities: legalEntityMap,
        industries: industryMap,
        subIndustries: subIndustryMap,
        clients: clientMap,
        brands: brandMap,
        contactPersons: contactPersonMap,
        costCentres: costCentreMap,
      };
    },

    async subIndustryCounts(industryIds: string[]): Promise<Map<string, number>> {
      const rows = await db
        .select({ industryId: subIndustries.industryId, n: sql<number>`count(*)::int` })
        .from(subIndustries)
        .where(idIn(subIndustries.industryId, industryIds))
        .groupBy(subIndustries.industryId);
      return new Map(rows.map((r) => [r.industryId, Number(r.n)]));
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
        .orderBy(asc(roles.role));
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

    // ------------------------------------------------------------ addresses and contacts

    /** `<column> = value` on an entity table, for lists and lookups narrowed by a parent. */
    columnIs(entity: EntityKey, column: string, value: string): SQL {
      return eq((tableOf(entity) as unknown as Record<string, PgColumn>)[column]!, value);
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

    ownerCondition(kind: OwnerKind, what: 'address' | 'contact', ownerId: string): SQL {
      return eq(OWNERS[kind][what], ownerId);
    },

    /** Locks the owner row so primary-flag changes of one owner run one at a time. */
    async lockOwner(kind: OwnerKind, ownerId: string): Promise<boolean> {
      const table = OWNERS[kind].table as AnyEntityTable;
      const [row] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, ownerId))
        .for('update');
      return !!row;
    },

    async findAddress(kind: OwnerKind, ownerId: string, id: string): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(OWNERS[kind].address, ownerId)));
      return row;
    },

    async findContact(kind: OwnerKind, ownerId: string, id: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, id), eq(OWNERS[kind].contact, ownerId)));
      return row;
    },

    async addressesByIds(wanted: string[]): Promise<AddressRow[]> {
      return wanted.length ? db.select().from(addresses).where(idIn(addresses.id, wanted)) : [];
    },

    async contactsByIds(wanted: string[]): Promise<ContactRow[]> {
      return wanted.length ? db.select().from(contacts).where(idIn(contacts.id, wanted)) : [];
    },

    async hasPrimaryAddress(kind: OwnerKind, ownerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(OWNERS[kind].address, ownerId), eq(addresses.isPrimary, true)));
      return !!row;
    },

    async hasPrimaryContact(kind: OwnerKind, ownerId: string, type: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(OWNERS[kind].contact, ownerId),
            eq(contacts.contactType, type),
            eq(contacts.isPrimary, true),
            exceptId ? ne(contacts.id, exceptId) : undefined,
          ),
        );
      return !!row;
    },

    async insertAddress(values: typeof addresses.$inferInsert): Promise<AddressRow> {
      const [row] = await db.insert(addresses).values(values).returning();
      return row!;
    },

    async insertContact(values: typeof contacts.$inferInsert): Promise<ContactRow> {
      const [row] = await db.insert(contacts).values(values).returning();
      return row!;
    },

    async updateAddress(id: string, values: Partial<typeof addresses.$inferInsert>): Promise<AddressRow> {
      const [row] = await db.update(addresses).set(values).where(eq(addresses.id, id)).returning();
      return row!;
    },

    async updateContact(id: string, values: Partial<typeof contacts.$inferInsert>): Promise<ContactRow> {
      const [row] = await db.update(contacts).set(values).where(eq(contacts.id, id)).returning();
      return row!;
    },

    async deleteAddress(id: string) {
      await db.delete(addresses).where(eq(addresses.id, id));
    },

    async deleteContact(id: string) {
      await db.delete(contacts).where(eq(contacts.id, id));
    },

    /** Clears the owner's primary address (or primary contact of a type), so another can take the flag. */
    async clearPrimaryAddress(kind: OwnerKind, ownerId: string) {
      await db
        .update(addresses)
        .set({ isPrimary: false })
        .where(and(eq(OWNERS[kind].address, ownerId), eq(addresses.isPrimary, true)));
    },

    async clearPrimaryContact(kind: OwnerKind, ownerId: string, type: string) {
      await db
        .update(contacts)
        .set({ isPrimary: false })
        .where(and(eq(OWNERS[kind].contact, ownerId), eq(contacts.contactType, type), eq(contacts.isPrimary, true)));
    },

    /** Promotes the oldest remaining address (or contact of the type) when the primary went away. */
    async promoteOldestAddress(kind: OwnerKind, ownerId: string): Promise<AddressRow | undefined> {
      const [oldest] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(OWNERS[kind].address, ownerId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (!oldest) return undefined;
      const [row] = await db.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, oldest.id)).returning();
      return row;
    },

    async promoteOldestContact(kind: OwnerKind, ownerId: string, type: string): Promise<ContactRow | undefined> {
      const [oldest] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(OWNERS[kind].contact, ownerId), eq(contacts.contactType, type)))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .limit(1);
      if (!oldest) return undefined;
      const [row] = await db.update(contacts).set({ isPrimary: true }).where(eq(contacts.id, oldest.id)).returning();
      return row;
    },

    /** Primary addresses of a page of owners: one statement. */
    async primaryAddresses(kind: OwnerKind, ownerIds: string[]): Promise<Map<string, AddressRow>> {
      const column = OWNERS[kind].address;
      const rows = await db
        .select()
        .from(addresses)
        .where(and(idIn(column, ownerIds), eq(addresses.isPrimary, true)));
      const key = ownerColumnKey[kind];
      return new Map(rows.map((row) => [row[key] as string, row]));
    },

    /**
     * A page of clients with everything the list and detail shapes embed (people,
     * base data, parent, master record, primary address and primary contacts)
     * in one statement: each to-one relation is a left join on its primary key
     * (the primary address is unique per client), the primary contacts one
     * grouped lookup for the page's ids joined back, so the database reads each
     * relation once for the page instead of running a subquery per row. Each
     * embedded object carries only the fields the contract names.
     */
    async clientPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      // Joined tables under aliases of their own: a scope condition's subqueries name the tables plainly.
      const joinedLegalEntity = alias(legalEntities, 'legal_entity');
      const joinedIndustry = alias(industries, 'industry');
      const joinedSubIndustry = alias(subIndustries, 'sub_industry');
      const joinedAddress = alias(addresses, 'primary_address');
      const owner = alias(users, 'owner');
      const createdBy = alias(users, 'created_by');
      const updatedBy = alias(users, 'updated_by');
      const parent = alias(clients, 'parent');
      const master = alias(clients, 'master');
      const person = (u: typeof owner | typeof createdBy | typeof updatedBy) => ({ id: u.id, first_name: u.firstName, last_name: u.lastName, email: u.email });
      const account = (c: typeof parent | typeof master) => ({ id: c.id, name: c.name, account_number: c.accountNumber });
      const primaryContacts = db
        .select({
          clientId: contacts.clientId,
          map: sql<Record<string, string>>`json_object_agg(${contacts.contactType}, ${contacts.contactDetail})`.as('map'),
        })
        .from(contacts)
        .where(and(idIn(contacts.clientId, wanted), eq(contacts.isPrimary, true)))
        .groupBy(contacts.clientId)
        .as('primary_contacts');
      const query = db
        .select({
          client: clients,
          owner: person(owner),
          createdBy: person(createdBy),
          updatedBy: person(updatedBy),
          legalEntity: { id: joinedLegalEntity.id, name: joinedLegalEntity.name, abbr: joinedLegalEntity.abbr },
          industry: { id: joinedIndustry.id, name: joinedIndustry.name },
          subIndustry: { id: joinedSubIndustry.id, name: joinedSubIndustry.name },
          parent: account(parent),
          master: account(master),
          address: {
            id: joinedAddress.id,
            premise_address: joinedAddress.premiseAddress,
            street_address: joinedAddress.streetAddress,
            locality: joinedAddress.locality,
            state: joinedAddress.state,
            postal_code: joinedAddress.postalCode,
            formatted_address: joinedAddress.formattedAddress,
          },
          contacts: primaryContacts.map,
        })
        .from(clients)
        .leftJoin(owner, eq(owner.id, clients.ownerId))
        .leftJoin(createdBy, eq(createdBy.id, clients.createdById))
        .leftJoin(updatedBy, eq(updatedBy.id, clients.updatedById))
        .leftJoin(joinedLegalEntity, eq(joinedLegalEntity.id, clients.legalEntityId))
        .leftJoin(joinedIndustry, eq(joinedIndustry.id, clients.industryId))
        .leftJoin(joinedSubIndustry, eq(joinedSubIndustry.id, clients.subIndustryId))
        .leftJoin(parent, eq(parent.id, clients.parentId))
        .leftJoin(master, eq(master.id, clients.masterRecordId))
        .leftJoin(joinedAddress, and(eq(joinedAddress.clientId, clients.id), eq(joinedAddress.isPrimary, true)))
        .leftJoin(primaryContacts, eq(primaryContacts.clientId, clients.id))
        .where(scope ? and(idIn(clients.id, wanted), scope) : idIn(clients.id, wanted));
      // Named: its dozen joins cost the planner more than the execution, so each connection plans it once.
      const rows = await query.prepare(statementName('records_client_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'owner' | 'createdBy' | 'updatedBy'> & {
        owner: PersonJson | null;
        createdBy: PersonJson | null;
        updatedBy: PersonJson | null;
      })[];
    },

    /**
     * A page of cost centres with what the list and detail embed (legal entity, client, franchisor,
     * industry, sub-industry, brand, the people, primary address and primary contacts) in one named
     * statement, as `clientPage` does for clients.
     */
    async costCentrePage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      // Joined tables under aliases of their own: a scope condition's subqueries name the tables plainly.
      const joinedLegalEntity = alias(legalEntities, 'legal_entity');
      const joinedIndustry = alias(industries, 'industry');
      const joinedSubIndustry = alias(subIndustries, 'sub_industry');
      const joinedAddress = alias(addresses, 'primary_address');
      const joinedBrand = alias(brands, 'brand');
      const createdBy = alias(users, 'created_by');
      const updatedBy = alias(users, 'updated_by');
      const client = alias(clients, 'client');
      const franchisor = alias(clients, 'franchisor');
      const person = (u: typeof createdBy | typeof updatedBy) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email });
      const account = (c: typeof client | typeof franchisor) => ({ id: c.id, name: c.name, account_number: c.accountNumber });
      const primaryContacts = db
        .select({
          costCentreId: contacts.costCentreId,
          map: sql<Record<string, string>>`json_object_agg(${contacts.contactType}, ${contacts.contactDetail})`.as('map'),
        })
        .from(contacts)
        .where(and(idIn(contacts.costCentreId, wanted), eq(contacts.isPrimary, true)))
        .groupBy(contacts.costCentreId)
        .as('primary_contacts');
      const query = db
        .select({
          costCentre: costCentres,
          createdBy: person(createdBy),
          updatedBy: person(updatedBy),
          legalEntity: { id: joinedLegalEntity.id, name: joinedLegalEntity.name, abbr: joinedLegalEntity.abbr },
          client: account(client),
          franchisor: account(franchisor),
          industry: { id: joinedIndustry.id, name: joinedIndustry.name },
          subIndustry: { id: joinedSubIndustry.id, name: joinedSubIndustry.name },
          brand: { id: joinedBrand.id, name: joinedBrand.name },
          address: {
            id: joinedAddress.id,
            premise_address: joinedAddress.premiseAddress,
            street_address: joinedAddress.streetAddress,
            locality: joinedAddress.locality,
            state: joinedAddress.state,
            postal_code: joinedAddress.postalCode,
            formatted_address: joinedAddress.formattedAddress,
          },
          contacts: primaryContacts.map,
        })
        .from(costCentres)
        .leftJoin(createdBy, eq(createdBy.id, costCentres.createdById))
        .leftJoin(updatedBy, eq(updatedBy.id, costCentres.updatedById))
        .leftJoin(joinedLegalEntity, eq(joinedLegalEntity.id, costCentres.legalEntityId))
        .leftJoin(client, eq(client.id, costCentres.clientId))
        .leftJoin(franchisor, eq(franchisor.id, costCentres.franchisorId))
        .leftJoin(joinedIndustry, eq(joinedIndustry.id, costCentres.industryId))
        .leftJoin(joinedSubIndustry, eq(joinedSubIndustry.id, costCentres.subIndustryId))
        .leftJoin(joinedBrand, eq(joinedBrand.id, costCentres.brandId))
        .leftJoin(joinedAddress, and(eq(joinedAddress.costCentreId, costCentres.id), eq(joinedAddress.isPrimary, true)))
        .leftJoin(primaryContacts, eq(primaryContacts.costCentreId, costCentres.id))
        .where(scope ? and(idIn(costCentres.id, wanted), scope) : idIn(costCentres.id, wanted));
      const rows = await query.prepare(statementName('records_cost_centre_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /** A page of contact persons with their company, manager, people, primary address and contacts: one named statement. */
    async contactPersonPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      // Joined tables under aliases of their own: a scope condition's subqueries name the tables plainly.
      const joinedAddress = alias(addresses, 'primary_address');
      const company = alias(clients, 'company');
      const createdBy = alias(users, 'created_by');
      const updatedBy = alias(users, 'updated_by');
      const reportsTo = alias(contactPersons, 'reports_to');
      const person = (u: typeof createdBy | typeof updatedBy) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email });
      const primaryContacts = db
        .select({
          contactPersonId: contacts.contactPersonId,
          map: sql<Record<string, string>>`json_object_agg(${contacts.contactType}, ${contacts.contactDetail})`.as('map'),
        })
        .from(contacts)
        .where(and(idIn(contacts.contactPersonId, wanted), eq(contacts.isPrimary, true)))
        .groupBy(contacts.contactPersonId)
        .as('primary_contacts');
      const query = db
        .select({
          contactPerson: contactPersons,
          createdBy: person(createdBy),
          updatedBy: person(updatedBy),
          company: { id: company.id, name: company.name, account_number: company.accountNumber },
          reportsTo: { id: reportsTo.id, full_name: reportsTo.fullName },
          address: {
            id: joinedAddress.id,
            premise_address: joinedAddress.premiseAddress,
            street_address: joinedAddress.streetAddress,
            locality: joinedAddress.locality,
            state: joinedAddress.state,
            postal_code: joinedAddress.postalCode,
            formatted_address: joinedAddress.formattedAddress,
          },
          contacts: primaryContacts.map,
        })
        .from(contactPersons)
        .leftJoin(createdBy, eq(createdBy.id, contactPersons.createdById))
        .leftJoin(updatedBy, eq(updatedBy.id, contactPersons.updatedById))
        .leftJoin(company, eq(company.id, contactPersons.companyId))
        .leftJoin(reportsTo, eq(reportsTo.id, contactPersons.reportsToId))
        .leftJoin(joinedAddress, and(eq(joinedAddress.contactPersonId, contactPersons.id), eq(joinedAddress.isPrimary, true)))
        .leftJoin(primaryContacts, eq(primaryContacts.contactPersonId, contactPersons.id))
        .where(scope ? and(idIn(contactPersons.id, wanted), scope) : idIn(contactPersons.id, wanted));
      const rows = await query.prepare(statementName('records_contact_person_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /** What a page of cost centre markers shows: the site, its primary address and primary email, in one statement. */
    async costCentreMarkerPage(wanted: string[]) {
      if (!wanted.length) return [];
      return db
        .select({
          id: costCentres.id,
          name: costCentres.name,
          code: costCentres.code,
          email: costCentres.email,
          address: {
            isPrimary: addresses.isPrimary,
            latitude: addresses.latitude,
            longitude: addresses.longitude,
            state: addresses.state,
            formattedAddress: addresses.formattedAddress,
            premiseAddress: addresses.premiseAddress,
            streetAddress: addresses.streetAddress,
            locality: addresses.locality,
            postalCode: addresses.postalCode,
            country: addresses.country,
          },
          primaryEmail: sql<
            string | null
          >`(select c.contact_detail from ${contacts} c where c.cost_centre_id = ${costCentres.id} and c.is_primary and c.contact_type = 'EMAIL')`,
        })
        .from(costCentres)
        .leftJoin(addresses, and(eq(addresses.costCentreId, costCentres.id), eq(addresses.isPrimary, true)))
        .where(idIn(costCentres.id, wanted));
    },

    /** Primary contacts of a page of owners, by type: one statement. */
    async primaryContacts(kind: OwnerKind, ownerIds: string[]): Promise<Map<string, Record<string, string>>> {
      const column = OWNERS[kind].contact;
      const rows = await db
        .select()
        .from(contacts)
        .where(and(idIn(column, ownerIds), eq(contacts.isPrimary, true)));
      const key = ownerColumnKey[kind];
      const map = new Map<string, Record<string, string>>();
      for (const row of rows) {
        const owner = row[key] as string;
        map.set(owner, { ...(map.get(owner) ?? {}), [row.contactType]: row.contactDetail });
      }
      return map;
    },

    // ------------------------------------------------------------ allocation scope

    allocationConditions,

    async allocate(userId: string, target: { legalEntityId?: string; clientId?: string; costCentreId?: string }) {
      await db
        .insert(allocations)
        .values({ userId, ...target })
        .onConflictDoNothing();
    },

    // ------------------------------------------------------------ maps and operation contacts

    /** Marker rows need coordinates: the primary address with both set. */
    hasCoordinates(kind: 'client' | 'cost_centre'): SQL {
      const owner = kind === 'client' ? clients.id : costCentres.id;
      const column = OWNERS[kind].address;
      return sql`exists (select 1 from ${addresses} where ${column} = ${owner} and ${addresses.isPrimary} and ${addresses.latitude} is not null and ${addresses.longitude} is not null)`;
    },

    /** Brand names of each client's cost centres ("banner" on the client marker). */
    async clientBanners(clientIds: string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({
          clientId: costCentres.clientId,
          banner: sql<string>`string_agg(distinct ${brands.name}, ', ' order by ${brands.name})`,
        })
        .from(costCentres)
        .innerJoin(brands, eq(brands.id, costCentres.brandId))
        .where(idIn(costCentres.clientId, clientIds))
        .groupBy(costCentres.clientId);
      return new Map(rows.map((r) => [r.clientId, r.banner]));
    },

    /** The operations manager of each cost centre: the user related with a role named "Operations Manager" (latest relation wins). */
    async operationsManagers(
      costCentreIds: string[],
    ): Promise<Map<string, { name: string; email: string; phone: string; mobile: string }>> {
      const rows = await db
        .selectDistinctOn([costCentreRelations.costCentreId], {
          costCentreId: costCentreRelations.costCentreId,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: profiles.phone,
          mobile: profiles.mobile,
        })
        .from(costCentreRelations)
        .innerJoin(costCentreRelationRoles, eq(costCentreRelationRoles.relationId, costCentreRelations.id))
        .innerJoin(operationContactRoles, eq(operationContactRoles.id, costCentreRelationRoles.roleId))
        .innerJoin(users, eq(users.id, costCentreRelations.contactPersonId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            idIn(costCentreRelations.costCentreId, costCentreIds),
            sql`lower(${operationContactRoles.role}) = 'operations manager'`,
            sql`(${costCentreRelations.endDate} is null or ${costCentreRelations.endDate} >= current_date)`,
          ),
        )
        .orderBy(costCentreRelations.costCentreId, sql`${costCentreRelations.createdAt} desc`);
      return new Map(
        rows.map((r) => [
          r.costCentreId,
          { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, phone: r.phone ?? '', mobile: r.mobile ?? '' },
        ]),
      );
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;

/** Operation and Site users see only clients and cost centres in their allocation (DESIGN 5). */
export const SCOPED_USER_TYPES = new Set([4, 5]);

export type AllocationConditions = ReturnType<typeof allocationConditions>;

/** The allocation conditions that bound what `user` sees, or null when nothing bounds it. */
export function allocationScopeOf(user: { id: string; userType: number; isSuperuser: boolean } | null) {
  return user && !user.isSuperuser && SCOPED_USER_TYPES.has(user.userType) ? allocationConditions(user.id) : null;
}

/**
 * SQL conditions for a user's allocation (DESIGN 5). Direct: what was assigned.
 * Inherited: what follows down legal entity -> client (and child clients) ->
 * cost centre. All: both. Conditions are subqueries, so a scoped list stays a
 * constant number of statements.
 */
export function allocationConditions(userId: string) {
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
  const allClients = sql`select id from (${directClients}) d(id) union select id from (${inheritedClients}) i(id)`;
  return {
    client: {
      direct: sql`${clients.id} in (${directClients})`,
      inherited: sql`${clients.id} in (${inheritedClients})`,
      all: sql`${clients.id} in (${allClients})`,
    },
    costCentre: {
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
