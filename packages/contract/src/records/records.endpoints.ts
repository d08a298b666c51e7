import { employeeSchema } from '../integrations/adp.schemas';
import { z } from 'zod';
import { endpoint, type Access, type PermissionAction } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { uuid } from '../common/fields';
import { historyEntrySchema } from '../common/audit';
import {
  addressInputSchema,
  addressPatchSchema,
  addressSchema,
  brandInputSchema,
  brandPatchSchema,
  brandSchema,
  clientCreateSchema,
  clientInputSchema,
  clientMarkerSchema,
  clientPatchSchema,
  clientSchema,
  contactInputSchema,
  contactPatchSchema,
  contactPersonInputSchema,
  contactPersonPatchSchema,
  contactPersonSchema,
  contactRelationInputSchema,
  contactRelationPatchSchema,
  contactRelationSchema,
  contactSchema,
  
  costCentreInputSchema,
  costCentreMarkerSchema,
  costCentrePatchSchema,
  costCentreRelationInputSchema,
  costCentreRelationPatchSchema,
  costCentreRelationSchema,
  costCentreSchema,
  industryInputSchema,
  industryPatchSchema,
  industrySchema,
  legalEntityCreateSchema,
  legalEntityInputSchema,
  legalEntityPatchSchema,
  legalEntitySchema,
  nestedSubIndustryInputSchema,
  nestedSubIndustryPatchSchema,
  operationContactsSchema,
  roleInputSchema,
  rolePatchSchema,
  roleSchema,
  subIndustryInputSchema,
  subIndustryPatchSchema,
  subIndustrySchema,
} from './records.schemas';

const can = (model: string, action: PermissionAction): Access => ({ kind: 'permission', model, action });
const idOnly = z.object({ id: uuid() });
const withParent = (parent: string) => z.object({ [parent]: uuid(), id: uuid() });
const parentOnly = (parent: string) => z.object({ [parent]: uuid() });

interface CrudOptions<Item extends z.ZodType, Create extends z.ZodType, Put extends z.ZodType, Patch extends z.ZodType> {
  /** Collection path, e.g. `/api/accounts/clients/` or `/api/accounts/clients/{client_id}/addresses/`. */
  path: string;
  /** Path parameter naming the parent, for nested collections. */
  parent?: string;
  noun: string;
  tags: string[];
  model: string;
  item: Item;
  create: Create;
  put: Put;
  patch: Patch;
}

/** The spec's "full CRUD" set: list, create, detail, replace, partial update, delete. */
function crud<Item extends z.ZodType, Create extends z.ZodType, Put extends z.ZodType, Patch extends z.ZodType>(
  o: CrudOptions<Item, Create, Put, Patch>,
) {
  const itemPath = `${o.path}{id}/`;
  const collectionParams = o.parent ? parentOnly(o.parent) : undefined;
  const itemParams = o.parent ? withParent(o.parent) : idOnly;
  const base = { tags: o.tags };
  // A record's detail answers its ETag and its writes take If-Match (platform.md 14.6).
  const versioned = { ...base, versioned: true } as const;
  return {
    list: endpoint({ ...base, method: 'GET', path: o.path, summary: `List ${o.noun}s`, access: can(o.model, 'read'), params: collectionParams, query: listQuerySchema, responses: { 200: paginated(o.item) } }),
    create: endpoint({ ...base, method: 'POST', path: o.path, summary: `Create a ${o.noun}`, access: can(o.model, 'add'), params: collectionParams, body: o.create, responses: { 201: o.item } }),
    get: endpoint({ ...versioned, method: 'GET', path: itemPath, summary: `One ${o.noun}`, access: can(o.model, 'read'), params: itemParams, responses: { 200: o.item } }),
    put: endpoint({ ...versioned, method: 'PUT', path: itemPath, summary: `Replace a ${o.noun}`, access: can(o.model, 'change'), params: itemParams, body: o.put, responses: { 200: o.item } }),
    patch: endpoint({ ...versioned, method: 'PATCH', path: itemPath, summary: `Change some fields of a ${o.noun}`, access: can(o.model, 'change'), params: itemParams, body: o.patch, responses: { 200: o.item } }),
    delete: endpoint({ ...versioned, method: 'DELETE', path: itemPath, summary: `Delete a ${o.noun}`, access: can(o.model, 'delete'), params: itemParams, responses: { 204: null } }),
  };
}

/** What an owner's addresses or contacts are written and answered with. */
interface OwnedSchemas<Item extends z.ZodType, Input extends z.ZodType, Patch extends z.ZodType> {
  kind: 'address' | 'contact';
  item: Item;
  input: Input;
  patch: Patch;
}
const ADDRESSES = { kind: 'address', item: addressSchema, input: addressInputSchema, patch: addressPatchSchema } as const;
const CONTACTS = { kind: 'contact', item: contactSchema, input: contactInputSchema, patch: contactPatchSchema } as const;

/** Addresses or contacts of one owner, with the make-primary action (spec platform §6). */
function owned<Item extends z.ZodType, Input extends z.ZodType, Patch extends z.ZodType>(
  schemas: OwnedSchemas<Item, Input, Patch>,
  ownerPath: string,
  parent: string,
  model: string,
  tags: string[],
) {
  const { kind, item } = schemas;
  const isAddress = kind === 'address';
  const path = `${ownerPath}{${parent}}/${isAddress ? 'addresses' : 'contacts'}/`;
  return {
    ...crud({ path, parent, noun: kind, tags, model, item, create: schemas.input, put: schemas.input, patch: schemas.patch }),
    makePrimary: endpoint({
      // If-Match holds it to the version the user saw (a row changed since answers 412).
      versioned: true,
      method: 'POST',
      path: `${path}{id}/make-primary/`,
      summary: `Make this ${kind} the primary one${isAddress ? '' : ' of its type'}`,
      tags,
      access: can(model, 'change'),
      params: withParent(parent),
      responses: { 200: item },
    }),
  };
}

function history(path: string, model: string, noun: string, tags: string[]) {
  return endpoint({
    method: 'GET',
    path: `${path}{id}/history/`,
    summary: `Audit trail of a ${noun}, newest first`,
    tags,
    access: can(model, 'read'),
    params: idOnly,
    query: listQuerySchema,
    responses: { 200: paginated(historyEntrySchema) },
  });
}

function relationsOf(path: string, model: string, noun: string, item: z.ZodType, tags: string[]) {
  return endpoint({
    method: 'GET',
    path: `${path}{id}/contact-relations/`,
    summary: `Contact relations of a ${noun}`,
    tags,
    access: can(model, 'read'),
    params: idOnly,
    query: listQuerySchema,
    responses: { 200: paginated(item) },
  });
}

function withoutList<T extends { list: unknown }>(set: T): Omit<T, 'list'> {
  const { list: _list, ...rest } = set;
  return rest;
}

const accounts = ['accounts'];
const base = ['base'];
const operations = ['operations'];
const maps = ['directory-maps'];

const CLIENTS = '/api/accounts/clients/';
const CONTACT_PERSONS = '/api/accounts/contact-persons/';
const CLIENT_ROLES = '/api/accounts/roles/';
const INDUSTRIES = '/api/base/industries/';
const LEGAL_ENTITIES = '/api/base/legal-entities/';
const BRANDS = '/api/operations/brands/';
const COST_CENTRES = '/api/operations/cost-centres/';
const OPERATION_ROLES = '/api/operations/roles/';

export const accountsEndpoints = {
  clients: crud({ path: CLIENTS, noun: 'client', tags: accounts, model: 'client', item: clientSchema, create: clientCreateSchema, put: clientInputSchema, patch: clientPatchSchema }),
  clientAddresses: owned(ADDRESSES, CLIENTS, 'client_id', 'client', accounts),
  clientContacts: owned(CONTACTS, CLIENTS, 'client_id', 'client', accounts),
  clientRelations: relationsOf(CLIENTS, 'client', 'client', contactRelationSchema, accounts),
  clientHistory: history(CLIENTS, 'client', 'client', accounts),
  contactPersons: crud({ path: CONTACT_PERSONS, noun: 'contact person', tags: accounts, model: 'contactperson', item: contactPersonSchema, create: contactPersonInputSchema, put: contactPersonInputSchema, patch: contactPersonPatchSchema }),
  contactPersonAddresses: owned(ADDRESSES, CONTACT_PERSONS, 'contact_person_id', 'contactperson', accounts),
  contactPersonContacts: owned(CONTACTS, CONTACT_PERSONS, 'contact_person_id', 'contactperson', accounts),
  contactPersonRelations: relationsOf(CONTACT_PERSONS, 'contactperson', 'contact person', contactRelationSchema, accounts),
  contactPersonHistory: history(CONTACT_PERSONS, 'contactperson', 'contact person', accounts),
  contactRelations: withoutList(crud({ path: '/api/accounts/contact-relations/', noun: 'client contact relation', tags: accounts, model: 'contactrelation', item: contactRelationSchema, create: contactRelationInputSchema, put: contactRelationInputSchema, patch: contactRelationPatchSchema })),
  roles: crud({ path: CLIENT_ROLES, noun: 'client contact role', tags: accounts, model: 'clientcontactrole', item: roleSchema, create: roleInputSchema, put: roleInputSchema, patch: rolePatchSchema }),
  roleRelations: relationsOf(CLIENT_ROLES, 'clientcontactrole', 'client contact role', contactRelationSchema, accounts),
};

export const baseEndpoints = {
  industries: crud({ path: INDUSTRIES, noun: 'industry', tags: base, model: 'industry', item: industrySchema, create: industryInputSchema, put: industryInputSchema, patch: industryPatchSchema }),
  industryHistory: history(INDUSTRIES, 'industry', 'industry', base),
  industrySubIndustries: crud({ path: `${INDUSTRIES}{industry_id}/sub-industries/`, parent: 'industry_id', noun: 'sub-industry', tags: base, model: 'subindustry', item: subIndustrySchema, create: nestedSubIndustryInputSchema, put: nestedSubIndustryInputSchema, patch: nestedSubIndustryPatchSchema }),
  subIndustries: crud({ path: '/api/base/sub-industries/', noun: 'sub-industry', tags: base, model: 'subindustry', item: subIndustrySchema, create: subIndustryInputSchema, put: subIndustryInputSchema, patch: subIndustryPatchSchema }),
  legalEntities: crud({ path: LEGAL_ENTITIES, noun: 'legal entity', tags: base, model: 'legalentity', item: legalEntitySchema, create: legalEntityCreateSchema, put: legalEntityInputSchema, patch: legalEntityPatchSchema }),
  legalEntityAddresses: owned(ADDRESSES, LEGAL_ENTITIES, 'legal_entity_id', 'legalentity', base),
  legalEntityContacts: owned(CONTACTS, LEGAL_ENTITIES, 'legal_entity_id', 'legalentity', base),
  legalEntityHistory: history(LEGAL_ENTITIES, 'legalentity', 'legal entity', base),
};

export const operationsEndpoints = {
  brands: crud({ path: BRANDS, noun: 'brand', tags: operations, model: 'brand', item: brandSchema, create: brandInputSchema, put: brandInputSchema, patch: brandPatchSchema }),
  brandHistory: history(BRANDS, 'brand', 'brand', operations),
  userRelations: relationsOf('/api/operations/contact-persons/', 'costcentrecontactrelation', 'user (cost centre contact person)', costCentreRelationSchema, operations),
  contactRelations: withoutList(crud({ path: '/api/operations/contact-relations/', noun: 'cost centre contact relation', tags: operations, model: 'costcentrecontactrelation', item: costCentreRelationSchema, create: costCentreRelationInputSchema, put: costCentreRelationInputSchema, patch: costCentreRelationPatchSchema })),
  costCentres: crud({ path: COST_CENTRES, noun: 'cost centre', tags: operations, model: 'costcentre', item: costCentreSchema, create: costCentreInputSchema, put: costCentreInputSchema, patch: costCentrePatchSchema }),
  costCentreAddresses: owned(ADDRESSES, COST_CENTRES, 'cost_centre_id', 'costcentre', operations),
  costCentreContacts: owned(CONTACTS, COST_CENTRES, 'cost_centre_id', 'costcentre', operations),
  costCentreEmployees: endpoint({ method: 'GET', path: `${COST_CENTRES}{cost_centre_id}/employees/`, summary: 'Payroll employees of a cost centre (its CSV and XLSX exports need step-up)', tags: operations, access: can('costcentre', 'read'), stepUp: 'export', params: parentOnly('cost_centre_id'), query: listQuerySchema, responses: { 200: paginated(employeeSchema) } }),
  costCentreOperationContacts: endpoint({ method: 'GET', path: `${COST_CENTRES}{cost_centre_id}/operation-contacts/`, summary: "A cost centre's contact numbers and operations manager", tags: operations, access: can('costcentre', 'read'), params: parentOnly('cost_centre_id'), responses: { 200: operationContactsSchema } }),
  costCentreRelations: relationsOf(COST_CENTRES, 'costcentre', 'cost centre', costCentreRelationSchema, operations),
  costCentreHistory: history(COST_CENTRES, 'costcentre', 'cost centre', operations),
  roles: crud({ path: OPERATION_ROLES, noun: 'operation contact role', tags: operations, model: 'operationcontactrole', item: roleSchema, create: roleInputSchema, put: roleInputSchema, patch: rolePatchSchema }),
  roleRelations: relationsOf(OPERATION_ROLES, 'operationcontactrole', 'operation contact role', costCentreRelationSchema, operations),
};

export const directoryMapEndpoints = {
  clients: endpoint({ method: 'GET', path: '/api/directory/maps/clients/', summary: 'Client map markers (clients whose primary address has coordinates)', tags: maps, access: can('client', 'read'), query: listQuerySchema, responses: { 200: paginated(clientMarkerSchema) } }),
  client: endpoint({ method: 'GET', path: '/api/directory/maps/clients/{id}/', summary: "One client's map marker", tags: maps, access: can('client', 'read'), params: idOnly, responses: { 200: clientMarkerSchema } }),
  costCentres: endpoint({ method: 'GET', path: '/api/directory/maps/cost-centres/', summary: 'Cost centre map markers (cost centres whose primary address has coordinates)', tags: maps, access: can('costcentre', 'read'), query: listQuerySchema, responses: { 200: paginated(costCentreMarkerSchema) } }),
  costCentre: endpoint({ method: 'GET', path: '/api/directory/maps/cost-centres/{id}/', summary: "One cost centre's map marker", tags: maps, access: can('costcentre', 'read'), params: idOnly, responses: { 200: costCentreMarkerSchema } }),
};
