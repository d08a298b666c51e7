import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_SOURCES,
  ACCOUNT_TYPES,
  ADDRESS_PURPOSES,
  COMMUNICATION_PREFERENCES,
  CONTACT_PERSON_TYPES,
  CONTACT_TYPES,
  GENDERS,
  OPERATION_STATUSES,
  PRONOUNS,
  RELATION_STATUSES,
  SALUTATIONS,
} from '@ops/contract/records/records.schemas';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';

/** Audit columns every business record carries (set by the server, never from input). */
const audit = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});

/** Optional text is stored as '' (Django's blank=True), so filters never need to care about null. */
const blankText = (name: string, length?: number) =>
  (length ? varchar(name, { length }) : text(name)).notNull().default('');

const inList = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.join(values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)), sql`, `)})`;

export const legalEntities = pgTable(
  'base_legal_entity',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    abn: blankText('abn', 11),
    acn: blankText('acn', 11),
    searchName: blankText('search_name', 255),
    abbr: varchar('abbr', { length: 11 }),
    ...audit(),
  },
  (t) => [
    uniqueIndex('base_legal_entity_abbr_uq').on(t.abbr).where(sql`${t.abbr} is not null`),
    index('base_legal_entity_name_idx').on(t.name, t.id),
    index('base_legal_entity_created_idx').on(t.createdAt, t.id),
    index('base_legal_entity_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('base_legal_entity_name_ck', sql`btrim(${t.name}) <> ''`),
  ],
);

export const industries = pgTable(
  'base_industry',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    description: blankText('description'),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'set null' }),
    ...audit(),
  },
  (t) => [
    index('base_industry_name_idx').on(t.name, t.id),
    index('base_industry_created_idx').on(t.createdAt, t.id),
    index('base_industry_legal_entity_idx').on(t.legalEntityId),
    index('base_industry_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('base_industry_name_ck', sql`btrim(${t.name}) <> ''`),
  ],
);

export const subIndustries = pgTable(
  'base_sub_industry',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    description: blankText('description'),
    industryId: uuid('industry_id').notNull().references(() => industries.id, { onDelete: 'restrict' }),
    ...audit(),
  },
  (t) => [
    index('base_sub_industry_industry_idx').on(t.industryId, t.name, t.id),
    index('base_sub_industry_name_idx').on(t.name, t.id),
    index('base_sub_industry_created_idx').on(t.createdAt, t.id),
    index('base_sub_industry_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('base_sub_industry_name_ck', sql`btrim(${t.name}) <> ''`),
  ],
);

export const clients = pgTable(
  'accounts_client',
  {
    id: idColumn(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    accountNumber: varchar('account_number', { length: 50 }).notNull(),
    abn: blankText('abn', 11),
    acn: blankText('acn', 11),
    name: varchar('name', { length: 255 }).notNull(),
    description: blankText('description'),
    masterRecordId: uuid('master_record_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    legalEntityId: uuid('legal_entity_id').notNull().references(() => legalEntities.id, { onDelete: 'restrict' }),
    industryId: uuid('industry_id').references(() => industries.id, { onDelete: 'set null' }),
    subIndustryId: uuid('sub_industry_id').references(() => subIndustries.id, { onDelete: 'set null' }),
    relationStatus: varchar('relation_status', { length: 20 }).notNull().default('ACTIVE'),
    accountType: varchar('account_type', { length: 20 }).notNull().default('CLIENT'),
    accountSource: varchar('account_source', { length: 30 }).notNull().default(''),
    numberOfEmployees: integer('number_of_employees'),
    annualRevenue: numeric('annual_revenue', { precision: 14, scale: 2 }),
    tickerSymbol: blankText('ticker_symbol', 10),
    ...audit(),
  },
  (t) => [
    uniqueIndex('accounts_client_account_number_uq').on(t.accountNumber),
    index('accounts_client_name_idx').on(t.name, t.id),
    index('accounts_client_created_idx').on(t.createdAt, t.id),
    index('accounts_client_updated_idx').on(t.updatedAt, t.id),
    index('accounts_client_status_idx').on(t.relationStatus, t.id),
    index('accounts_client_type_idx').on(t.accountType, t.id),
    index('accounts_client_abn_idx').on(t.abn, t.id),
    // Relation filters with the default ordering read one index range in name order.
    index('accounts_client_legal_entity_idx').on(t.legalEntityId, t.name, t.id),
    index('accounts_client_industry_idx').on(t.industryId, t.name, t.id),
    // The two used together (the directory's legal entity + industry filter) read one range in name order.
    index('accounts_client_legal_entity_industry_idx').on(t.legalEntityId, t.industryId, t.name, t.id),
    index('accounts_client_sub_industry_idx').on(t.subIndustryId),
    index('accounts_client_owner_idx').on(t.ownerId),
    index('accounts_client_parent_idx').on(t.parentId),
    index('accounts_client_master_idx').on(t.masterRecordId),
    index('accounts_client_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    // Search everything finds names by their words (modules/search, migration 0017).
    index('accounts_client_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`),
    index('accounts_client_account_number_trgm').using('gin', sql`${t.accountNumber} gin_trgm_ops`),
    index('accounts_client_abn_trgm').using('gin', sql`${t.abn} gin_trgm_ops`),
    check('accounts_client_relation_status_ck', inList(t.relationStatus, RELATION_STATUSES)),
    check('accounts_client_account_type_ck', inList(t.accountType, ACCOUNT_TYPES)),
    check('accounts_client_account_source_ck', inList(t.accountSource, ACCOUNT_SOURCES)),
    check('accounts_client_number_of_employees_ck', sql`${t.numberOfEmployees} >= 0`),
    check('accounts_client_name_ck', sql`btrim(${t.name}) <> '' and btrim(${t.accountNumber}) <> ''`),
  ],
);

export const contactPersons = pgTable(
  'accounts_contact_person',
  {
    id: idColumn(),
    companyId: uuid('company_id').notNull().references(() => clients.id, { onDelete: 'restrict' }),
    reportsToId: uuid('reports_to_id').references((): AnyPgColumn => contactPersons.id, { onDelete: 'set null' }),
    salutation: varchar('salutation', { length: 10 }).notNull().default(''),
    pronouns: varchar('pronouns', { length: 10 }).notNull().default(''),
    gender: varchar('gender', { length: 20 }).notNull().default(''),
    firstName: blankText('first_name', 50),
    middleName: blankText('middle_name', 50),
    lastName: blankText('last_name', 50),
    // Generated by the database so it is always in step with the name parts (read-only in the API).
    fullName: varchar('full_name', { length: 152 })
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`btrim(regexp_replace(${contactPersons.firstName} || ' ' || ${contactPersons.middleName} || ' ' || ${contactPersons.lastName}, '\\s+', ' ', 'g'))`,
      ),
    prefName: blankText('pref_name', 50),
    birthday: date('birthday', { mode: 'string' }),
    department: blankText('department', 60),
    position: blankText('position', 60),
    isStillWithCompany: boolean('is_still_with_company').notNull().default(true),
    communicationPreference: varchar('communication_preference', { length: 10 }).notNull().default('EMAIL'),
    contactPersonType: varchar('contact_person_type', { length: 15 }).notNull().default('OTHER'),
    isPrimary: boolean('is_primary').notNull().default(false),
    isEmailOptOut: boolean('is_email_opt_out').notNull().default(false),
    doNotCall: boolean('do_not_call').notNull().default(false),
    availability: blankText('availability', 50),
    linkedinProfile: blankText('linkedin_profile', 80),
    profilePhotoUrl: blankText('profile_photo_url', 80),
    notes: blankText('notes', 255),
    ...audit(),
  },
  (t) => [
    index('accounts_contact_person_company_idx').on(t.companyId, t.id),
    index('accounts_contact_person_full_name_idx').on(t.fullName, t.id),
    index('accounts_contact_person_last_name_idx').on(t.lastName, t.firstName, t.id),
    index('accounts_contact_person_created_idx').on(t.createdAt, t.id),
    index('accounts_contact_person_reports_to_idx').on(t.reportsToId),
    index('accounts_contact_person_full_name_trgm').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('accounts_contact_person_full_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.fullName})`),
    check('accounts_contact_person_salutation_ck', inList(t.salutation, SALUTATIONS)),
    check('accounts_contact_person_pronouns_ck', inList(t.pronouns, PRONOUNS)),
    check('accounts_contact_person_gender_ck', inList(t.gender, GENDERS)),
    check('accounts_contact_person_communication_preference_ck', inList(t.communicationPreference, COMMUNICATION_PREFERENCES)),
    check('accounts_contact_person_contact_person_type_ck', inList(t.contactPersonType, CONTACT_PERSON_TYPES)),
  ],
);

export const clientContactRoles = pgTable(
  'accounts_client_contact_role',
  {
    id: idColumn(),
    role: varchar('role', { length: 255 }).notNull(),
    responsibility: blankText('responsibility', 255),
    ...audit(),
  },
  (t) => [
    index('accounts_client_contact_role_role_idx').on(t.role, t.id),
    index('accounts_client_contact_role_created_idx').on(t.createdAt, t.id),
    check('accounts_client_contact_role_role_ck', sql`btrim(${t.role}) <> ''`),
  ],
);

export const contactRelations = pgTable(
  'accounts_contact_relation',
  {
    id: idColumn(),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'restrict' }),
    contactPersonId: uuid('contact_person_id').notNull().references(() => contactPersons.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...audit(),
  },
  (t) => [
    index('accounts_contact_relation_client_idx').on(t.clientId, t.id),
    index('accounts_contact_relation_person_idx').on(t.contactPersonId, t.id),
    index('accounts_contact_relation_created_idx').on(t.createdAt, t.id),
    check('accounts_contact_relation_dates_ck', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const contactRelationRoles = pgTable(
  'accounts_contact_relation_role',
  {
    relationId: uuid('relation_id').notNull().references(() => contactRelations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull().references(() => clientContactRoles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.relationId, t.roleId] }), index('accounts_contact_relation_role_role_idx').on(t.roleId, t.relationId)],
);

export const brands = pgTable(
  'operations_brand',
  {
    id: idColumn(),
    name: varchar('name', { length: 30 }).notNull(),
    description: blankText('description', 50),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'set null' }),
    ...audit(),
  },
  (t) => [
    index('operations_brand_name_idx').on(t.name, t.id),
    index('operations_brand_created_idx').on(t.createdAt, t.id),
    index('operations_brand_legal_entity_idx').on(t.legalEntityId),
    check('operations_brand_name_ck', sql`btrim(${t.name}) <> ''`),
  ],
);

export const costCentres = pgTable(
  'operations_cost_centre',
  {
    id: idColumn(),
    code: varchar('code', { length: 10 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    email: varchar('email', { length: 100 }).notNull(),
    operationStatus: varchar('operation_status', { length: 15 }).notNull().default('ONBOARDING'),
    notes: blankText('notes', 255),
    legalEntityId: uuid('legal_entity_id').notNull().references(() => legalEntities.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'restrict' }),
    franchisorId: uuid('franchisor_id').references(() => clients.id, { onDelete: 'set null' }),
    industryId: uuid('industry_id').references(() => industries.id, { onDelete: 'set null' }),
    subIndustryId: uuid('sub_industry_id').references(() => subIndustries.id, { onDelete: 'set null' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    ...audit(),
  },
  (t) => [
    uniqueIndex('operations_cost_centre_code_uq').on(t.code),
    index('operations_cost_centre_name_idx').on(t.name, t.id),
    index('operations_cost_centre_created_idx').on(t.createdAt, t.id),
    index('operations_cost_centre_status_idx').on(t.operationStatus, t.id),
    index('operations_cost_centre_client_idx').on(t.clientId, t.id),
    index('operations_cost_centre_legal_entity_idx').on(t.legalEntityId, t.id),
    index('operations_cost_centre_franchisor_idx').on(t.franchisorId),
    index('operations_cost_centre_industry_idx').on(t.industryId),
    index('operations_cost_centre_sub_industry_idx').on(t.subIndustryId),
    index('operations_cost_centre_brand_idx').on(t.brandId),
    index('operations_cost_centre_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('operations_cost_centre_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.name})`),
    index('operations_cost_centre_code_trgm').using('gin', sql`${t.code} gin_trgm_ops`),
    check('operations_cost_centre_operation_status_ck', inList(t.operationStatus, OPERATION_STATUSES)),
    check('operations_cost_centre_required_ck', sql`btrim(${t.name}) <> '' and btrim(${t.code}) <> '' and btrim(${t.email}) <> ''`),
  ],
);

export const operationContactRoles = pgTable(
  'operations_contact_role',
  {
    id: idColumn(),
    role: varchar('role', { length: 255 }).notNull(),
    responsibility: blankText('responsibility', 255),
    ...audit(),
  },
  (t) => [
    index('operations_contact_role_role_idx').on(t.role, t.id),
    index('operations_contact_role_created_idx').on(t.createdAt, t.id),
    check('operations_contact_role_role_ck', sql`btrim(${t.role}) <> ''`),
  ],
);

/** A user related to a cost centre (spec api-contract §3: the cost-centre relation's contact person is a user). */
export const costCentreRelations = pgTable(
  'operations_contact_relation',
  {
    id: idColumn(),
    costCentreId: uuid('cost_centre_id').notNull().references(() => costCentres.id, { onDelete: 'restrict' }),
    contactPersonId: uuid('contact_person_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...audit(),
  },
  (t) => [
    index('operations_contact_relation_cost_centre_idx').on(t.costCentreId, t.id),
    index('operations_contact_relation_user_idx').on(t.contactPersonId, t.id),
    index('operations_contact_relation_created_idx').on(t.createdAt, t.id),
    check('operations_contact_relation_dates_ck', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const costCentreRelationRoles = pgTable(
  'operations_contact_relation_role',
  {
    relationId: uuid('relation_id').notNull().references(() => costCentreRelations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull().references(() => operationContactRoles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.relationId, t.roleId] }), index('operations_contact_relation_role_role_idx').on(t.roleId, t.relationId)],
);

/**
 * Addresses of clients, contact persons, cost centres and legal entities: one
 * owner column set per row; at most one primary per owner (partial unique indexes).
 */
export const addresses = pgTable(
  'records_address',
  {
    id: idColumn(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    contactPersonId: uuid('contact_person_id').references(() => contactPersons.id, { onDelete: 'cascade' }),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'cascade' }),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'cascade' }),
    addressName: varchar('address_name', { length: 255 }).notNull(),
    note: blankText('note'),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    premiseAddress: blankText('premise_address', 255),
    streetAddress: varchar('street_address', { length: 255 }).notNull(),
    locality: varchar('locality', { length: 255 }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    postalCode: varchar('postal_code', { length: 20 }).notNull(),
    country: varchar('country', { length: 100 }).notNull(),
    formattedAddress: blankText('formatted_address', 500),
    timeZone: blankText('time_zone', 50),
    latitude: numeric('latitude', { precision: 10, scale: 7 }),
    longitude: numeric('longitude', { precision: 10, scale: 7 }),
    drivingDirection: blankText('driving_direction'),
    placesApiData: jsonb('places_api_data'),
    ...audit(),
  },
  (t) => [
    check('records_address_one_owner_ck', sql`num_nonnulls(${t.clientId}, ${t.contactPersonId}, ${t.costCentreId}, ${t.legalEntityId}) = 1`),
    check('records_address_purpose_ck', inList(t.purpose, ADDRESS_PURPOSES)),
    check('records_address_latitude_ck', sql`${t.latitude} between -90 and 90`),
    check('records_address_longitude_ck', sql`${t.longitude} between -180 and 180`),
    uniqueIndex('records_address_client_primary_uq').on(t.clientId).where(sql`${t.isPrimary} and ${t.clientId} is not null`),
    uniqueIndex('records_address_contact_person_primary_uq').on(t.contactPersonId).where(sql`${t.isPrimary} and ${t.contactPersonId} is not null`),
    uniqueIndex('records_address_cost_centre_primary_uq').on(t.costCentreId).where(sql`${t.isPrimary} and ${t.costCentreId} is not null`),
    uniqueIndex('records_address_legal_entity_primary_uq').on(t.legalEntityId).where(sql`${t.isPrimary} and ${t.legalEntityId} is not null`),
    index('records_address_client_idx').on(t.clientId, t.createdAt, t.id),
    index('records_address_contact_person_idx').on(t.contactPersonId, t.createdAt, t.id),
    index('records_address_cost_centre_idx').on(t.costCentreId, t.createdAt, t.id),
    index('records_address_legal_entity_idx').on(t.legalEntityId, t.createdAt, t.id),
    index('records_address_name_idx').on(t.addressName, t.id),
    index('records_address_created_idx').on(t.createdAt, t.id),
  ],
);

export const contacts = pgTable(
  'records_contact',
  {
    id: idColumn(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    contactPersonId: uuid('contact_person_id').references(() => contactPersons.id, { onDelete: 'cascade' }),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'cascade' }),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'cascade' }),
    description: blankText('description', 50),
    contactDetail: varchar('contact_detail', { length: 255 }).notNull(),
    contactType: varchar('contact_type', { length: 10 }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...audit(),
  },
  (t) => [
    check('records_contact_one_owner_ck', sql`num_nonnulls(${t.clientId}, ${t.contactPersonId}, ${t.costCentreId}, ${t.legalEntityId}) = 1`),
    check('records_contact_contact_type_ck', inList(t.contactType, CONTACT_TYPES)),
    check('records_contact_contact_detail_ck', sql`btrim(${t.contactDetail}) <> ''`),
    uniqueIndex('records_contact_client_primary_uq').on(t.clientId, t.contactType).where(sql`${t.isPrimary} and ${t.clientId} is not null`),
    uniqueIndex('records_contact_contact_person_primary_uq').on(t.contactPersonId, t.contactType).where(sql`${t.isPrimary} and ${t.contactPersonId} is not null`),
    uniqueIndex('records_contact_cost_centre_primary_uq').on(t.costCentreId, t.contactType).where(sql`${t.isPrimary} and ${t.costCentreId} is not null`),
    uniqueIndex('records_contact_legal_entity_primary_uq').on(t.legalEntityId, t.contactType).where(sql`${t.isPrimary} and ${t.legalEntityId} is not null`),
    index('records_contact_client_idx').on(t.clientId, t.createdAt, t.id),
    index('records_contact_contact_person_idx').on(t.contactPersonId, t.createdAt, t.id),
    index('records_contact_cost_centre_idx').on(t.costCentreId, t.createdAt, t.id),
    index('records_contact_legal_entity_idx').on(t.legalEntityId, t.createdAt, t.id),
    index('records_contact_detail_trgm').using('gin', sql`${t.contactDetail} gin_trgm_ops`),
    index('records_contact_created_idx').on(t.createdAt, t.id),
  ],
);

/** Users allocated to legal entities, clients and cost centres (spec platform §5): one target per row. */
export const allocations = pgTable(
  'records_allocation',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** MANUAL (an administrator), PAYROLL or DIRECTORY (derived by the adp and google-sync syncs). */
    source: varchar('source', { length: 10 }).notNull().default('MANUAL'),
  },
  (t) => [
    check('records_allocation_one_target_ck', sql`num_nonnulls(${t.legalEntityId}, ${t.clientId}, ${t.costCentreId}) = 1`),
    check('records_allocation_source_ck', sql`${t.source} in ('MANUAL', 'PAYROLL', 'DIRECTORY')`),
    uniqueIndex('records_allocation_legal_entity_uq').on(t.userId, t.legalEntityId, t.source).where(sql`${t.legalEntityId} is not null`),
    uniqueIndex('records_allocation_client_uq').on(t.userId, t.clientId, t.source).where(sql`${t.clientId} is not null`),
    uniqueIndex('records_allocation_cost_centre_uq').on(t.userId, t.costCentreId, t.source).where(sql`${t.costCentreId} is not null`),
    index('records_allocation_source_idx').on(t.source, t.userId),
    index('records_allocation_created_idx').on(t.createdAt, t.id),
    index('records_allocation_client_idx').on(t.clientId),
    index('records_allocation_cost_centre_idx').on(t.costCentreId),
    index('records_allocation_legal_entity_idx').on(t.legalEntityId),
  ],
);
