import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../identity/index';
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

/** The records module's tables by entity, their row types, what blocks a deletion, and the owners of addresses and contacts. */

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
export type EntityRow<K extends EntityKey> = (typeof ENTITY_TABLES)[K]['$inferSelect'];

/** Tables the seeders fill in bulk. */
export const BULK_TABLES = {
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

export type AnyEntityTable = PgTable & { id: PgColumn };
export const tableOf = (entity: ReferenceTarget): AnyEntityTable => (entity === 'user' ? users : ENTITY_TABLES[entity]);

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
/** A row of any entity's table: every one has an id, `updated_at` and `version` (records-columns.ts); other columns by name. */
export type AnyRow = { readonly id: string; readonly updatedAt: Date; readonly version: number; readonly [column: string]: unknown };
/** Column key -> value of one row's write (after the field -> column mapping); the repository writes it to the entity's table. */
export type ColumnValues = { [column: string]: unknown };


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

export const OWNERS = {
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
