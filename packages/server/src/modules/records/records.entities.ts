import type { SQL } from 'drizzle-orm';
import { sqlAnd } from '../../platform/sql-and';
import type { AuditEntry } from '../../platform/audit';
import type { RecordsRepository } from './records.repository';
import type { EntityKey, OwnerKind, ReferenceTarget } from './records.tables';
import type { ListResource } from '../../list-query/list-resource';
import {
  brandsResource,
  clientRolesResource,
  clientsResource,
  contactPersonsResource,
  contactRelationsResource,
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

export type RecordInput = Record<string, unknown>;

export interface EntityConfig {
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

/** The record entities of spec api-contract §3: one row each, declarative. */
export const ENTITIES: Record<EntityKey, EntityConfig> = {
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
    refs: {
      legal_entity: 'legalEntity',
      client: 'client',
      franchisor: 'client',
      industry: 'industry',
      sub_industry: 'subIndustry',
      brand: 'brand',
    },
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

export const OWNER_ENTITY: Record<OwnerKind, EntityKey> = {
  client: 'client',
  contact_person: 'contactPerson',
  cost_centre: 'costCentre',
  legal_entity: 'legalEntity',
};

/** Field name -> column key, computed once per name (an import converts every field of every row). */
const CAMEL = new Map<string, string>();
export const camel = (key: string) => {
  let name = CAMEL.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    if (CAMEL.size < 10_000) CAMEL.set(key, name);
  }
  return name;
};

/**
 * The condition restricting an entity to the actor's allocation (undefined: unrestricted): reads
 * and writes of scoped users are bounded by the row scope the entity's list resource declares.
 */
export function entityScope(entity: EntityKey, actor: Actor): SQL | undefined {
  return ENTITIES[entity].resource.rowScope?.({ user: actor, canRead: () => true });
}

export const referenceScope = (target: ReferenceTarget, actor: Actor): SQL | undefined =>
  target === 'user' ? undefined : entityScope(target, actor);

/** Per entity, field name -> column key (null: not a column), filled as fields are met. */
const COLUMN_KEYS = new WeakMap<EntityConfig, Map<string, string | null>>();

export function columnsOf(config: EntityConfig, input: RecordInput): Record<string, unknown> {
  let keys = COLUMN_KEYS.get(config);
  if (!keys) COLUMN_KEYS.set(config, (keys = new Map()));
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    let column = keys.get(key);
    if (column === undefined) {
      column = config.nonColumns?.includes(key) ? null : key in config.refs ? `${camel(key)}Id` : camel(key);
      if (keys.size < 1000) keys.set(key, column);
    }
    if (column !== null) values[column] = value;
  }
  return values;
}

export { sqlAnd };

/** What a write sees inside its transaction: the repository bound to it and the audit writer. */
export interface TransactionScope {
  repository: RecordsRepository;
  audit: (entries: AuditEntry[]) => Promise<void>;
}

export type RunInTransaction = <T>(work: (scope: TransactionScope) => Promise<T>) => Promise<T>;
