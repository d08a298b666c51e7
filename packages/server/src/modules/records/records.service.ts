import { and, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@ops/contract/common/list-query';
import type { AddressInput, ContactInput } from '@ops/contract/records/records.schemas';
import { conflict, notFound, ValidationError, type FieldErrors } from '../../platform/errors';
import { auditHistory, snapshotOf, type AuditEntry, type Snapshot } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { compileListQuery } from '../../list-query/compile-list-query';
import { listViewer } from '../../list-query/list-viewer';
import { runList } from '../../list-query/list-page';
import type { ListResource } from '../../list-query/list-resource';
import {
  allocationConditions,
  allocationScopeOf,
  ownerColumnKey,
  type AddressRow,
  type AnyRow,
  type ContactRow,
  type EntityKey,
  type OwnerKind,
  type RecordsRepository,
  type ReferenceTarget,
  type UserRef,
  type PersonJson,
} from './records.repository';
import {
  addressLine,
  auditOut,
  auditUserIds,
  clientRef,
  contactPersonRef,
  costCentreRef,
  legalEntityRef,
  namedRef,
  primaryContactsOf,
  roleRef,
  serializeAddress,
  serializeAddressPublic,
  serializeContact,
  userWithEmail,
} from './records.serializers';
import {
  addressesResource,
  brandsResource,
  clientRolesResource,
  clientsResource,
  contactPersonsResource,
  contactRelationsResource,
  contactsResource,
  costCentreRelationsResource,
  costCentresResource,
  industriesResource,
  legalEntitiesResource,
  operationRolesResource,
  subIndustriesResource,
} from './records.resource';

/** The signed-in user as far as records care: who writes the audit trail and whose allocation scopes reads. */
export interface Actor {
  id: string;
  userType: number;
  isSuperuser: boolean;
}

/** Operation users (4) and Site users (5) see only their allocation; everyone else sees all (DESIGN 5). */

export interface TransactionScope {
  repository: RecordsRepository;
  audit: (entries: AuditEntry[]) => Promise<void>;
}

export interface RecordsServiceDeps {
  db: DbOrTx;
  repository: RecordsRepository;
  transaction: <T>(work: (scope: TransactionScope) => Promise<T>) => Promise<T>;
}

type Input = Record<string, unknown>;
type Scope = ReturnType<typeof allocationConditions> | null;

interface EntityConfig {
  /** Audit trail model name (the permission model key). */
  model: string;
  noun: string;
  resource: ListResource;
  /** Input fields that reference other records (stored as `<field>_id`). */
  refs: Record<string, ReferenceTarget>;
  /** Fields of the input that are not columns (nested writes). */
  nonColumns?: string[];
  relationKind?: 'client' | 'costCentre';
  owner?: OwnerKind;
}

const ENTITIES: Record<EntityKey, EntityConfig> = {
  legalEntity: {
    model: 'legalentity',
    noun: 'legal entity',
    resource: legalEntitiesResource,
    refs: {},
    nonColumns: ['address', 'contacts'],
    owner: 'legal_entity',
  },
  industry: { model: 'industry', noun: 'industry', resource: industriesResource, refs: { legal_entity: 'legalEntity' } },
  subIndustry: { model: 'subindustry', noun: 'sub-industry', resource: subIndustriesResource, refs: { industry: 'industry' } },
  client: {
    model: 'client',
    noun: 'client',
    resource: clientsResource,
    refs: {
      owner: 'user',
      master_record: 'client',
      parent: 'client',
      legal_entity: 'legalEntity',
      industry: 'industry',
      sub_industry: 'subIndustry',
    },
    nonColumns: ['address', 'contacts'],
    owner: 'client',
  },
  contactPerson: {
    model: 'contactperson',
    noun: 'contact person',
    resource: contactPersonsResource,
    refs: { company: 'client', reports_to: 'contactPerson' },
    owner: 'contact_person',
  },
  clientRole: { model: 'clientcontactrole', noun: 'client contact role', resource: clientRolesResource, refs: {} },
  contactRelation: {
    model: 'contactrelation',
    noun: 'contact relation',
    resource: contactRelationsResource,
    refs: { client: 'client', contact_person: 'contactPerson' },
    nonColumns: ['role'],
    relationKind: 'client',
  },
  brand: { model: 'brand', noun: 'brand', resource: brandsResource, refs: { legal_entity: 'legalEntity' } },
  costCentre: {
    model: 'costcentre',
    noun: 'cost centre',
    resource: costCentresResource,
    refs: { legal_entity: 'legalEntity', client: 'client', franchisor: 'client', industry: 'industry', sub_industry: 'subIndustry', brand: 'brand' },
    owner: 'cost_centre',
  },
  operationRole: { model: 'operationcontactrole', noun: 'operation contact role', resource: operationRolesResource, refs: {} },
  costCentreRelation: {
    model: 'costcentrecontactrelation',
    noun: 'contact relation',
    resource: costCentreRelationsResource,
    refs: { cost_centre: 'costCentre', contact_person: 'user' },
    nonColumns: ['role'],
    relationKind: 'costCentre',
  },
};

const OWNER_ENTITY: Record<OwnerKind, EntityKey> = {
  client: 'client',
  contact_person: 'contactPerson',
  cost_centre: 'costCentre',
  legal_entity: 'legalEntity',
};

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const doesNotExist = (id: string) => `Invalid pk "${id}" - object does not exist.`;

function columnsOf(config: EntityConfig, input: Input): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || config.nonColumns?.includes(key)) continue;
    values[key in config.refs ? `${camel(key)}Id` : camel(key)] = value;
  }
  return values;
}

/** "3 clients and 2 cost centres refer to it" */
function describeReferences(references: { one: string; many: string; count: number }[]): string {
  const parts = references.map((r) => `${r.count} ${r.count === 1 ? r.one : r.many}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  const total = references.reduce((sum, r) => sum + r.count, 0);
  return `${list} ${total === 1 ? 'refers' : 'refer'} to it`;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{6,30}$/;
const WEBSITE_PATTERN = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/i;

/** A contact's detail must fit its type; checked in the service so nested creates fail inside their transaction. */
function contactDetailProblem(type: string, detail: string): string | undefined {
  if (type === 'EMAIL' && !EMAIL_PATTERN.test(detail)) return 'Enter a valid email address.';
  if ((type === 'PHONE' || type === 'MOBILE') && !PHONE_PATTERN.test(detail)) return 'Enter a valid phone number.';
  if (type === 'WEBSITE' && !WEBSITE_PATTERN.test(detail)) return 'Enter a valid URL.';
  return undefined;
}

function addressColumns(input: Partial<AddressInput>) {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) values[camel(key)] = value;
  }
  return values;
}

export function createRecordsService(deps: RecordsServiceDeps) {
  const { repository, db } = deps;

  const scopeOf = (actor: Actor): Scope => allocationScopeOf(actor);
  /** Reads and writes of scoped users are bounded by the row scope the entity's list resource declares. */
  const entityScope = (entity: EntityKey, actor: Actor): SQL | undefined => ENTITIES[entity].resource.rowScope?.({ user: actor, canRead: () => true });
  const referenceScope = (target: ReferenceTarget, actor: Actor): SQL | undefined => (target === 'user' ? undefined : entityScope(target, actor));

  // ---------------------------------------------------------------- hydration (constant statements per page)

  async function hydrate(entity: EntityKey, ids: string[], repo: RecordsRepository = repository): Promise<AnyRow[]> {
    switch (entity) {
      case 'legalEntity': {
        const rows = await repo.entityRows('legalEntity', ids);
        const [refs, addresses, contacts] = await Promise.all([
          repo.refs({ users: rows.flatMap(auditUserIds) as string[] }),
          repo.primaryAddresses('legal_entity', ids),
          repo.primaryContacts('legal_entity', ids),
        ]);
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          abn: r.abn,
          acn: r.acn,
          search_name: r.searchName,
          abbr: r.abbr,
          primary_address: serializeAddressPublic(addresses.get(r.id)),
          primary_contacts: primaryContactsOf(contacts.get(r.id)),
          ...auditOut(r, refs.users),
        }));
      }
      case 'industry': {
        const rows = await repo.entityRows('industry', ids);
        const [refs, counts] = await Promise.all([
          repo.refs({
            users: rows.flatMap(auditUserIds) as string[],
            legalEntities: rows.map((r) => r.legalEntityId) as string[],
          }),
          repo.subIndustryCounts(ids),
        ]);
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          legal_entity: r.legalEntityId ? legalEntityRef(refs.legalEntities.get(r.legalEntityId)) : null,
          sub_industries_count: counts.get(r.id) ?? 0,
          ...auditOut(r, refs.users),
        }));
      }
      case 'subIndustry': {
        const rows = await repo.entityRows('subIndustry', ids);
        const refs = await repo.refs({
          users: rows.flatMap(auditUserIds) as string[],
          industries: rows.map((r) => r.industryId),
        });
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          industry: namedRef(refs.industries.get(r.industryId)),
          ...auditOut(r, refs.users),
        }));
      }
      case 'client': {
        // The hottest list: one statement instead of a batch per relation.
        const rows = await repo.clientPage(ids);
        const person = (json: PersonJson | null): UserRef | undefined =>
          json ? { id: json.id, firstName: json.first_name, lastName: json.last_name, email: json.email } : undefined;
        return rows.map(({ client: r, ...embedded }) => {
          const people = new Map<string, UserRef>();
          for (const user of [person(embedded.createdBy), person(embedded.updatedBy)]) if (user) people.set(user.id, user);
          return {
            id: r.id,
            owner: userWithEmail(person(embedded.owner)),
            account_number: r.accountNumber,
            abn: r.abn,
            acn: r.acn,
            name: r.name,
            description: r.description,
            master_record: embedded.master,
            parent: embedded.parent,
            legal_entity: embedded.legalEntity,
            industry: embedded.industry,
            sub_industry: embedded.subIndustry,
            relation_status: r.relationStatus,
            account_type: r.accountType,
            account_source: r.accountSource,
            number_of_employees: r.numberOfEmployees,
            annual_revenue: r.annualRevenue,
            ticker_symbol: r.tickerSymbol,
            primary_address: embedded.address,
            primary_contacts: primaryContactsOf(embedded.contacts ?? undefined),
            ...auditOut(r, people),
          };
        });
      }
      case 'contactPerson': {
        const rows = await repo.entityRows('contactPerson', ids);
        const [refs, addresses, contacts] = await Promise.all([
          repo.refs({
            users: rows.flatMap(auditUserIds) as string[],
            clients: rows.map((r) => r.companyId),
            contactPersons: rows.map((r) => r.reportsToId) as string[],
          }),
          repo.primaryAddresses('contact_person', ids),
          repo.primaryContacts('contact_person', ids),
        ]);
        return rows.map((r) => ({
          id: r.id,
          company: clientRef(refs.clients.get(r.companyId)),
          reports_to: r.reportsToId ? contactPersonRef(refs.contactPersons.get(r.reportsToId)) : null,
          salutation: r.salutation,
          pronouns: r.pronouns,
          gender: r.gender,
          first_name: r.firstName,
          middle_name: r.middleName,
          last_name: r.lastName,
          full_name: r.fullName,
          pref_name: r.prefName,
          birthday: r.birthday,
          department: r.department,
          position: r.position,
          is_still_with_company: r.isStillWithCompany,
          communication_preference: r.communicationPreference,
          contact_person_type: r.contactPersonType,
          is_primary: r.isPrimary,
          is_email_opt_out: r.isEmailOptOut,
          do_not_call: r.doNotCall,
          availability: r.availability,
          linkedin_profile: r.linkedinProfile,
          profile_photo_url: r.profilePhotoUrl,
          notes: r.notes,
          primary_address: serializeAddressPublic(addresses.get(r.id)),
          primary_contacts: primaryContactsOf(contacts.get(r.id)),
          ...auditOut(r, refs.users),
        }));
      }
      case 'clientRole':
      case 'operationRole': {
        const rows = await repo.entityRows(entity, ids);
        const refs = await repo.refs({ users: rows.flatMap(auditUserIds) as string[] });
        return rows.map((r) => ({ id: r.id, role: r.role, responsibility: r.responsibility, ...auditOut(r, refs.users) }));
      }
      case 'contactRelation': {
        const rows = await repo.entityRows('contactRelation', ids);
        const [refs, roles] = await Promise.all([
          repo.refs({
            users: rows.flatMap(auditUserIds) as string[],
            clients: rows.map((r) => r.clientId),
            contactPersons: rows.map((r) => r.contactPersonId),
          }),
          repo.relationRoles('client', ids),
        ]);
        return rows.map((r) => ({
          id: r.id,
          client: clientRef(refs.clients.get(r.clientId)),
          contact_person: contactPersonRef(refs.contactPersons.get(r.contactPersonId)),
          role: (roles.get(r.id) ?? []).map(roleRef),
          start_date: r.startDate,
          end_date: r.endDate,
          ...auditOut(r, refs.users),
        }));
      }
      case 'brand': {
        const rows = await repo.entityRows('brand', ids);
        const refs = await repo.refs({
          users: rows.flatMap(auditUserIds) as string[],
          legalEntities: rows.map((r) => r.legalEntityId) as string[],
        });
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          legal_entity: r.legalEntityId ? legalEntityRef(refs.legalEntities.get(r.legalEntityId)) : null,
          ...auditOut(r, refs.users),
        }));
      }
      case 'costCentre': {
        const rows = await repo.entityRows('costCentre', ids);
        const [refs, addresses, contacts] = await Promise.all([
          repo.refs({
            users: rows.flatMap(auditUserIds) as string[],
            legalEntities: rows.map((r) => r.legalEntityId),
            clients: rows.flatMap((r) => [r.clientId, r.franchisorId]) as string[],
            industries: rows.map((r) => r.industryId) as string[],
            subIndustries: rows.map((r) => r.subIndustryId) as string[],
            brands: rows.map((r) => r.brandId) as string[],
          }),
          repo.primaryAddresses('cost_centre', ids),
          repo.primaryContacts('cost_centre', ids),
        ]);
        return rows.map((r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          email: r.email,
          operation_status: r.operationStatus,
          notes: r.notes,
          legal_entity: legalEntityRef(refs.legalEntities.get(r.legalEntityId)),
          client: clientRef(refs.clients.get(r.clientId)),
          franchisor: r.franchisorId ? clientRef(refs.clients.get(r.franchisorId)) : null,
          industry: r.industryId ? namedRef(refs.industries.get(r.industryId)) : null,
          sub_industry: r.subIndustryId ? namedRef(refs.subIndustries.get(r.subIndustryId)) : null,
          brand: r.brandId ? namedRef(refs.brands.get(r.brandId)) : null,
          primary_address: serializeAddressPublic(addresses.get(r.id)),
          primary_contacts: primaryContactsOf(contacts.get(r.id)),
          ...auditOut(r, refs.users),
        }));
      }
      case 'costCentreRelation': {
        const rows = await repo.entityRows('costCentreRelation', ids);
        const [refs, roles] = await Promise.all([
          repo.refs({
            users: rows.flatMap((r) => [r.contactPersonId, r.createdById, r.updatedById]) as string[],
            costCentres: rows.map((r) => r.costCentreId),
          }),
          repo.relationRoles('costCentre', ids),
        ]);
        return rows.map((r) => ({
          id: r.id,
          cost_centre: costCentreRef(refs.costCentres.get(r.costCentreId)),
          contact_person: userWithEmail(refs.users.get(r.contactPersonId)),
          role: (roles.get(r.id) ?? []).map(roleRef),
          start_date: r.startDate,
          end_date: r.endDate,
          ...auditOut(r, refs.users),
        }));
      }
    }
  }

  async function hydrateOne(entity: EntityKey, id: string, repo: RecordsRepository = repository) {
    const [item] = await hydrate(entity, [id], repo);
    if (!item) throw notFound();
    return item;
  }

  // ---------------------------------------------------------------- validation of references

  async function checkReferences(
    entity: EntityKey,
    input: Input,
    actor: Actor,
    repo: RecordsRepository,
    currentId?: string,
    current?: AnyRow,
  ) {
    const config = ENTITIES[entity];
    const errors: FieldErrors = {};
    for (const [field, target] of Object.entries(config.refs)) {
      const value = input[field];
      if (typeof value !== 'string') continue;
      if (!(await repo.exists(target, value, referenceScope(target, actor)))) errors[field] = [doesNotExist(value)];
    }
    if (config.relationKind && Array.isArray(input.role)) {
      const missing = await repo.missingRoles(config.relationKind, input.role as string[]);
      if (missing.length) errors.role = missing.map(doesNotExist);
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    // Rules between fields, read with the stored values for fields a PATCH leaves out.
    const valueOf = (field: string) =>
      (field in input ? input[field] : current?.[`${camel(field)}Id`]) as string | null | undefined;
    if ('sub_industry' in config.refs && ('sub_industry' in input || 'industry' in input)) {
      const sub = valueOf('sub_industry');
      const industry = valueOf('industry');
      if (sub && (!industry || !(await repo.subIndustryBelongsTo(sub, industry)))) {
        throw ValidationError.field('sub_industry', 'The sub-industry must belong to the selected industry.');
      }
    }
    if (entity === 'client' && currentId) {
      for (const field of ['parent', 'master_record'] as const) {
        const value = input[field];
        if (typeof value !== 'string') continue;
        if (value === currentId) throw ValidationError.field(field, 'A client cannot refer to itself.');
        if (field === 'parent' && (await repo.isClientAncestorOrSelf(currentId, value))) {
          throw ValidationError.field('parent', 'This parent would make the parent chain loop.');
        }
      }
    }
    if (entity === 'contactPerson' && currentId && input.reports_to === currentId) {
      throw ValidationError.field('reports_to', 'A contact person cannot report to themselves.');
    }
    if (config.relationKind) {
      const start = ('start_date' in input ? input.start_date : current?.startDate) as string | null | undefined;
      const end = ('end_date' in input ? input.end_date : current?.endDate) as string | null | undefined;
      if (start && end && end < start) throw ValidationError.field('end_date', 'End date must not be before the start date.');
    }
  }

  async function snapshot(entity: EntityKey, row: AnyRow, repo: RecordsRepository): Promise<Snapshot> {
    const config = ENTITIES[entity];
    if (!config.relationKind) return snapshotOf(row);
    const roles = (await repo.relationRoles(config.relationKind, [row.id])).get(row.id) ?? [];
    return snapshotOf(row, { role: roles.map((r) => r.id).sort() });
  }

  // ---------------------------------------------------------------- addresses and contacts inside a transaction

  async function addAddress(
    scope: TransactionScope,
    kind: OwnerKind,
    ownerId: string,
    input: AddressInput,
    actor: Actor,
  ): Promise<AddressRow> {
    const { repository: repo } = scope;
    const isPrimary = !(await repo.hasPrimaryAddress(kind, ownerId));
    const row = await repo.insertAddress({
      ...(addressColumns(input) as AddressRow),
      [ownerColumnKey[kind]]: ownerId,
      isPrimary,
      createdById: actor.id,
      updatedById: actor.id,
    });
    await scope.audit([
      { model: 'address', recordId: row.id, action: 'create', userId: actor.id, before: null, after: snapshotOf(row) },
    ]);
    return row;
  }

  async function addContact(
    scope: TransactionScope,
    kind: OwnerKind,
    ownerId: string,
    input: ContactInput,
    actor: Actor,
    path: (string | number)[] = [],
  ): Promise<ContactRow> {
    const { repository: repo } = scope;
    const problem = contactDetailProblem(input.contact_type, input.contact_detail);
    if (problem) throw new ValidationError(nest(path, { contact_detail: [problem] }));
    const isPrimary = !(await repo.hasPrimaryContact(kind, ownerId, input.contact_type));
    const row = await repo.insertContact({
      description: input.description ?? '',
      contactDetail: input.contact_detail,
      contactType: input.contact_type,
      [ownerColumnKey[kind]]: ownerId,
      isPrimary,
      createdById: actor.id,
      updatedById: actor.id,
    });
    await scope.audit([
      { model: 'contact', recordId: row.id, action: 'create', userId: actor.id, before: null, after: snapshotOf(row) },
    ]);
    return row;
  }

  async function ownerVisible(kind: OwnerKind, ownerId: string, actor: Actor, repo: RecordsRepository = repository) {
    const entity = OWNER_ENTITY[kind];
    if (!(await repo.exists(entity, ownerId, entityScope(entity, actor)))) throw notFound();
  }

  async function usersFor(
    rows: { createdById: string | null; updatedById: string | null }[],
    repo: RecordsRepository = repository,
  ) {
    return (await repo.refs({ users: rows.flatMap(auditUserIds) as string[] })).users;
  }

  return {
    scopeOf,
    entityScope,
    hydrate,

    async list(entity: EntityKey, request: FastifyRequest, query: ListQuery, actor: Actor, where?: SQL) {
      const resource = ENTITIES[entity].resource;
      const scope = entityScope(entity, actor);
      return runList(db, request, resource, compileListQuery(resource, query, sqlAnd(scope, where), await listViewer(request)), (ids) => hydrate(entity, ids));
    },

    async get(entity: EntityKey, id: string, actor: Actor, where?: SQL) {
      if (!(await repository.exists(entity, id, sqlAnd(entityScope(entity, actor), where)))) throw notFound();
      return hydrateOne(entity, id);
    },

    /** A record's audit trail, newest first; the record must be visible to the actor. */
    async history(entity: EntityKey, id: string, request: FastifyRequest, query: ListQuery, actor: Actor) {
      if (!(await repository.exists(entity, id, entityScope(entity, actor)))) throw notFound();
      return auditHistory(db, request, query, ENTITIES[entity].model, id);
    },

    /** An empty page in the list shape (for lists whose data another module has not synced yet). */
    /** The code of a visible cost centre (404 outside the actor's scope): payroll employees are matched on it. */
    async costCentreCode(costCentreId: string, actor: Actor): Promise<string> {
      if (!(await repository.exists('costCentre', costCentreId, entityScope('costCentre', actor)))) throw notFound();
      const [row] = await repository.entityRows('costCentre', [costCentreId]);
      return String((row as { code: string }).code);
    },

    /** Checks the record is visible to the actor (404 otherwise); for nested and related reads. */
    async assertVisible(entity: EntityKey, id: string, actor: Actor) {
      if (!(await repository.exists(entity, id, entityScope(entity, actor)))) throw notFound();
    },

    async create(entity: EntityKey, input: Input, actor: Actor) {
      const config = ENTITIES[entity];
      return deps.transaction(async (scope) => {
        const repo = scope.repository;
        await checkReferences(entity, input, actor, repo);
        const row = await repo.insert(entity, { ...columnsOf(config, input), createdById: actor.id, updatedById: actor.id });
        if (config.relationKind && Array.isArray(input.role))
          await repo.setRelationRoles(config.relationKind, row.id, input.role as string[]);
        await scope.audit([
          {
            model: config.model,
            recordId: row.id,
            action: 'create',
            userId: actor.id,
            before: null,
            after: await snapshot(entity, row, repo),
          },
        ]);
        // Clients and legal entities take their first address and contacts in the same transaction.
        if (config.owner && input.address) await addAddress(scope, config.owner, row.id, input.address as AddressInput, actor);
        if (config.owner && Array.isArray(input.contacts)) {
          for (const [index, contact] of (input.contacts as ContactInput[]).entries()) {
            await addContact(scope, config.owner, row.id, contact, actor, ['contacts', index]);
          }
        }
        return hydrateOne(entity, row.id, repo);
      });
    },

    async update(entity: EntityKey, id: string, input: Input, actor: Actor, where?: SQL) {
      const config = ENTITIES[entity];
      return deps.transaction(async (scope) => {
        const repo = scope.repository;
        const current = await repo.find(entity, id, { scope: sqlAnd(entityScope(entity, actor), where), lock: true });
        if (!current) throw notFound();
        await checkReferences(entity, input, actor, repo, id, current);
        const before = await snapshot(entity, current, repo);
        const row = await repo.update(entity, id, { ...columnsOf(config, input), updatedAt: new Date(), updatedById: actor.id });
        if (config.relationKind && Array.isArray(input.role))
          await repo.setRelationRoles(config.relationKind, id, input.role as string[]);
        await scope.audit([
          {
            model: config.model,
            recordId: id,
            action: 'update',
            userId: actor.id,
            before,
            after: await snapshot(entity, row, repo),
          },
        ]);
        return hydrateOne(entity, id, repo);
      });
    },

    async remove(entity: EntityKey, id: string, actor: Actor, where?: SQL) {
      const config = ENTITIES[entity];
      await deps.transaction(async (scope) => {
        const repo = scope.repository;
        const current = await repo.find(entity, id, { scope: sqlAnd(entityScope(entity, actor), where), lock: true });
        if (!current) throw notFound();
        const references = await repo.blockingReferences(entity, id);
        if (references.length) throw conflict(`Cannot delete this ${config.noun}: ${describeReferences(references)}.`);
        const before = await snapshot(entity, current, repo);
        await repo.remove(entity, id);
        await scope.audit([{ model: config.model, recordId: id, action: 'delete', userId: actor.id, before, after: null }]);
      });
    },

    // ---------------------------------------------------------------- addresses and contacts

    async listOwned(
      what: 'address' | 'contact',
      kind: OwnerKind,
      ownerId: string,
      request: FastifyRequest,
      query: ListQuery,
      actor: Actor,
    ) {
      await ownerVisible(kind, ownerId, actor);
      const resource = what === 'address' ? addressesResource : contactsResource;
      const plan = compileListQuery(resource, query, repository.ownerCondition(kind, what, ownerId), await listViewer(request));
      return runList(db, request, resource, plan, async (ids): Promise<{ id: string }[]> => {
        if (what === 'address') {
          const rows = await repository.addressesByIds(ids);
          const users = await usersFor(rows);
          return rows.map((row) => serializeAddress(row, users));
        }
        const rows = await repository.contactsByIds(ids);
        const users = await usersFor(rows);
        return rows.map((row) => serializeContact(row, users));
      });
    },

    async getOwned(what: 'address' | 'contact', kind: OwnerKind, ownerId: string, id: string, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      if (what === 'address') {
        const row = await repository.findAddress(kind, ownerId, id);
        if (!row) throw notFound();
        return serializeAddress(row, await usersFor([row]));
      }
      const row = await repository.findContact(kind, ownerId, id);
      if (!row) throw notFound();
      return serializeContact(row, await usersFor([row]));
    },

    async createAddress(kind: OwnerKind, ownerId: string, input: AddressInput, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      return deps.transaction(async (scope) => {
        if (!(await scope.repository.lockOwner(kind, ownerId))) throw notFound();
        const row = await addAddress(scope, kind, ownerId, input, actor);
        return serializeAddress(row, await usersFor([row], scope.repository));
      });
    },

    async createContact(kind: OwnerKind, ownerId: string, input: ContactInput, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      return deps.transaction(async (scope) => {
        if (!(await scope.repository.lockOwner(kind, ownerId))) throw notFound();
        const row = await addContact(scope, kind, ownerId, input, actor);
        return serializeContact(row, await usersFor([row], scope.repository));
      });
    },

    async updateAddress(kind: OwnerKind, ownerId: string, id: string, input: Partial<AddressInput>, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      return deps.transaction(async (scope) => {
        const repo = scope.repository;
        if (!(await repo.lockOwner(kind, ownerId))) throw notFound();
        const current = await repo.findAddress(kind, ownerId, id);
        if (!current) throw notFound();
        const row = await repo.updateAddress(id, { ...addressColumns(input), updatedAt: new Date(), updatedById: actor.id });
        await scope.audit([
          {
            model: 'address',
            recordId: id,
            action: 'update',
            userId: actor.id,
            before: snapshotOf(current),
            after: snapshotOf(row),
          },
        ]);
        return serializeAddress(row, await usersFor([row], repo));
      });
    },

    async updateContact(kind: OwnerKind, ownerId: string, id: string, input: Partial<ContactInput>, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      return deps.transaction(async (scope) => {
        const repo = scope.repository;
        if (!(await repo.lockOwner(kind, ownerId))) throw notFound();
        const current = await repo.findContact(kind, ownerId, id);
        if (!current) throw notFound();
        const type = input.contact_type ?? current.contactType;
        const detail = input.contact_detail ?? current.contactDetail;
        const problem = contactDetailProblem(type, detail);
        if (problem) throw ValidationError.field('contact_detail', problem);
        const typeChanged = type !== current.contactType;
        // Moving to another type: it is primary there only if that type had none; its old type promotes another.
        const isPrimary = typeChanged ? !(await repo.hasPrimaryContact(kind, ownerId, type, id)) : current.isPrimary;
        if (typeChanged && current.isPrimary) await repo.updateContact(id, { isPrimary: false });
        const row = await repo.updateContact(id, {
          description: input.description,
          contactDetail: input.contact_detail,
          contactType: input.contact_type,
          isPrimary,
          updatedAt: new Date(),
          updatedById: actor.id,
        });
        if (typeChanged && current.isPrimary) await repo.promoteOldestContact(kind, ownerId, current.contactType);
        await scope.audit([
          {
            model: 'contact',
            recordId: id,
            action: 'update',
            userId: actor.id,
            before: snapshotOf(current),
            after: snapshotOf(row),
          },
        ]);
        return serializeContact(row, await usersFor([row], repo));
      });
    },

    async deleteOwned(what: 'address' | 'contact', kind: OwnerKind, ownerId: string, id: string, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      await deps.transaction(async (scope) => {
        const repo = scope.repository;
        if (!(await repo.lockOwner(kind, ownerId))) throw notFound();
        const current =
          what === 'address' ? await repo.findAddress(kind, ownerId, id) : await repo.findContact(kind, ownerId, id);
        if (!current) throw notFound();
        if (what === 'address') {
          await repo.deleteAddress(id);
          if (current.isPrimary) await repo.promoteOldestAddress(kind, ownerId);
        } else {
          await repo.deleteContact(id);
          if (current.isPrimary) await repo.promoteOldestContact(kind, ownerId, (current as ContactRow).contactType);
        }
        await scope.audit([
          { model: what, recordId: id, action: 'delete', userId: actor.id, before: snapshotOf(current), after: null },
        ]);
      });
    },

    /** Moves the primary flag; the owner row lock serialises concurrent calls for one owner. */
    async makePrimary(what: 'address' | 'contact', kind: OwnerKind, ownerId: string, id: string, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      return deps.transaction(async (scope) => {
        const repo = scope.repository;
        if (!(await repo.lockOwner(kind, ownerId))) throw notFound();
        if (what === 'address') {
          const current = await repo.findAddress(kind, ownerId, id);
          if (!current) throw notFound();
          if (!current.isPrimary) {
            await repo.clearPrimaryAddress(kind, ownerId);
            const row = await repo.updateAddress(id, { isPrimary: true, updatedAt: new Date(), updatedById: actor.id });
            await scope.audit([
              {
                model: 'address',
                recordId: id,
                action: 'update',
                userId: actor.id,
                before: snapshotOf(current),
                after: snapshotOf(row),
              },
            ]);
            return serializeAddress(row, await usersFor([row], repo));
          }
          return serializeAddress(current, await usersFor([current], repo));
        }
        const current = await repo.findContact(kind, ownerId, id);
        if (!current) throw notFound();
        if (!current.isPrimary) {
          await repo.clearPrimaryContact(kind, ownerId, current.contactType);
          const row = await repo.updateContact(id, { isPrimary: true, updatedAt: new Date(), updatedById: actor.id });
          await scope.audit([
            {
              model: 'contact',
              recordId: id,
              action: 'update',
              userId: actor.id,
              before: snapshotOf(current),
              after: snapshotOf(row),
            },
          ]);
          return serializeContact(row, await usersFor([row], repo));
        }
        return serializeContact(current, await usersFor([current], repo));
      });
    },

    // ---------------------------------------------------------------- maps, operation contacts, allocation

    async clientMarkers(request: FastifyRequest, query: ListQuery, actor: Actor, resource: ListResource, id?: string) {
      const scope = entityScope('client', actor);
      const where = sqlAnd(repository.hasCoordinates('client'), scope, id ? repository.idIs('client', id) : undefined);
      return runList(db, request, resource, compileListQuery(resource, query, where, await listViewer(request)), async (ids) => {
        const rows = await repository.entityRows('client', ids);
        const [refs, addresses, contacts, banners] = await Promise.all([
          repository.refs({
            users: rows.map((r) => r.ownerId),
            legalEntities: rows.map((r) => r.legalEntityId),
            industries: rows.map((r) => r.industryId) as string[],
            subIndustries: rows.map((r) => r.subIndustryId) as string[],
            clients: rows.map((r) => r.masterRecordId) as string[],
          }),
          repository.primaryAddresses('client', ids),
          repository.primaryContacts('client', ids),
          repository.clientBanners(ids),
        ]);
        return rows.map((r) => {
          const address = addresses.get(r.id);
          const legalEntity = refs.legalEntities.get(r.legalEntityId);
          const owner = refs.users.get(r.ownerId);
          return {
            id: r.id,
            position: { lat: Number(address?.latitude), lng: Number(address?.longitude) },
            data: {
              id: r.id,
              division: legalEntity ? (legalEntity.abbr ?? legalEntity.name) : null,
              account_type: r.accountType,
              account_number: r.accountNumber,
              name: r.name,
              industry: r.industryId ? (refs.industries.get(r.industryId)?.name ?? null) : null,
              sub_industry: r.subIndustryId ? (refs.subIndustries.get(r.subIndustryId)?.name ?? null) : null,
              banner: banners.get(r.id) ?? null,
              primary_email: contacts.get(r.id)?.EMAIL ?? null,
              owner: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
              master_record: r.masterRecordId ? (refs.clients.get(r.masterRecordId)?.name ?? null) : null,
              state: address?.state ?? '',
              address: addressLine(address),
            },
          };
        });
      });
    },

    async costCentreMarkers(request: FastifyRequest, query: ListQuery, actor: Actor, resource: ListResource, id?: string) {
      const scope = entityScope('costCentre', actor);
      const where = sqlAnd(repository.hasCoordinates('cost_centre'), scope, id ? repository.idIs('costCentre', id) : undefined);
      return runList(db, request, resource, compileListQuery(resource, query, where, await listViewer(request)), async (ids) => {
        const [rows, managers] = await Promise.all([repository.costCentreMarkerPage(ids), repository.operationsManagers(ids)]);
        return rows.map((r) => {
          const address = r.address ?? undefined;
          return {
            id: r.id,
            position: { lat: Number(address?.latitude), lng: Number(address?.longitude) },
            data: {
              id: r.id,
              name: r.name,
              cost_centre_code: r.code,
              is_primary: address?.isPrimary ?? false,
              operation_manager: managers.get(r.id)?.name ?? null,
              primary_email: r.primaryEmail ?? r.email,
              state: address?.state ?? '',
              primary_address: addressLine(address as AddressRow | undefined),
            },
          };
        });
      });
    },

    async operationContacts(costCentreId: string, actor: Actor) {
      if (!(await repository.exists('costCentre', costCentreId, entityScope('costCentre', actor)))) throw notFound();
      const [contacts, managers, [row]] = await Promise.all([
        repository.primaryContacts('cost_centre', [costCentreId]),
        repository.operationsManagers([costCentreId]),
        repository.entityRows('costCentre', [costCentreId]),
      ]);
      const byType = contacts.get(costCentreId);
      return {
        phone: byType?.PHONE ?? null,
        mobile: byType?.MOBILE ?? null,
        email: byType?.EMAIL ?? row?.email ?? null,
        operations_manager: managers.get(costCentreId) ?? null,
      };
    },

    async allocation(kind: 'client' | 'cost-centre' | 'legal-entity', scope: 'all' | 'direct' | 'inherited', request: FastifyRequest, query: ListQuery, actor: Actor, resource: ListResource) {
      const conditions = allocationConditions(actor.id);
      const condition = kind === 'client' ? conditions.client[scope] : kind === 'cost-centre' ? conditions.costCentre[scope] : conditions.legalEntity[scope];
      const plan = compileListQuery(resource, query, condition, await listViewer(request));
      return runList(db, request, resource, plan, async (ids): Promise<{ id: string }[]> => {
        if (kind === 'client')
          return (await repository.entityRows('client', ids)).map((r) => ({
            id: r.id,
            name: r.name,
            account_number: r.accountNumber,
          }));
        if (kind === 'cost-centre')
          return (await repository.entityRows('costCentre', ids)).map((r) => ({ id: r.id, name: r.name, code: r.code }));
        return (await repository.entityRows('legalEntity', ids)).map((r) => ({ id: r.id, name: r.name, abbr: r.abbr }));
      });
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;

function sqlAnd(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

function nest(path: (string | number)[], leaf: FieldErrors): FieldErrors {
  return path.reduceRight<FieldErrors>((inner, key) => ({ [String(key)]: inner }), leaf);
}
