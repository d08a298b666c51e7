import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { OPERATION_STATUSES } from '@ops/contract/records/records.values';
import { idColumn } from './columns';
import { auditColumns, blankText, inList } from './records-columns';
import { users } from './identity';
import { clients } from './records-accounts';
import { legalEntities, industries, subIndustries } from './records-base';

/** Operations (spec api-contract §3): brands, cost centres, and the users related to cost centres with roles. */
export const brands = pgTable(
  'operations_brand',
  {
    id: idColumn(),
    name: varchar('name', { length: 30 }).notNull(),
    description: blankText('description', 50),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'set null' }),
    ...auditColumns(),
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
    ...auditColumns(),
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
    ...auditColumns(),
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
    ...auditColumns(),
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
