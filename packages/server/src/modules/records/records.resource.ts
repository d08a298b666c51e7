import {
  ACCOUNT_SOURCES,
  ACCOUNT_TYPES,
  ADDRESS_PURPOSES,
  addressSchema,
  brandSchema,
  clientMarkerSchema,
  clientSchema,
  COMMUNICATION_PREFERENCES,
  CONTACT_PERSON_TYPES,
  CONTACT_TYPES,
  contactPersonSchema,
  contactRelationSchema,
  contactSchema,
  costCentreMarkerSchema,
  costCentreRelationSchema,
  costCentreSchema,
  GENDERS,
  industrySchema,
  legalEntitySchema,
  OPERATION_STATUSES,
  RELATION_STATUSES,
  roleSchema,
  SALUTATIONS,
  subIndustrySchema,
} from '@ops/contract/records/records.schemas';
import {
  clientAllocationSchema,
  costCentreAllocationSchema,
  legalEntityAllocationSchema,
} from '@ops/contract/identity/identity.schemas';
import {
  addresses,
  brands,
  clientContactRoles,
  clients,
  contactPersons,
  contactRelations,
  contacts,
  costCentreRelations,
  costCentres,
  industries,
  legalEntities,
  operationContactRoles,
  subIndustries,
} from '../../db/schema/records';
import { sql, type SQL } from 'drizzle-orm';
import { defineListResource, type ListField, type ListResource, type ListViewer } from '../../list-query/list-resource';
import { usersResource } from '../identity/index';
import { allocationScopeOf, type AllocationConditions } from './allocation-scope';

/** A row scope from the viewer's allocation: Operation and Site users see only what it reaches. */
const allocated =
  (pick: (conditions: AllocationConditions) => SQL) =>
  (viewer: ListViewer): SQL | undefined => {
    const conditions = allocationScopeOf(viewer.user, viewer.allocatedClients);
    return conditions ? pick(conditions) : undefined;
  };

/**
 * List declarations of the business records: which fields filter (with `__`
 * traversal into relations), which order (each backed by a `(field, id)`
 * index) and which `search` matches (trigram-indexed text).
 */
const audited = (table: {
  createdAt: ListField['column'];
  updatedAt: ListField['column'];
  createdById: ListField['column'];
  updatedById: ListField['column'];
}) =>
  ({
    created_at: { kind: 'datetime', column: table.createdAt, order: true },
    updated_at: { kind: 'datetime', column: table.updatedAt },
    created_by: { kind: 'uuid', column: table.createdById, relation: () => usersResource },
    updated_by: { kind: 'uuid', column: table.updatedById, relation: () => usersResource },
  }) satisfies Record<string, ListField>;

export const legalEntitiesResource: ListResource = defineListResource({
  name: 'legal-entities',
  flatExport: true,
  table: legalEntities,
  id: legalEntities.id,
  model: 'legalentity',
  fields: {
    id: { kind: 'uuid', column: legalEntities.id, order: true },
    name: { kind: 'text', column: legalEntities.name, order: true },
    abn: { kind: 'text', column: legalEntities.abn },
    acn: { kind: 'text', column: legalEntities.acn },
    search_name: { kind: 'text', column: legalEntities.searchName },
    abbr: { kind: 'text', column: legalEntities.abbr },
    ...audited(legalEntities),
  },
  search: ['name', 'abbr', 'search_name'],
  defaultOrdering: ['name'],
  itemSchema: legalEntitySchema,
});

export const industriesResource: ListResource = defineListResource({
  name: 'industries',
  flatExport: true,
  table: industries,
  id: industries.id,
  model: 'industry',
  fields: {
    id: { kind: 'uuid', column: industries.id, order: true },
    name: { kind: 'text', column: industries.name, order: true },
    description: { kind: 'text', column: industries.description },
    sub_industries_count: { kind: 'number', column: sql`(select count(*)::int from ${subIndustries} where ${subIndustries.industryId} = ${industries.id})` },
    legal_entity: { kind: 'uuid', column: industries.legalEntityId, relation: () => legalEntitiesResource },
    ...audited(industries),
  },
  search: ['name'],
  defaultOrdering: ['name'],
  itemSchema: industrySchema,
});

export const subIndustriesResource: ListResource = defineListResource({
  name: 'sub-industries',
  flatExport: true,
  table: subIndustries,
  id: subIndustries.id,
  model: 'subindustry',
  fields: {
    id: { kind: 'uuid', column: subIndustries.id, order: true },
    name: { kind: 'text', column: subIndustries.name, order: true },
    description: { kind: 'text', column: subIndustries.description },
    industry: { kind: 'uuid', column: subIndustries.industryId, relation: () => industriesResource },
    ...audited(subIndustries),
  },
  search: ['name', 'industry__name'],
  defaultOrdering: ['name'],
  itemSchema: subIndustrySchema,
});

export const clientsResource: ListResource = defineListResource({
  name: 'clients',
  flatExport: true,
  table: clients,
  id: clients.id,
  model: 'client',
  rowScope: allocated((c) => c.client.all),
  fields: {
    id: { kind: 'uuid', column: clients.id, order: true },
    name: { kind: 'text', column: clients.name, order: true },
    account_number: { kind: 'text', column: clients.accountNumber, order: true },
    abn: { kind: 'text', column: clients.abn, order: true },
    acn: { kind: 'text', column: clients.acn },
    description: { kind: 'text', column: clients.description },
    ticker_symbol: { kind: 'text', column: clients.tickerSymbol },
    legal_entity: { kind: 'uuid', column: clients.legalEntityId, relation: () => legalEntitiesResource },
    industry: { kind: 'uuid', column: clients.industryId, relation: () => industriesResource },
    sub_industry: { kind: 'uuid', column: clients.subIndustryId, relation: () => subIndustriesResource },
    owner: { kind: 'uuid', column: clients.ownerId, relation: () => usersResource },
    parent: { kind: 'uuid', column: clients.parentId, relation: () => clientsResource },
    master_record: { kind: 'uuid', column: clients.masterRecordId, relation: () => clientsResource },
    relation_status: { kind: 'enum', column: clients.relationStatus, enumValues: RELATION_STATUSES, order: true },
    account_type: { kind: 'enum', column: clients.accountType, enumValues: ACCOUNT_TYPES, order: true },
    account_source: { kind: 'enum', column: clients.accountSource, enumValues: ACCOUNT_SOURCES },
    number_of_employees: { kind: 'number', column: clients.numberOfEmployees },
    annual_revenue: { kind: 'decimal', column: clients.annualRevenue },
    ...audited(clients),
    updated_at: { kind: 'datetime', column: clients.updatedAt, order: true },
  },
  search: ['name', 'account_number', 'abn'],
  defaultOrdering: ['name'],
  itemSchema: clientSchema,
});

export const contactPersonsResource: ListResource = defineListResource({
  name: 'contact-persons',
  flatExport: true,
  table: contactPersons,
  id: contactPersons.id,
  model: 'contactperson',
  rowScope: allocated((c) => c.contactPerson),
  fields: {
    id: { kind: 'uuid', column: contactPersons.id, order: true },
    company: { kind: 'uuid', column: contactPersons.companyId, relation: () => clientsResource },
    reports_to: { kind: 'uuid', column: contactPersons.reportsToId, relation: () => contactPersonsResource },
    salutation: { kind: 'enum', column: contactPersons.salutation, enumValues: SALUTATIONS },
    gender: { kind: 'enum', column: contactPersons.gender, enumValues: GENDERS },
    first_name: { kind: 'text', column: contactPersons.firstName },
    last_name: { kind: 'text', column: contactPersons.lastName, order: true },
    full_name: { kind: 'text', column: contactPersons.fullName, order: true },
    pref_name: { kind: 'text', column: contactPersons.prefName },
    middle_name: { kind: 'text', column: contactPersons.middleName },
    pronouns: { kind: 'text', column: contactPersons.pronouns },
    availability: { kind: 'text', column: contactPersons.availability },
    linkedin_profile: { kind: 'text', column: contactPersons.linkedinProfile },
    profile_photo_url: { kind: 'text', column: contactPersons.profilePhotoUrl },
    notes: { kind: 'text', column: contactPersons.notes },
    department: { kind: 'text', column: contactPersons.department },
    position: { kind: 'text', column: contactPersons.position },
    birthday: { kind: 'date', column: contactPersons.birthday },
    is_still_with_company: { kind: 'boolean', column: contactPersons.isStillWithCompany },
    communication_preference: {
      kind: 'enum',
      column: contactPersons.communicationPreference,
      enumValues: COMMUNICATION_PREFERENCES,
    },
    contact_person_type: { kind: 'enum', column: contactPersons.contactPersonType, enumValues: CONTACT_PERSON_TYPES },
    is_primary: { kind: 'boolean', column: contactPersons.isPrimary },
    is_email_opt_out: { kind: 'boolean', column: contactPersons.isEmailOptOut },
    do_not_call: { kind: 'boolean', column: contactPersons.doNotCall },
    ...audited(contactPersons),
  },
  search: ['full_name'],
  defaultOrdering: ['full_name'],
  itemSchema: contactPersonSchema,
});

function roleResource(name: string, table: typeof clientContactRoles | typeof operationContactRoles): ListResource {
  return defineListResource({
    name,
    table,
    id: table.id,
    fields: {
      id: { kind: 'uuid', column: table.id, order: true },
      role: { kind: 'text', column: table.role, order: true },
      responsibility: { kind: 'text', column: table.responsibility },
      ...audited(table),
    },
    search: ['role', 'responsibility'],
    defaultOrdering: ['role'],
    itemSchema: roleSchema,
  });
}
export const clientRolesResource = roleResource('client-contact-roles', clientContactRoles);
export const operationRolesResource = roleResource('operation-contact-roles', operationContactRoles);

export const contactRelationsResource: ListResource = defineListResource({
  name: 'contact-relations',
  table: contactRelations,
  id: contactRelations.id,
  model: 'contactrelation',
  rowScope: allocated((c) => c.contactRelation),
  fields: {
    id: { kind: 'uuid', column: contactRelations.id, order: true },
    client: { kind: 'uuid', column: contactRelations.clientId, relation: () => clientsResource },
    contact_person: { kind: 'uuid', column: contactRelations.contactPersonId, relation: () => contactPersonsResource },
    start_date: { kind: 'date', column: contactRelations.startDate },
    end_date: { kind: 'date', column: contactRelations.endDate },
    ...audited(contactRelations),
  },
  search: ['client__name', 'contact_person__full_name'],
  defaultOrdering: ['-created_at'],
  itemSchema: contactRelationSchema,
});

export const brandsResource: ListResource = defineListResource({
  name: 'brands',
  flatExport: true,
  table: brands,
  id: brands.id,
  model: 'brand',
  fields: {
    id: { kind: 'uuid', column: brands.id, order: true },
    name: { kind: 'text', column: brands.name, order: true },
    description: { kind: 'text', column: brands.description },
    legal_entity: { kind: 'uuid', column: brands.legalEntityId, relation: () => legalEntitiesResource },
    ...audited(brands),
  },
  search: ['name', 'description'],
  defaultOrdering: ['name'],
  itemSchema: brandSchema,
});

export const costCentresResource: ListResource = defineListResource({
  name: 'cost-centres',
  flatExport: true,
  table: costCentres,
  id: costCentres.id,
  model: 'costcentre',
  rowScope: allocated((c) => c.costCentre.all),
  fields: {
    id: { kind: 'uuid', column: costCentres.id, order: true },
    code: { kind: 'text', column: costCentres.code, order: true },
    name: { kind: 'text', column: costCentres.name, order: true },
    email: { kind: 'text', column: costCentres.email },
    notes: { kind: 'text', column: costCentres.notes },
    operation_status: { kind: 'enum', column: costCentres.operationStatus, enumValues: OPERATION_STATUSES, order: true },
    legal_entity: { kind: 'uuid', column: costCentres.legalEntityId, relation: () => legalEntitiesResource },
    client: { kind: 'uuid', column: costCentres.clientId, relation: () => clientsResource },
    franchisor: { kind: 'uuid', column: costCentres.franchisorId, relation: () => clientsResource },
    industry: { kind: 'uuid', column: costCentres.industryId, relation: () => industriesResource },
    sub_industry: { kind: 'uuid', column: costCentres.subIndustryId, relation: () => subIndustriesResource },
    brand: { kind: 'uuid', column: costCentres.brandId, relation: () => brandsResource },
    ...audited(costCentres),
  },
  search: ['code', 'name'],
  defaultOrdering: ['name'],
  itemSchema: costCentreSchema,
});

export const costCentreRelationsResource: ListResource = defineListResource({
  name: 'cost-centre-contact-relations',
  table: costCentreRelations,
  id: costCentreRelations.id,
  model: 'costcentrecontactrelation',
  rowScope: allocated((c) => c.costCentreRelation),
  fields: {
    id: { kind: 'uuid', column: costCentreRelations.id, order: true },
    cost_centre: { kind: 'uuid', column: costCentreRelations.costCentreId, relation: () => costCentresResource },
    contact_person: { kind: 'uuid', column: costCentreRelations.contactPersonId, relation: () => usersResource },
    start_date: { kind: 'date', column: costCentreRelations.startDate },
    end_date: { kind: 'date', column: costCentreRelations.endDate },
    ...audited(costCentreRelations),
  },
  search: ['cost_centre__name', 'contact_person__email'],
  defaultOrdering: ['-created_at'],
  itemSchema: costCentreRelationSchema,
});

export const addressesResource: ListResource = defineListResource({
  name: 'addresses',
  table: addresses,
  id: addresses.id,
  fields: {
    id: { kind: 'uuid', column: addresses.id, order: true },
    address_name: { kind: 'text', column: addresses.addressName, order: true },
    purpose: { kind: 'enum', column: addresses.purpose, enumValues: ADDRESS_PURPOSES },
    is_primary: { kind: 'boolean', column: addresses.isPrimary },
    street_address: { kind: 'text', column: addresses.streetAddress },
    locality: { kind: 'text', column: addresses.locality },
    state: { kind: 'text', column: addresses.state },
    postal_code: { kind: 'text', column: addresses.postalCode },
    country: { kind: 'text', column: addresses.country },
    latitude: { kind: 'decimal', column: addresses.latitude },
    longitude: { kind: 'decimal', column: addresses.longitude },
    created_at: { kind: 'datetime', column: addresses.createdAt, order: true },
  },
  search: ['address_name', 'street_address', 'locality', 'postal_code'],
  defaultOrdering: ['created_at'],
  itemSchema: addressSchema,
});

export const contactsResource: ListResource = defineListResource({
  name: 'contacts',
  table: contacts,
  id: contacts.id,
  fields: {
    id: { kind: 'uuid', column: contacts.id, order: true },
    contact_type: { kind: 'enum', column: contacts.contactType, enumValues: CONTACT_TYPES },
    contact_detail: { kind: 'text', column: contacts.contactDetail },
    description: { kind: 'text', column: contacts.description },
    is_primary: { kind: 'boolean', column: contacts.isPrimary },
    created_at: { kind: 'datetime', column: contacts.createdAt, order: true },
  },
  search: ['contact_detail', 'description'],
  defaultOrdering: ['created_at'],
  itemSchema: contactSchema,
});

/** Markers list the same rows as their record lists, filtered the same way. */
export const clientMarkersResource: ListResource = defineListResource({
  ...clientsResource,
  name: 'client-markers',
  itemSchema: clientMarkerSchema,
});
export const costCentreMarkersResource: ListResource = defineListResource({
  ...costCentresResource,
  name: 'cost-centre-markers',
  itemSchema: costCentreMarkerSchema,
});

export const clientAllocationResource: ListResource = defineListResource({
  ...clientsResource,
  name: 'client-allocation',
  itemSchema: clientAllocationSchema,
});
export const costCentreAllocationResource: ListResource = defineListResource({
  ...costCentresResource,
  name: 'cost-centre-allocation',
  itemSchema: costCentreAllocationSchema,
});
export const legalEntityAllocationResource: ListResource = defineListResource({
  ...legalEntitiesResource,
  name: 'legal-entity-allocation',
  itemSchema: legalEntityAllocationSchema,
});
