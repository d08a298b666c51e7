import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../db/ids';
import { writeAudits } from '../../platform/audit';
import type { Conditional } from '../../platform/conditional';
import type { DbOrTx } from '../../platform/db';
import type { ListResource } from '../../list-query/list-resource';
import { createRecordsRepository } from './records.repository';
import { createRecordBatchesRepository, type BatchUpdate } from './record-batches.repository';
import {
  camel,
  columnsOf,
  ENTITIES,
  entityScope,
  type Actor,
  type ColumnValues,
  type CreateWrite,
  type EntityConfig,
  type TransactionScope,
  type UpdateWrite,
} from './records.entities';
import { createRecordIn, updateRecordIn } from './records.service';
import { snapshot } from './records.references';
import type { AnyRow, EntityKey } from './records.tables';

// The records module's write port for other modules (jobs: bulk change, import, undo). Every write
// goes through the same rule as POST and PATCH (createRecordIn / updateRecordIn: references checked
// in the actor's scope, audit entry written); only the set-based import path reads the entity's
// column mapping to write a whole batch in one statement.

/** What another module may know of an entity: its model, list, references and column mapping. */
export type RecordEntity = Pick<EntityConfig, 'model' | 'refs' | 'nonColumns' | 'relationKind'> & {
  list: ListResource;
  table: PgTable;
  id: PgColumn;
};

export function recordEntity(entity: EntityKey): RecordEntity {
  const config = ENTITIES[entity];
  const { model, refs, nonColumns, relationKind, resource } = config;
  return { model, refs, nonColumns, relationKind, list: resource, table: resource.table, id: resource.id };
}

/** The rows of `entity` the actor may write (their allocation scope); undefined when unrestricted. */
export const recordScope = (entity: EntityKey, actor: Actor): SQL | undefined => entityScope(entity, actor);

/**
 * Whether `actor` may read record `id` of `entity`: it exists inside their allocation scope (the
 * model permission is the caller's check). Notifications' watches ask this through app.ts.
 */
export async function recordVisible(db: DbOrTx, entity: EntityKey, id: string, actor: Actor): Promise<boolean> {
  return Boolean(await createRecordsRepository(db).find(entity, id, { scope: entityScope(entity, actor) }));
}

/** A write input as column values (`owner` -> ownerId; nested fields left out). */
export const recordColumns = (write: CreateWrite | UpdateWrite): ColumnValues => columnsOf(ENTITIES[write.entity], write.input);

/** A row's value of an API field (`owner` -> ownerId), as JSON keeps it (dates as ISO strings). */
export function recordFieldValue(entity: EntityKey, row: AnyRow, field: string): unknown {
  const value = row[field in ENTITIES[entity].refs ? `${camel(field)}Id` : camel(field)];
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/** The writer bound to one transaction (or savepoint). */
export function recordsWriterFor(tx: DbOrTx) {
  const scope: TransactionScope = { repository: createRecordsRepository(tx), audit: (entries) => writeAudits(tx, entries) };
  const batches = createRecordBatchesRepository(tx);
  return {
    /** One record created by the same rule as POST (references checked in the actor's scope, audited). */
    create: (write: CreateWrite, actor: Actor) => createRecordIn(scope, write, actor),
    /**
     * One record updated by the same rule as PATCH; null when the record is not there for the actor.
     * With `condition`, throws StaleRecord (nothing written) when the locked row no longer matches it.
     */
    update: (write: UpdateWrite, id: string, actor: Actor, condition?: Conditional) =>
      updateRecordIn(scope, write, id, actor, undefined, condition),
    /** The record locked for the rest of the transaction, if the actor may write it. */
    findLocked: (entity: EntityKey, id: string, actor: Actor) =>
      scope.repository.find(entity, id, { scope: entityScope(entity, actor), lock: true }),
    /** Deletes `current` with its audit entry, unless other records refer to it. */
    async remove(entity: EntityKey, current: AnyRow, actor: Actor): Promise<'deleted' | 'blocked'> {
      if ((await scope.repository.blockingReferences(entity, current.id)).length) return 'blocked';
      const before = await snapshot(entity, current, scope.repository);
      await scope.repository.remove(entity, current.id);
      await scope.audit([{ model: ENTITIES[entity].model, recordId: current.id, action: 'delete', userId: actor.id, before, after: null }]);
      return 'deleted';
    },
    /**
     * An import's set-based writes: the caller has checked each write's rules and writes the audit
     * entries for the rows these answer. `lock` keeps to the actor's scope; creates and updates are
     * stamped with the actor.
     */
    batch: {
      lock: (entity: EntityKey, ids: string[], actor: Actor) => batches.lockRows(entity, ids, entityScope(entity, actor)),
      create: (entity: EntityKey, rows: ColumnValues[], actor: Actor) =>
        batches.insertRows(
          entity,
          rows.map((row) => ({ ...row, id: uuidv7(), createdById: actor.id, updatedById: actor.id })),
        ),
      update: (entity: EntityKey, rows: BatchUpdate[], actor: Actor, at: Date) =>
        batches.updateRows(entity, rows, { updatedAt: at, updatedById: actor.id }),
      industriesOfSubIndustries: (ids: string[]) => batches.industriesOfSubIndustries(ids),
    },
  };
}

export type RecordsWriter = ReturnType<typeof recordsWriterFor>;
