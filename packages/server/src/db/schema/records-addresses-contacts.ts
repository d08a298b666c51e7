import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ADDRESS_PURPOSES, CONTACT_TYPES } from '@ops/contract/records/records.values';
import { idColumn } from './columns';
import { auditColumns, blankText, inList } from './records-columns';
import { clients, contactPersons } from './records-accounts';
import { legalEntities } from './records-base';
import { costCentres } from './records-operations';

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
    ...auditColumns(),
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
    ...auditColumns(),
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
