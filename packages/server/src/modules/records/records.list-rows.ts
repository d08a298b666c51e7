import type { ListRows } from '../../list-query/list-rows';
import type { ColumnPath, ItemShape, ShapeNode } from '../../list-query/row-writer';
import type { DbOrTx } from '../../platform/db';
import { recordListStatements } from './record-pages.repository';
import { fullName, primaryContactsOf } from './records.serializers';

// The record lists' items over their page statements' columns (list-query/list-rows.ts): the keys in
// the order records.hydration.ts builds them, each value from the column the hydrator reads.
// row-writer.test.ts proves the written items byte-identical to the hydrated ones.

const col = (path: ColumnPath): ShapeNode => ({ col: path });
/** `<prefix>.<key>` for each key, as a nested object present when its id is. */
const object = (prefix: string, keys: Record<string, string>): ShapeNode => ({
  object: Object.fromEntries(Object.entries(keys).map(([key, column]) => [key, col(`${prefix}.${column}`)])),
  when: `${prefix}.id`,
});
const columns = (prefix: string, keys: Record<string, string>): ItemShape =>
  Object.fromEntries(Object.entries(keys).map(([key, column]) => [key, col(`${prefix}.${column}`)]));
const nameOf = (firstName: string, lastName: string) => fullName({ firstName, lastName });
/** userRef / userWithEmail of a joined person (`first_name`/`last_name` or `firstName`/`lastName` columns). */
const person = (prefix: string, names: [string, string], email: boolean): ShapeNode => ({
  object: {
    id: col(`${prefix}.id`),
    full_name: { from: [`${prefix}.${names[0]}`, `${prefix}.${names[1]}`], compute: nameOf },
    ...(email ? { email: col(`${prefix}.email`) } : {}),
  },
  when: `${prefix}.id`,
});
const account = (prefix: string) => object(prefix, { id: 'id', name: 'name', account_number: 'account_number' });
const address = object('address', {
  id: 'id',
  premise_address: 'premise_address',
  street_address: 'street_address',
  locality: 'locality',
  state: 'state',
  postal_code: 'postal_code',
  formatted_address: 'formatted_address',
});
const primaryContacts: ShapeNode = { from: ['contacts'], compute: (map: Record<string, string> | null) => primaryContactsOf(map ?? undefined) };
const audit = (prefix: string, names: [string, string]): ItemShape => ({
  created_at: col(`${prefix}.createdAt`),
  updated_at: col(`${prefix}.updatedAt`),
  created_by: person('createdBy', names, false),
  updated_by: person('updatedBy', names, false),
});
const named = (prefix: string) => object(prefix, { id: 'id', name: 'name' });

/** Each list's statement is built once per executor (list-rows.ts). */
const statementsOf = (db: DbOrTx) => recordListStatements(db);

export const clientListRows: ListRows = {
  statement: (db) => statementsOf(db).client(),
  detail: (db) => statementsOf(db).clientDetail(),
  id: 'client.id',
  shape: {
    id: col('client.id'),
    owner: person('owner', ['first_name', 'last_name'], true),
    ...columns('client', { account_number: 'accountNumber', abn: 'abn', acn: 'acn', name: 'name', description: 'description' }),
    master_record: account('master'),
    parent: account('parent'),
    legal_entity: object('legalEntity', { id: 'id', name: 'name', abbr: 'abbr' }),
    industry: named('industry'),
    sub_industry: named('subIndustry'),
    ...columns('client', {
      relation_status: 'relationStatus',
      account_type: 'accountType',
      account_source: 'accountSource',
      number_of_employees: 'numberOfEmployees',
      annual_revenue: 'annualRevenue',
      ticker_symbol: 'tickerSymbol',
    }),
    primary_address: address,
    primary_contacts: primaryContacts,
    ...audit('client', ['first_name', 'last_name']),
  },
};

export const costCentreListRows: ListRows = {
  statement: (db) => statementsOf(db).costCentre(),
  detail: (db) => statementsOf(db).costCentreDetail(),
  id: 'costCentre.id',
  shape: {
    ...columns('costCentre', { id: 'id', code: 'code', name: 'name', email: 'email', operation_status: 'operationStatus', notes: 'notes' }),
    legal_entity: object('legalEntity', { id: 'id', name: 'name', abbr: 'abbr' }),
    client: account('client'),
    franchisor: account('franchisor'),
    industry: named('industry'),
    sub_industry: named('subIndustry'),
    brand: named('brand'),
    primary_address: address,
    primary_contacts: primaryContacts,
    ...audit('costCentre', ['firstName', 'lastName']),
  },
};

export const contactPersonListRows: ListRows = {
  statement: (db) => statementsOf(db).contactPerson(),
  detail: (db) => statementsOf(db).contactPersonDetail(),
  id: 'contactPerson.id',
  shape: {
    id: col('contactPerson.id'),
    company: account('company'),
    reports_to: object('reportsTo', { id: 'id', full_name: 'full_name' }),
    ...columns('contactPerson', {
      salutation: 'salutation',
      pronouns: 'pronouns',
      gender: 'gender',
      first_name: 'firstName',
      middle_name: 'middleName',
      last_name: 'lastName',
      full_name: 'fullName',
      pref_name: 'prefName',
      birthday: 'birthday',
      department: 'department',
      position: 'position',
      is_still_with_company: 'isStillWithCompany',
      communication_preference: 'communicationPreference',
      contact_person_type: 'contactPersonType',
      is_primary: 'isPrimary',
      is_email_opt_out: 'isEmailOptOut',
      do_not_call: 'doNotCall',
      availability: 'availability',
      linkedin_profile: 'linkedinProfile',
      profile_photo_url: 'profilePhotoUrl',
      notes: 'notes',
    }),
    primary_address: address,
    primary_contacts: primaryContacts,
    ...audit('contactPerson', ['firstName', 'lastName']),
  },
};

export const brandListRows: ListRows = {
  statement: (db) => statementsOf(db).brand(),
  id: 'brand.id',
  shape: {
    ...columns('brand', { id: 'id', name: 'name', description: 'description' }),
    legal_entity: object('legalEntity', { id: 'id', name: 'name', abbr: 'abbr' }),
    ...audit('brand', ['firstName', 'lastName']),
  },
};

/** A relation's `role`: one object per role, from the page's parallel role arrays (record-pages.repository.ts relationRolesOf); none, an empty list. */
const roles: ShapeNode = { array: { id: 'roleIds', role: 'roleNames', responsibility: 'roleResponsibilities' }, none: 'empty' };

export const contactRelationListRows: ListRows = {
  statement: (db) => statementsOf(db).contactRelation(),
  id: 'relation.id',
  shape: {
    id: col('relation.id'),
    client: account('client'),
    contact_person: object('contactPerson', { id: 'id', full_name: 'full_name' }),
    role: roles,
    ...columns('relation', { start_date: 'startDate', end_date: 'endDate' }),
    ...audit('relation', ['firstName', 'lastName']),
  },
};

export const costCentreRelationListRows: ListRows = {
  statement: (db) => statementsOf(db).costCentreRelation(),
  id: 'relation.id',
  shape: {
    id: col('relation.id'),
    cost_centre: object('costCentre', { id: 'id', name: 'name', code: 'code' }),
    contact_person: person('contactPerson', ['firstName', 'lastName'], true),
    role: roles,
    ...columns('relation', { start_date: 'startDate', end_date: 'endDate' }),
    ...audit('relation', ['firstName', 'lastName']),
  },
};

export const legalEntityListRows: ListRows = {
  statement: (db) => statementsOf(db).legalEntity(),
  id: 'legalEntity.id',
  shape: {
    ...columns('legalEntity', { id: 'id', name: 'name', abn: 'abn', acn: 'acn', search_name: 'searchName', abbr: 'abbr' }),
    primary_address: address,
    primary_contacts: primaryContacts,
    ...audit('legalEntity', ['firstName', 'lastName']),
  },
};

export const industryListRows: ListRows = {
  statement: (db) => statementsOf(db).industry(),
  id: 'industry.id',
  shape: {
    ...columns('industry', { id: 'id', name: 'name', description: 'description' }),
    legal_entity: object('legalEntity', { id: 'id', name: 'name', abbr: 'abbr' }),
    sub_industries_count: col('subIndustriesCount'),
    ...audit('industry', ['firstName', 'lastName']),
  },
};

export const subIndustryListRows: ListRows = {
  statement: (db) => statementsOf(db).subIndustry(),
  id: 'subIndustry.id',
  shape: {
    ...columns('subIndustry', { id: 'id', name: 'name', description: 'description' }),
    industry: named('industry'),
    ...audit('subIndustry', ['firstName', 'lastName']),
  },
};
