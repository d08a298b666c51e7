import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { together, type DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import type { PreparedSelect } from '../../list-query/list-rows';
import { statementName } from '../../platform/named-statements';
import { users } from '../identity/index';
import {
  addresses,
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
import type { AnyEntityTable, PersonJson, RefRequest, UserRef } from './records.tables';

const ids = (values: (string | null | undefined)[] | undefined) => [...new Set((values ?? []).filter((v): v is string => !!v))];

type Columns<K extends string> = Record<K, AnyPgColumn>;

/**
 * Which rows a page statement reads, as a condition on an id column: a list page's ids as one array
 * value (one text for pages of any size), or a detail's one id compared with `=`. The latter is a
 * primary-key lookup whose plan does not depend on the value, so PostgreSQL's plan cache settles on
 * a generic plan for the named statement after its first five executions instead of planning the
 * dozen joins at every bind (the array form's custom plans fold the array into a constant, which
 * PostgreSQL keeps re-planning for).
 */
type IdMatch = (column: AnyPgColumn) => SQL;
const matchIds =
  (wanted: string[]): IdMatch =>
  (column) =>
    idIn(column, wanted);
const matchId =
  (id: string | Placeholder): IdMatch =>
  (column) =>
    eq(column, id);
/** A list page's ids bound at execution (`ids`, comma-joined): the same text as `matchIds`, so the same named statement. */
const matchPageIds: IdMatch = (column) => sql`${column} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`;

/**
 * A statement built once and prepared under its name, for the detail without a scope: a request only
 * binds the id (`sql.placeholder('id')`), without Drizzle rebuilding and rendering the dozen-join
 * query each time (a third of the detail's CPU in the process before). A scoped detail carries its
 * viewer's condition, so it is built per request as a list page is.
 */
function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

// What the page statements embed of a joined row, each under an alias of its own.
const personJsonColumns = <U extends Columns<'id' | 'firstName' | 'lastName' | 'email'>>(u: U) => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
});
const userRefColumns = <U extends Columns<'id' | 'firstName' | 'lastName' | 'email'>>(u: U) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
});
const accountColumns = <C extends Columns<'id' | 'name' | 'accountNumber'>>(c: C) => ({ id: c.id, name: c.name, account_number: c.accountNumber });
const addressColumns = <
  A extends Columns<'id' | 'premiseAddress' | 'streetAddress' | 'locality' | 'state' | 'postalCode' | 'formattedAddress'>,
>(
  a: A,
) => ({
  id: a.id,
  premise_address: a.premiseAddress,
  street_address: a.streetAddress,
  locality: a.locality,
  state: a.state,
  postal_code: a.postalCode,
  formatted_address: a.formattedAddress,
});

/** The primary contacts of a page of owners as one `{type: detail}` map per owner: one grouped lookup to join back. */
function primaryContactsOf(
  db: DbOrTx,
  owner: typeof contacts.clientId | typeof contacts.costCentreId | typeof contacts.contactPersonId | typeof contacts.legalEntityId,
  match: IdMatch,
) {
  return db
    .select({
      ownerId: owner,
      map: sql<Record<string, string>>`json_object_agg(${contacts.contactType}, ${contacts.contactDetail})`.as('map'),
    })
    .from(contacts)
    .where(and(match(owner), eq(contacts.isPrimary, true)))
    .groupBy(owner)
    .as('primary_contacts');
}

/**
 * The roles of a page of relations, one row per relation: the roles' ids, names and responsibilities
 * as three arrays in the same order (`relationRoles`' order: by role, then id), to join back. A
 * relation without roles finds no row (null arrays, an empty `role` list).
 */
function relationRolesOf(db: DbOrTx, kind: 'client' | 'costCentre', match: IdMatch) {
  const join = kind === 'client' ? contactRelationRoles : costCentreRelationRoles;
  const roles = kind === 'client' ? clientContactRoles : operationContactRoles;
  const order = sql`${roles.role}, ${roles.id}`;
  return db
    .select({
      relationId: join.relationId,
      ids: sql<string[]>`array_agg(${roles.id} order by ${order})`.as('role_ids'),
      names: sql<string[]>`array_agg(${roles.role} order by ${order})`.as('role_names'),
      responsibilities: sql<string[]>`array_agg(${roles.responsibility} order by ${order})`.as('role_responsibilities'),
    })
    .from(join)
    .innerJoin(roles, eq(roles.id, join.roleId))
    .where(match(join.relationId))
    .groupBy(join.relationId)
    .as('relation_roles');
}

/**
 * The references a client page and a cost centre page both embed (legal entity, industry,
 * sub-industry, primary address, primary contacts), joined under aliases of their own: a scope
 * condition's subqueries name the tables plainly.
 */
function classifiedReferences(db: DbOrTx, contactOwner: typeof contacts.clientId | typeof contacts.costCentreId, match: IdMatch) {
  const legalEntity = alias(legalEntities, 'legal_entity');
  const industry = alias(industries, 'industry');
  const subIndustry = alias(subIndustries, 'sub_industry');
  const address = alias(addresses, 'primary_address');
  const primaryContacts = primaryContactsOf(db, contactOwner, match);
  return {
    legalEntity,
    industry,
    subIndustry,
    address,
    primaryContacts,
    columns: {
      legalEntity: { id: legalEntity.id, name: legalEntity.name, abbr: legalEntity.abbr },
      industry: { id: industry.id, name: industry.name },
      subIndustry: { id: subIndustry.id, name: subIndustry.name },
      address: addressColumns(address),
      contacts: primaryContacts.map,
    },
  };
}

/** The one-statement pages of clients, cost centres, contact persons, brands, legal entities, industries and sub-industries on an executor. */
function pageQueries(db: DbOrTx) {
  function clientPageQuery(match: IdMatch, scope?: SQL) {
    const joined = classifiedReferences(db, contacts.clientId, match);
    const owner = alias(users, 'owner');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    const parent = alias(clients, 'parent');
    const master = alias(clients, 'master');
    return db
      .select({
        client: clients,
        owner: personJsonColumns(owner),
        createdBy: personJsonColumns(createdBy),
        updatedBy: personJsonColumns(updatedBy),
        legalEntity: joined.columns.legalEntity,
        industry: joined.columns.industry,
        subIndustry: joined.columns.subIndustry,
        parent: accountColumns(parent),
        master: accountColumns(master),
        address: joined.columns.address,
        contacts: joined.columns.contacts,
      })
      .from(clients)
      .leftJoin(owner, eq(owner.id, clients.ownerId))
      .leftJoin(createdBy, eq(createdBy.id, clients.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, clients.updatedById))
      .leftJoin(joined.legalEntity, eq(joined.legalEntity.id, clients.legalEntityId))
      .leftJoin(joined.industry, eq(joined.industry.id, clients.industryId))
      .leftJoin(joined.subIndustry, eq(joined.subIndustry.id, clients.subIndustryId))
      .leftJoin(parent, eq(parent.id, clients.parentId))
      .leftJoin(master, eq(master.id, clients.masterRecordId))
      .leftJoin(joined.address, and(eq(joined.address.clientId, clients.id), eq(joined.address.isPrimary, true)))
      .leftJoin(joined.primaryContacts, eq(joined.primaryContacts.ownerId, clients.id))
      .where(scope ? and(match(clients.id), scope) : match(clients.id));
  }
  function costCentrePageQuery(match: IdMatch, scope?: SQL) {
    const joined = classifiedReferences(db, contacts.costCentreId, match);
    const joinedBrand = alias(brands, 'brand');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    const client = alias(clients, 'client');
    const franchisor = alias(clients, 'franchisor');
    return db
      .select({
        costCentre: costCentres,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        legalEntity: joined.columns.legalEntity,
        client: accountColumns(client),
        franchisor: accountColumns(franchisor),
        industry: joined.columns.industry,
        subIndustry: joined.columns.subIndustry,
        brand: { id: joinedBrand.id, name: joinedBrand.name },
        address: joined.columns.address,
        contacts: joined.columns.contacts,
      })
      .from(costCentres)
      .leftJoin(createdBy, eq(createdBy.id, costCentres.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, costCentres.updatedById))
      .leftJoin(joined.legalEntity, eq(joined.legalEntity.id, costCentres.legalEntityId))
      .leftJoin(client, eq(client.id, costCentres.clientId))
      .leftJoin(franchisor, eq(franchisor.id, costCentres.franchisorId))
      .leftJoin(joined.industry, eq(joined.industry.id, costCentres.industryId))
      .leftJoin(joined.subIndustry, eq(joined.subIndustry.id, costCentres.subIndustryId))
      .leftJoin(joinedBrand, eq(joinedBrand.id, costCentres.brandId))
      .leftJoin(joined.address, and(eq(joined.address.costCentreId, costCentres.id), eq(joined.address.isPrimary, true)))
      .leftJoin(joined.primaryContacts, eq(joined.primaryContacts.ownerId, costCentres.id))
      .where(scope ? and(match(costCentres.id), scope) : match(costCentres.id));
  }
  function contactPersonPageQuery(match: IdMatch, scope?: SQL) {
    // Joined tables under aliases of their own: a scope condition's subqueries name the tables plainly.
    const joinedAddress = alias(addresses, 'primary_address');
    const company = alias(clients, 'company');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    const reportsTo = alias(contactPersons, 'reports_to');
    const primaryContacts = primaryContactsOf(db, contacts.contactPersonId, match);
    return db
      .select({
        contactPerson: contactPersons,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        company: accountColumns(company),
        reportsTo: { id: reportsTo.id, full_name: reportsTo.fullName },
        address: addressColumns(joinedAddress),
        contacts: primaryContacts.map,
      })
      .from(contactPersons)
      .leftJoin(createdBy, eq(createdBy.id, contactPersons.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, contactPersons.updatedById))
      .leftJoin(company, eq(company.id, contactPersons.companyId))
      .leftJoin(reportsTo, eq(reportsTo.id, contactPersons.reportsToId))
      .leftJoin(joinedAddress, and(eq(joinedAddress.contactPersonId, contactPersons.id), eq(joinedAddress.isPrimary, true)))
      .leftJoin(primaryContacts, eq(primaryContacts.ownerId, contactPersons.id))
      .where(scope ? and(match(contactPersons.id), scope) : match(contactPersons.id));
  }
  function brandPageQuery(match: IdMatch, scope?: SQL) {
    const legalEntity = alias(legalEntities, 'legal_entity');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    return db
      .select({
        brand: brands,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        legalEntity: { id: legalEntity.id, name: legalEntity.name, abbr: legalEntity.abbr },
      })
      .from(brands)
      .leftJoin(createdBy, eq(createdBy.id, brands.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, brands.updatedById))
      .leftJoin(legalEntity, eq(legalEntity.id, brands.legalEntityId))
      .where(scope ? and(match(brands.id), scope) : match(brands.id));
  }
  function contactRelationPageQuery(match: IdMatch, scope?: SQL) {
    const client = alias(clients, 'client');
    const contactPerson = alias(contactPersons, 'contact_person');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    const roles = relationRolesOf(db, 'client', match);
    return db
      .select({
        relation: contactRelations,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        client: accountColumns(client),
        contactPerson: { id: contactPerson.id, full_name: contactPerson.fullName },
        roleIds: roles.ids,
        roleNames: roles.names,
        roleResponsibilities: roles.responsibilities,
      })
      .from(contactRelations)
      .leftJoin(createdBy, eq(createdBy.id, contactRelations.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, contactRelations.updatedById))
      .leftJoin(client, eq(client.id, contactRelations.clientId))
      .leftJoin(contactPerson, eq(contactPerson.id, contactRelations.contactPersonId))
      .leftJoin(roles, eq(roles.relationId, contactRelations.id))
      .where(scope ? and(match(contactRelations.id), scope) : match(contactRelations.id));
  }
  function costCentreRelationPageQuery(match: IdMatch, scope?: SQL) {
    const costCentre = alias(costCentres, 'cost_centre');
    const contactPerson = alias(users, 'contact_person');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    const roles = relationRolesOf(db, 'costCentre', match);
    return db
      .select({
        relation: costCentreRelations,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        costCentre: { id: costCentre.id, name: costCentre.name, code: costCentre.code },
        contactPerson: userRefColumns(contactPerson),
        roleIds: roles.ids,
        roleNames: roles.names,
        roleResponsibilities: roles.responsibilities,
      })
      .from(costCentreRelations)
      .leftJoin(createdBy, eq(createdBy.id, costCentreRelations.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, costCentreRelations.updatedById))
      .leftJoin(costCentre, eq(costCentre.id, costCentreRelations.costCentreId))
      .leftJoin(contactPerson, eq(contactPerson.id, costCentreRelations.contactPersonId))
      .leftJoin(roles, eq(roles.relationId, costCentreRelations.id))
      .where(scope ? and(match(costCentreRelations.id), scope) : match(costCentreRelations.id));
  }
  function legalEntityPageQuery(match: IdMatch, scope?: SQL) {
    const address = alias(addresses, 'primary_address');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    const primaryContacts = primaryContactsOf(db, contacts.legalEntityId, match);
    return db
      .select({
        legalEntity: legalEntities,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        address: addressColumns(address),
        contacts: primaryContacts.map,
      })
      .from(legalEntities)
      .leftJoin(createdBy, eq(createdBy.id, legalEntities.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, legalEntities.updatedById))
      .leftJoin(address, and(eq(address.legalEntityId, legalEntities.id), eq(address.isPrimary, true)))
      .leftJoin(primaryContacts, eq(primaryContacts.ownerId, legalEntities.id))
      .where(scope ? and(match(legalEntities.id), scope) : match(legalEntities.id));
  }
  function industryPageQuery(match: IdMatch, scope?: SQL) {
    const legalEntity = alias(legalEntities, 'legal_entity');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    // The sub-industries of the page's industries counted in one grouped lookup, joined back (none: 0).
    const counts = db
      .select({ industryId: subIndustries.industryId, count: sql<number>`count(*)::int`.as('sub_industries_count') })
      .from(subIndustries)
      .where(match(subIndustries.industryId))
      .groupBy(subIndustries.industryId)
      .as('sub_industry_counts');
    return db
      .select({
        industry: industries,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        legalEntity: { id: legalEntity.id, name: legalEntity.name, abbr: legalEntity.abbr },
        subIndustriesCount: sql<number>`coalesce(${counts.count}, 0)`,
      })
      .from(industries)
      .leftJoin(createdBy, eq(createdBy.id, industries.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, industries.updatedById))
      .leftJoin(legalEntity, eq(legalEntity.id, industries.legalEntityId))
      .leftJoin(counts, eq(counts.industryId, industries.id))
      .where(scope ? and(match(industries.id), scope) : match(industries.id));
  }
  function subIndustryPageQuery(match: IdMatch, scope?: SQL) {
    const industry = alias(industries, 'industry');
    const createdBy = alias(users, 'created_by');
    const updatedBy = alias(users, 'updated_by');
    return db
      .select({
        subIndustry: subIndustries,
        createdBy: userRefColumns(createdBy),
        updatedBy: userRefColumns(updatedBy),
        industry: { id: industry.id, name: industry.name },
      })
      .from(subIndustries)
      .leftJoin(createdBy, eq(createdBy.id, subIndustries.createdById))
      .leftJoin(updatedBy, eq(updatedBy.id, subIndustries.updatedById))
      .leftJoin(industry, eq(industry.id, subIndustries.industryId))
      .where(scope ? and(match(subIndustries.id), scope) : match(subIndustries.id));
  }
  return {
    clientPageQuery,
    costCentrePageQuery,
    contactPersonPageQuery,
    brandPageQuery,
    legalEntityPageQuery,
    industryPageQuery,
    subIndustryPageQuery,
    contactRelationPageQuery,
    costCentreRelationPageQuery,
  };
}

/**
 * The list pages' statements (list-query/list-rows.ts): the pages below with their ids bound at
 * execution, so the same text and name as `clientPage` and the others give a list page.
 */
export function recordListStatements(db: DbOrTx) {
  const queries = pageQueries(db);
  const prepared = (prefix: string, query: { prepare(name: string): unknown; toSQL(): { sql: string } }) =>
    query.prepare(statementName(prefix, query)) as PreparedSelect;
  return {
    client: () => prepared('records_client_page', queries.clientPageQuery(matchPageIds)),
    costCentre: () => prepared('records_cost_centre_page', queries.costCentrePageQuery(matchPageIds)),
    contactPerson: () => prepared('records_contact_person_page', queries.contactPersonPageQuery(matchPageIds)),
    brand: () => prepared('records_brand_page', queries.brandPageQuery(matchPageIds)),
    legalEntity: () => prepared('records_legal_entity_page', queries.legalEntityPageQuery(matchPageIds)),
    industry: () => prepared('records_industry_page', queries.industryPageQuery(matchPageIds)),
    subIndustry: () => prepared('records_sub_industry_page', queries.subIndustryPageQuery(matchPageIds)),
    contactRelation: () => prepared('records_contact_relation_page', queries.contactRelationPageQuery(matchPageIds)),
    costCentreRelation: () => prepared('records_cost_centre_relation_page', queries.costCentreRelationPageQuery(matchPageIds)),
  };
}

/** What a page of records embeds: the batched lookups by id and the one-statement pages of the record lists. */
export function createRecordPagesRepository(db: DbOrTx) {
  const {
    clientPageQuery,
    costCentrePageQuery,
    contactPersonPageQuery,
    brandPageQuery,
    legalEntityPageQuery,
    industryPageQuery,
    subIndustryPageQuery,
    contactRelationPageQuery,
    costCentreRelationPageQuery,
  } = pageQueries(db);
  async function byIds<T extends AnyEntityTable, R>(table: T, wanted: string[] | undefined, pick: (row: T['$inferSelect']) => R) {
    const list = ids(wanted);
    if (!wanted) return new Map<string, R>();
    const rows = (await db
      .select()
      .from(table as PgTable)
      .where(idIn(table.id, list))) as T['$inferSelect'][];
    // Every entity table's id is a uuid; the check narrows Drizzle's generic row without a cast.
    return new Map(rows.flatMap((row) => (typeof row.id === 'string' ? [[row.id, pick(row)] as const] : [])));
  }

  const clientPageDetail = once(() => {
    const query = clientPageQuery(matchId(sql.placeholder('id')));
    return query.prepare(statementName('records_client_detail', query));
  });

  const costCentrePageDetail = once(() => {
    const query = costCentrePageQuery(matchId(sql.placeholder('id')));
    return query.prepare(statementName('records_cost_centre_detail', query));
  });

  const contactPersonPageDetail = once(() => {
    const query = contactPersonPageQuery(matchId(sql.placeholder('id')));
    return query.prepare(statementName('records_contact_person_detail', query));
  });

  return {
    /** Independent statements of one request on this repository's connection (`platform/db.ts` together). */
    together: <const T extends readonly (() => PromiseLike<unknown>)[]>(tasks: T) => together(db, tasks),

    /** Everything a page of records embeds, one statement per requested table, run together (in turn inside a transaction). */
    async refs(request: RefRequest) {
      const [userMap, legalEntityMap, industryMap, subIndustryMap, clientMap, brandMap, contactPersonMap, costCentreMap] =
        await together(db, [
          async () => {
            const list = ids(request.users);
            if (!request.users) return new Map<string, UserRef>();
            const rows = await db
              .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
              .from(users)
              .where(idIn(users.id, list));
            return new Map(rows.map((row) => [row.id, row]));
          },
          () => byIds(legalEntities, request.legalEntities, (r) => r),
          () => byIds(industries, request.industries, (r) => r),
          () => byIds(subIndustries, request.subIndustries, (r) => r),
          () => byIds(clients, request.clients, (r) => r),
          () => byIds(brands, request.brands, (r) => r),
          () => byIds(contactPersons, request.contactPersons, (r) => r),
          () => byIds(costCentres, request.costCentres, (r) => r),
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

    /**
     * A page of clients with everything the list and detail shapes embed (people,
     * base data, parent, master record, primary address and primary contacts)
     * in one statement: each to-one relation is a left join on its primary key
     * (the primary address is unique per client), the primary contacts one
     * grouped lookup for the page's ids joined back, so the database reads each
     * relation once for the page instead of running a subquery per row. Each
     * embedded object carries only the fields the contract names.
     */
    async clientPage(wanted: string[], scope?: SQL, detail = false) {
      if (!wanted.length) return [];
      const one = detail && wanted.length === 1;
      // Named: its dozen joins cost the planner more than the execution, so each connection plans it once.
      const query = one && !scope ? undefined : clientPageQuery(one ? matchId(wanted[0]!) : matchIds(wanted), scope);
      const rows = query
        ? await query.prepare(statementName('records_client_page', query)).execute()
        : await clientPageDetail().execute({ id: wanted[0] });
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
    async costCentrePage(wanted: string[], scope?: SQL, detail = false) {
      if (!wanted.length) return [];
      const one = detail && wanted.length === 1;
      // Named: its dozen joins cost the planner more than the execution, so each connection plans it once.
      const query = one && !scope ? undefined : costCentrePageQuery(one ? matchId(wanted[0]!) : matchIds(wanted), scope);
      const rows = query
        ? await query.prepare(statementName('records_cost_centre_page', query)).execute()
        : await costCentrePageDetail().execute({ id: wanted[0] });
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /** A page of contact persons with their company, manager, people, primary address and contacts: one named statement. */
    async contactPersonPage(wanted: string[], scope?: SQL, detail = false) {
      if (!wanted.length) return [];
      const one = detail && wanted.length === 1;
      // Named: its dozen joins cost the planner more than the execution, so each connection plans it once.
      const query = one && !scope ? undefined : contactPersonPageQuery(one ? matchId(wanted[0]!) : matchIds(wanted), scope);
      const rows = query
        ? await query.prepare(statementName('records_contact_person_page', query)).execute()
        : await contactPersonPageDetail().execute({ id: wanted[0] });
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /** A page of brands with their legal entity and people: one named statement (the list writes it from rows, list-query/list-rows.ts). */
    async brandPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      const query = brandPageQuery(matchIds(wanted), scope);
      const rows = await query.prepare(statementName('records_brand_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /**
     * A page of client contact relations with their client, contact person, people and roles (the roles
     * grouped per relation into arrays, `relationRolesOf`): one named statement, the one the list writes
     * from rows (records.list-rows.ts).
     */
    async contactRelationPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      const query = contactRelationPageQuery(matchIds(wanted), scope);
      const rows = await query.prepare(statementName('records_contact_relation_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /** A page of cost centre contact relations with their cost centre, contact person (a user), people and roles: one named statement, as `contactRelationPage`. */
    async costCentreRelationPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      const query = costCentreRelationPageQuery(matchIds(wanted), scope);
      const rows = await query.prepare(statementName('records_cost_centre_relation_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy' | 'contactPerson'> & {
        createdBy: UserRef | null;
        updatedBy: UserRef | null;
        contactPerson: UserRef | null;
      })[];
    },

    /**
     * A page of legal entities with their people, primary address and primary contacts (the grouped
     * lookup joined back, as for cost centres): one named statement, the one the list writes from rows.
     */
    async legalEntityPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      const query = legalEntityPageQuery(matchIds(wanted), scope);
      const rows = await query.prepare(statementName('records_legal_entity_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /** A page of industries with their legal entity, people and sub-industry count (a grouped count joined back): one named statement. */
    async industryPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      const query = industryPageQuery(matchIds(wanted), scope);
      const rows = await query.prepare(statementName('records_industry_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },

    /** A page of sub-industries with their industry and people: one named statement. */
    async subIndustryPage(wanted: string[], scope?: SQL) {
      if (!wanted.length) return [];
      const query = subIndustryPageQuery(matchIds(wanted), scope);
      const rows = await query.prepare(statementName('records_sub_industry_page', query)).execute();
      return rows as (Omit<(typeof rows)[number], 'createdBy' | 'updatedBy'> & { createdBy: UserRef | null; updatedBy: UserRef | null })[];
    },
  };
}
