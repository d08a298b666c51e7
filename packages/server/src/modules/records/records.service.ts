import { ROW_VERSION } from './records.serializers';
import { getTableName, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors';
import { checkIfMatch, conditionalWrite, entityTag, type Conditional } from '../../platform/conditional';
import { auditHistory } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { listPage } from '../../list-query/list-endpoint';
import { maskOutOfScope, viewerOf } from '../../list-query/scope-mask';
import type { ListRequest } from '../../list-query/list-request';
import { rowWriterEnabled, writeRecord, type ListRows } from '../../list-query/list-rows';
import { SerializedJson } from '../../platform/serialized-json';
import type { RecordsRepository } from './records.repository';
import { ENTITY_TABLES, type EntityKey } from './records.tables';
import {
  columnsOf,
  createWrite,
  ENTITIES,
  entityScope,
  sqlAnd,
  type Actor,
  type CreateInput,
  type CreateWrite,
  type RunInTransaction,
  type TransactionScope,
  type UpdateInput,
  type UpdateWrite,
  updateWrite,
} from './records.entities';
import { hydrateRecord, hydrateRecords, type EntityItem } from './records.hydration';
import {
  brandListRows,
  clientListRows,
  contactPersonListRows,
  contactRelationListRows,
  costCentreListRows,
  costCentreRelationListRows,
  industryListRows,
  legalEntityListRows,
  subIndustryListRows,
} from './records.list-rows';
import { checkReferences, describeReferences, snapshot } from './records.references';
import { addAddress, addContact } from './owned-records.service';
import { RECORDS_ERRORS } from './records.errors';

/** The roles a contact relation's write sets (the field is the relation entities' only; absent: left as they are). */
const rolesOf = (write: CreateWrite | UpdateWrite): string[] | undefined =>
  write.entity === 'contactRelation' || write.entity === 'costCentreRelation' ? write.input.role : undefined;

/** The table name an entity's ETags carry. */
const tagTable = (entity: EntityKey): string => getTableName(ENTITY_TABLES[entity]);

/**
 * One record's update inside the caller's transaction (single PATCH/PUT and bulk jobs alike): locked
 * in the actor's scope, If-Match checked against the locked row (StaleRecord), references checked,
 * audited. Null when the record is not there for the actor.
 */
export async function updateRecordIn(
  scope: TransactionScope,
  write: UpdateWrite,
  id: string,
  actor: Actor,
  where?: SQL,
  condition?: Conditional,
) {
  const { entity } = write;
  const config = ENTITIES[entity];
  const repo = scope.repository;
  const current = await repo.find(entity, id, { scope: sqlAnd(entityScope(entity, actor), where), lock: true });
  if (!current) return null;
  checkIfMatch(condition, tagTable(entity), current);
  await checkReferences(write, actor, repo, id, current);
  const before = await snapshot(entity, current, repo);
  const row = await repo.update(entity, id, { ...columnsOf(config, write.input), updatedAt: new Date(), updatedById: actor.id });
  const roles = rolesOf(write);
  if (config.relationKind && roles) await repo.setRelationRoles(config.relationKind, id, roles);
  await scope.audit([{ model: config.model, recordId: id, action: 'update', userId: actor.id, before, after: await snapshot(entity, row, repo) }]);
  return { before: current, after: row };
}

/** One record's creation inside the caller's transaction (POST and imports alike): references checked, audited. */
export async function createRecordIn(scope: TransactionScope, write: CreateWrite, actor: Actor) {
  const { entity } = write;
  const config = ENTITIES[entity];
  const repo = scope.repository;
  await checkReferences(write, actor, repo);
  const row = await repo.insert(entity, { ...columnsOf(config, write.input), createdById: actor.id, updatedById: actor.id });
  const roles = rolesOf(write);
  if (config.relationKind && roles) await repo.setRelationRoles(config.relationKind, row.id, roles);
  await scope.audit([{ model: config.model, recordId: row.id, action: 'create', userId: actor.id, before: null, after: await snapshot(entity, row, repo) }]);
  return row;
}

/** The lists written from their page statements' rows (list-query/list-rows.ts). */
const LIST_ROWS: Partial<Record<EntityKey, ListRows>> = {
  client: clientListRows,
  costCentre: costCentreListRows,
  contactPerson: contactPersonListRows,
  brand: brandListRows,
  contactRelation: contactRelationListRows,
  costCentreRelation: costCentreRelationListRows,
  legalEntity: legalEntityListRows,
  industry: industryListRows,
  subIndustry: subIndustryListRows,
};

/** The details written from their list's row (`detail`), with the column holding the row's version. */
const DETAIL_ROWS: Partial<Record<EntityKey, { list: ListRows; version: string }>> = {
  client: { list: clientListRows, version: 'client.version' },
  costCentre: { list: costCentreListRows, version: 'costCentre.version' },
  contactPerson: { list: contactPersonListRows, version: 'contactPerson.version' },
};

export interface RecordsServiceDeps {
  db: DbOrTx;
  repository: RecordsRepository;
  transaction: RunInTransaction;
  /** The integrations module's payroll lookup (a cost centre's employees are matched on its code). */
  payroll: Pick<FastifyInstance['payroll'], 'employeesOfCostCentre'>;
}

/** Reads and writes of the record entities (ENTITIES), in the actor's allocation scope, audited. */
export function createRecordsService(deps: RecordsServiceDeps) {
  const { repository, db } = deps;
  /** A single record as the actor may see it: related records outside their scope withheld (lists do this in listPage). */
  const visibleTo = async <T>(entity: EntityKey, actor: Actor, item: T): Promise<T> =>
    (await maskOutOfScope(db, ENTITIES[entity].resource, viewerOf(actor), [item]))[0]!;

  const service = {
    list<K extends EntityKey>(entity: K, list: ListRequest, actor: Actor, where?: SQL) {
      const resource = ENTITIES[entity].resource;
      return listPage(db, list, {
        resource,
        where: sqlAnd(entityScope(entity, actor), where),
        hydrate: (ids) => hydrateRecords(repository, entity, ids),
        rows: LIST_ROWS[entity],
      });
    },

    /** A record's detail; `condition` takes its ETag. */
    async get<K extends EntityKey>(entity: K, id: string, actor: Actor, where?: SQL, condition?: Conditional) {
      const scope = sqlAnd(entityScope(entity, actor), where);
      // The scope goes into the record's own statement: no existence check before a read that answers 404 itself.
      const record = await hydrateRecord(repository, entity, id, scope);
      // The tag is the version of the very row shown, read in the same statement.
      const version = record[ROW_VERSION];
      const item = await visibleTo(entity, actor, record);
      if (condition && version !== undefined) condition.setTag(entityTag(tagTable(entity), id, version));
      return item;
    },

    /**
     * GET of a record: `get`'s answer, written from its row as its list writes it where the record
     * is read whole (no scope: the actor sees every record of the kind) and its list has rows. The
     * same bytes and ETag without Drizzle's mapping, the item object and a second serialisation
     * (bench/RESULTS.md, issue 37 item 3).
     */
    async detail<K extends EntityKey>(entity: K, id: string, actor: Actor, condition?: Conditional) {
      const rows = DETAIL_ROWS[entity];
      if (!rows || entityScope(entity, actor) || !rowWriterEnabled()) return service.get(entity, id, actor, undefined, condition);
      const written = await writeRecord(db, ENTITIES[entity].resource, viewerOf(actor), rows.list, id);
      if (!written) throw notFound();
      if (condition) condition.setTag(entityTag(tagTable(entity), id, Number(written.valueAt(rows.version))));
      return new SerializedJson<EntityItem<K>>(written.json);
    },

    /** A record's audit trail, newest first; the record must be visible to the actor. */
    async history(entity: EntityKey, id: string, list: ListRequest, actor: Actor) {
      if (!(await repository.exists(entity, id, entityScope(entity, actor)))) throw notFound();
      return auditHistory(db, list, ENTITIES[entity].model, id, ENTITIES[entity].resource);
    },

    /** The payroll employees of a visible cost centre (404 outside the actor's scope), matched on its code. */
    async costCentreEmployees(costCentreId: string, list: ListRequest, actor: Actor) {
      if (!(await repository.exists('costCentre', costCentreId, entityScope('costCentre', actor)))) throw notFound();
      const [row] = await repository.entityRows('costCentre', [costCentreId]);
      if (!row) throw notFound();
      return deps.payroll.employeesOfCostCentre(list, row.code);
    },

    /** Checks the record is visible to the actor (404 otherwise); for nested and related reads. */
    async assertVisible(entity: EntityKey, id: string, actor: Actor) {
      if (!(await repository.exists(entity, id, entityScope(entity, actor)))) throw notFound();
    },

    async create<K extends EntityKey>(entity: K, input: CreateInput<K>, actor: Actor) {
      const write = createWrite(entity, input);
      const created = await deps.transaction(async (scope) => {
        const row = await createRecordIn(scope, write, actor);
        // Clients and legal entities take their first address and contacts in the same transaction.
        if (write.entity === 'client' || write.entity === 'legalEntity') {
          const owner = write.entity === 'client' ? 'client' : 'legal_entity';
          if (write.input.address) await addAddress(scope, owner, row.id, write.input.address, actor);
          for (const [index, contact] of (write.input.contacts ?? []).entries()) {
            await addContact(scope, owner, row.id, contact, actor, ['contacts', index]);
          }
        }
        return hydrateRecord(scope.repository, entity, row.id);
      });
      return visibleTo(entity, actor, created);
    },

    /** PUT/PATCH; with `condition`, If-Match is checked on the locked row (412 with the record now) and the new ETag set. */
    async update<K extends EntityKey>(entity: K, id: string, input: UpdateInput<K>, actor: Actor, where?: SQL, condition?: Conditional) {
      const write = updateWrite(entity, input);
      const { item, version } = await conditionalWrite(
        () =>
          deps.transaction(async (scope) => {
            const result = await updateRecordIn(scope, write, id, actor, where, condition);
            if (!result) throw notFound();
            // Role changes touch other tables: the version answered is the row's as the transaction leaves it.
            const version = (await scope.repository.versionOf(entity, id)) ?? result.after.version;
            return { item: await hydrateRecord(scope.repository, entity, id), version };
          }),
        () => service.get(entity, id, actor, where, condition),
      );
      condition?.setTag(entityTag(tagTable(entity), id, version));
      return visibleTo(entity, actor, item);
    },

    /** DELETE; with `condition`, If-Match is checked on the locked row (412 with the record now, nothing deleted). */
    async remove(entity: EntityKey, id: string, actor: Actor, where?: SQL, condition?: Conditional) {
      const config = ENTITIES[entity];
      await conditionalWrite(() => deps.transaction(async (scope) => {
        const repo = scope.repository;
        const current = await repo.find(entity, id, { scope: sqlAnd(entityScope(entity, actor), where), lock: true });
        if (!current) throw notFound();
        checkIfMatch(condition, tagTable(entity), current);
        const references = await repo.blockingReferences(entity, id);
        if (references.length) throw RECORDS_ERRORS.error('STILL_REFERENCED', config.noun, describeReferences(references));
        const before = await snapshot(entity, current, repo);
        await repo.remove(entity, id);
        await scope.audit([{ model: config.model, recordId: id, action: 'delete', userId: actor.id, before, after: null }]);
      }), () => service.get(entity, id, actor, where, condition));
    },

    async operationContacts(costCentreId: string, actor: Actor) {
      if (!(await repository.exists('costCentre', costCentreId, entityScope('costCentre', actor)))) throw notFound();
      const [contacts, managers, [row]] = await repository.together([
        () => repository.primaryContacts('cost_centre', [costCentreId]),
        () => repository.operationsManagers([costCentreId]),
        () => repository.entityRows('costCentre', [costCentreId]),
      ]);
      const byType = contacts.get(costCentreId);
      return {
        phone: byType?.PHONE ?? null,
        mobile: byType?.MOBILE ?? null,
        email: byType?.EMAIL ?? row?.email ?? null,
        operations_manager: managers.get(costCentreId) ?? null,
      };
    },
  };
  return service;
}

export type RecordsService = ReturnType<typeof createRecordsService>;
