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
const accountColumns = <C extends Columns<'id' | 'name' | 'accountNumber'>>(c: C) => ({
  id: c.id,
  name: c.name,
  account_number: c.accountNumber,
});
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
  owner:
    typeof contacts.clientId | typeof contacts.costCentreId | typeof contacts.contactPersonId | typeof contacts.legalEntityId,
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
    // One record by `=` on its id (`sql.placeholder('id')`): the hydrator's detail statement, the same text and name.
    clientDetail: () => prepared('records_client_detail', queries.clientPageQuery(matchId(sql.placeholder('id')))),
    costCentreDetail: () => prepared('records_cost_centre_detail', queries.costCentrePageQuery(matchId(sql.placeholder('id')))),
    contactPersonDetail: () => prepared('records_contact_person_detail', queries.contactPersonPageQuery(matchId(sql.placeholder('id')))),
  };
}

/** A page statement as Drizzle builds it: prepared under a name, its text hashed into that name. */
type PageQuery = { prepare(name: string): { execute(): Promise<unknown[]> }; toSQL(): { sql: string } };
/** The row a page statement builder's statement answers. */
type RowOf<F extends (match: IdMatch, scope?: SQL) => PageQuery> = Awaited<
  ReturnType<ReturnType<ReturnType<F>['prepare']>['execute']>
>[number];
/**
 * A page row with the people it embeds (`K`) typed as the statements select them: a whole object or
 * null (Drizzle types the fields of a left-joined alias nullable one by one).
 */
type WithPeople<R, P, K extends string> = Omit<R, K> & { [key in K]: P | null };
type PeopleOf<
  F extends (match: IdMatch, scope?: SQL) => PageQuery,
  K extends string = 'createdBy' | 'updatedBy',
  P = UserRef,
> = Promise<WithPeople<RowOf<F>, P, K>[]>;

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

  /**
   * The detail's statement without a scope, built once: the page statement matching one id placeholder.
   */
  const detailStatement = (prefix: string, pageQuery: (match: IdMatch, scope?: SQL) => PageQuery) =>
    once(() => {
      const query = pageQuery(matchId(sql.placeholder('id')));
      return query.prepare(statementName(prefix, query));
    });
  const clientPageDetail = detailStatement('records_client_detail', clientPageQuery);
  const costCentrePageDetail = detailStatement('records_cost_centre_detail', costCentrePageQuery);
  const contactPersonPageDetail = detailStatement('records_contact_person_detail', contactPersonPageQuery);

  /**
   * A page of a record list by its named statement (the one the list also writes from rows); with
   * `detail` and one id and no scope, the detail's statement built once (`detailStatement`). Named:
   * its joins cost the planner more than the execution, so each connection plans it once.
   */
  async function namedPage(
    prefix: string,
    pageQuery: (match: IdMatch, scope?: SQL) => PageQuery,
    wanted: string[],
    scope?: SQL,
    detail?: () => { execute(values: { id: string }): Promise<unknown[]> },
  ): Promise<unknown[]> {
    if (!wanted.length) return [];
    const one = detail !== undefined && wanted.length === 1;
    if (one && !scope) return detail().execute({ id: wanted[0]! });
    const query = pageQuery(one ? matchId(wanted[0]!) : matchIds(wanted), scope);
    return query.prepare(statementName(prefix, query)).execute();
  }

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
    clientPage(wanted: string[], scope?: SQL, detail = false) {
      return namedPage('records_client_page', clientPageQuery, wanted, scope, detail ? clientPageDetail : undefined) as PeopleOf<
        typeof clientPageQuery,
        'owner' | 'createdBy' | 'updatedBy',
        PersonJson
      >;
    },

    /**
     * A page of cost centres with what the list and detail embed (legal entity, client, franchisor,
     * industry, sub-industry, brand, the people, primary address and primary contacts) in one named
     * statement, as `clientPage` does for clients.
     */
    costCentrePage(wanted: string[], scope?: SQL, detail = false) {
      return namedPage(
        'records_cost_centre_page',
        costCentrePageQuery,
        wanted,
        scope,
        detail ? costCentrePageDetail : undefined,
      ) as PeopleOf<typeof costCentrePageQuery>;
    },

    /** A page of contact persons with their company, manager, people, primary address and contacts: one named statement. */
    contactPersonPage(wanted: string[], scope?: SQL, detail = false) {
      return namedPage(
        'records_contact_person_page',
        contactPersonPageQuery,
        wanted,
        scope,
        detail ? contactPersonPageDetail : undefined,
      ) as PeopleOf<typeof contactPersonPageQuery>;
    },

    /** A page of brands with their legal entity and people: one named statement (the list writes it from rows, list-query/list-rows.ts). */
    brandPage(wanted: string[], scope?: SQL) {
      return namedPage('records_brand_page', brandPageQuery, wanted, scope) as PeopleOf<typeof brandPageQuery>;
    },

    /**
     * A page of client contact relations with their client, contact person, people and roles (the roles
     * grouped per relation into arrays, `relationRolesOf`): one named statement, the one the list writes
     * from rows (records.list-rows.ts).
     */
    contactRelationPage(wanted: string[], scope?: SQL) {
      return namedPage('records_contact_relation_page', contactRelationPageQuery, wanted, scope) as PeopleOf<
        typeof contactRelationPageQuery
      >;
    },

    /** A page of cost centre contact relations with their cost centre, contact person (a user), people and roles: one named statement, as `contactRelationPage`. */
    costCentreRelationPage(wanted: string[], scope?: SQL) {
      return namedPage('records_cost_centre_relation_page', costCentreRelationPageQuery, wanted, scope) as PeopleOf<
        typeof costCentreRelationPageQuery,
        'createdBy' | 'updatedBy' | 'contactPerson'
      >;
    },

    /**
     * A page of legal entities with their people, primary address and primary contacts (the grouped
     * lookup joined back, as for cost centres): one named statement, the one the list writes from rows.
     */
    legalEntityPage(wanted: string[], scope?: SQL) {
      return namedPage('records_legal_entity_page', legalEntityPageQuery, wanted, scope) as PeopleOf<typeof legalEntityPageQuery>;
    },

    /** A page of industries with their legal entity, people and sub-industry count (a grouped count joined back): one named statement. */
    industryPage(wanted: string[], scope?: SQL) {
      return namedPage('records_industry_page', industryPageQuery, wanted, scope) as PeopleOf<typeof industryPageQuery>;
    },

    /** A page of sub-industries with their industry and people: one named statement. */
    subIndustryPage(wanted: string[], scope?: SQL) {
      return namedPage('records_sub_industry_page', subIndustryPageQuery, wanted, scope) as PeopleOf<typeof subIndustryPageQuery>;
    },
  };
}
