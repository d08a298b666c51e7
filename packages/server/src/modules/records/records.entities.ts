import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  brandInputSchema,
  brandPatchSchema,
  clientCreateSchema,
  clientPatchSchema,
  contactPersonInputSchema,
  contactPersonPatchSchema,
  contactRelationInputSchema,
  contactRelationPatchSchema,
  costCentreInputSchema,
  costCentrePatchSchema,
  costCentreRelationInputSchema,
  costCentreRelationPatchSchema,
  industryInputSchema,
  industryPatchSchema,
  legalEntityCreateSchema,
  legalEntityPatchSchema,
  roleInputSchema,
  rolePatchSchema,
  subIndustryInputSchema,
  subIndustryPatchSchema,
} from '@ops/contract/records/records.schemas';
import { sqlAnd } from '../../platform/sql-and';
import type { AuditEntry } from '../../platform/audit';
import type { RecordsRepository } from './records.repository';
import type { ColumnValues, EntityKey, OwnerKind, ReferenceTarget } from './records.tables';
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

export type { ColumnValues };

/** The signed-in user as far as records care: who writes the audit trail and whose allocation scopes reads. */
export interface Actor {
  id: string;
  userType: number;
  isSuperuser: boolean;
}

/**
 * Each entity's write input, keyed by entity: what its POST schema parses to (`create`) and what its
 * PATCH schema does (`update`; PUT's full input, a bulk change and an import's matched row are ones).
 */
export interface EntityWrites {
  legalEntity: { create: z.output<typeof legalEntityCreateSchema>; update: z.output<typeof legalEntityPatchSchema> };
  industry: { create: z.output<typeof industryInputSchema>; update: z.output<typeof industryPatchSchema> };
  subIndustry: { create: z.output<typeof subIndustryInputSchema>; update: z.output<typeof subIndustryPatchSchema> };
  client: { create: z.output<typeof clientCreateSchema>; update: z.output<typeof clientPatchSchema> };
  contactPerson: { create: z.output<typeof contactPersonInputSchema>; update: z.output<typeof contactPersonPatchSchema> };
  clientRole: { create: z.output<typeof roleInputSchema>; update: z.output<typeof rolePatchSchema> };
  contactRelation: { create: z.output<typeof contactRelationInputSchema>; update: z.output<typeof contactRelationPatchSchema> };
  brand: { create: z.output<typeof brandInputSchema>; update: z.output<typeof brandPatchSchema> };
  costCentre: { create: z.output<typeof costCentreInputSchema>; update: z.output<typeof costCentrePatchSchema> };
  operationRole: { create: z.output<typeof roleInputSchema>; update: z.output<typeof rolePatchSchema> };
  costCentreRelation: {
    create: z.output<typeof costCentreRelationInputSchema>;
    update: z.output<typeof costCentreRelationPatchSchema>;
  };
}
export type CreateInput<K extends EntityKey> = EntityWrites[K]['create'];
export type UpdateInput<K extends EntityKey> = EntityWrites[K]['update'];

/** One entity's write with its input, a union discriminated by `entity` (the rules between fields narrow on it). */
export type CreateWrite<K extends EntityKey = EntityKey> = { [P in K]: { entity: P; input: CreateInput<P> } }[K];
export type UpdateWrite<K extends EntityKey = EntityKey> = { [P in K]: { entity: P; input: UpdateInput<P> } }[K];

// A write of an entity chosen at run time, as the discriminated union: one entry per entity, so
// each entry's input type follows from its key (TypeScript cannot widen `{ entity: K; input: ... }`).
const CREATE_WRITES: { [K in EntityKey]: (input: CreateInput<K>) => CreateWrite } = {
  legalEntity: (input) => ({ entity: 'legalEntity', input }),
  industry: (input) => ({ entity: 'industry', input }),
  subIndustry: (input) => ({ entity: 'subIndustry', input }),
  client: (input) => ({ entity: 'client', input }),
  contactPerson: (input) => ({ entity: 'contactPerson', input }),
  clientRole: (input) => ({ entity: 'clientRole', input }),
  contactRelation: (input) => ({ entity: 'contactRelation', input }),
  brand: (input) => ({ entity: 'brand', input }),
  costCentre: (input) => ({ entity: 'costCentre', input }),
  operationRole: (input) => ({ entity: 'operationRole', input }),
  costCentreRelation: (input) => ({ entity: 'costCentreRelation', input }),
};
const UPDATE_WRITES: { [K in EntityKey]: (input: UpdateInput<K>) => UpdateWrite } = {
  legalEntity: (input) => ({ entity: 'legalEntity', input }),
  industry: (input) => ({ entity: 'industry', input }),
  subIndustry: (input) => ({ entity: 'subIndustry', input }),
  client: (input) => ({ entity: 'client', input }),
  contactPerson: (input) => ({ entity: 'contactPerson', input }),
  clientRole: (input) => ({ entity: 'clientRole', input }),
  contactRelation: (input) => ({ entity: 'contactRelation', input }),
  brand: (input) => ({ entity: 'brand', input }),
  costCentre: (input) => ({ entity: 'costCentre', input }),
  operationRole: (input) => ({ entity: 'operationRole', input }),
  costCentreRelation: (input) => ({ entity: 'costCentreRelation', input }),
};
export const createWrite = <K extends EntityKey>(entity: K, input: CreateInput<K>): CreateWrite => CREATE_WRITES[entity](input);
export const updateWrite = <K extends EntityKey>(entity: K, input: UpdateInput<K>): UpdateWrite => UPDATE_WRITES[entity](input);


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

/** A write input's fields as column values (`owner` -> ownerId; nested fields left out). */
export function columnsOf(config: EntityConfig, input: object): ColumnValues {
  let keys = COLUMN_KEYS.get(config);
  if (!keys) COLUMN_KEYS.set(config, (keys = new Map()));
  const values: ColumnValues = {};
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

/** A field of a write input read by name (a reference the entity's config lists): the parsed value, unchanged. */
export const fieldOf = (input: object, field: string): unknown => (Object.hasOwn(input, field) ? Reflect.get(input, field) : undefined);

export { sqlAnd };

/** What a write sees inside its transaction: the repository bound to it and the audit writer. */
export interface TransactionScope {
  repository: RecordsRepository;
  audit: (entries: AuditEntry[]) => Promise<void>;
}

export type RunInTransaction = <T>(work: (scope: TransactionScope) => Promise<T>) => Promise<T>;
