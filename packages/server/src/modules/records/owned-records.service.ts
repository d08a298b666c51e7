import type { AddressInput, ContactInput } from '@ops/contract/records/records.schemas';
import { snapshotOf } from '../../platform/audit';
import { checkIfMatch, conditionalWrite, entityTag, type Conditional } from '../../platform/conditional';
import type { DbOrTx } from '../../platform/db';
import { notFound, ValidationError, type FieldErrors } from '../../platform/errors';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import type { RecordsRepository } from './records.repository';
import { ownerColumnKey, type AddressRow, type ColumnValues, type ContactRow, type OwnerKind } from './records.tables';
import { camel, entityScope, OWNER_ENTITY, type Actor, type RunInTransaction, type TransactionScope } from './records.entities';
import { auditUserIds, serializeAddress, serializeContact } from './records.serializers';
import { addressesResource, contactsResource } from './records.resource';
import { RECORDS_ERRORS } from './records.errors';

/**
 * Addresses and contacts owned by a client, contact person, cost centre or
 * legal entity (spec api-contract §3): each owner has at most one primary address and one
 * primary contact per contact type; the owner's row lock serialises writes.
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{6,30}$/;
const WEBSITE_PATTERN = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/i;

/** A contact's detail must fit its type; checked in the service so nested creates fail inside their transaction. */
function contactDetailProblem(type: string, detail: string): 'EMAIL_DETAIL' | 'PHONE_DETAIL' | 'WEBSITE_DETAIL' | undefined {
  if (type === 'EMAIL' && !EMAIL_PATTERN.test(detail)) return 'EMAIL_DETAIL';
  if ((type === 'PHONE' || type === 'MOBILE') && !PHONE_PATTERN.test(detail)) return 'PHONE_DETAIL';
  if (type === 'WEBSITE' && !WEBSITE_PATTERN.test(detail)) return 'WEBSITE_DETAIL';
  return undefined;
}

function addressColumns(input: Partial<AddressInput>): ColumnValues {
  const values: ColumnValues = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) values[camel(key)] = value;
  }
  return values;
}

function nest(path: (string | number)[], leaf: FieldErrors): FieldErrors {
  return path.reduceRight<FieldErrors>((inner, key) => ({ [String(key)]: inner }), leaf);
}

type UserRows = { createdById: string | null; updatedById: string | null }[];
const usersFor = async (repo: RecordsRepository, rows: UserRows) =>
  (await repo.refs({ users: rows.flatMap(auditUserIds) as string[] })).users;

/** Adds an owner's address inside the caller's transaction (primary when the owner has none). */
export async function addAddress(
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

/** Adds an owner's contact inside the caller's transaction (primary when its type has none); `path` places errors of a nested create. */
export async function addContact(
  scope: TransactionScope,
  kind: OwnerKind,
  ownerId: string,
  input: ContactInput,
  actor: Actor,
  path: (string | number)[] = [],
): Promise<ContactRow> {
  const { repository: repo } = scope;
  const problem = contactDetailProblem(input.contact_type, input.contact_detail);
  if (problem) throw new ValidationError(nest(path, { contact_detail: [RECORDS_ERRORS.message(problem)] }));
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

/** What differs between addresses and contacts; the service's flow is the same for both. */
interface OwnedKind<Row extends { id: string; isPrimary: boolean } & UserRows[number], Input, Item> {
  model: 'address' | 'contact';
  /** The table its entity tags name (platform.md 14.6). */
  table: 'records_address' | 'records_contact';
  resource: typeof addressesResource | typeof contactsResource;
  byIds(repo: RecordsRepository, ids: string[]): Promise<Row[]>;
  /** With `lock`, the row is locked for the caller's transaction. */
  find(repo: RecordsRepository, kind: OwnerKind, ownerId: string, id: string, lock?: boolean): Promise<Row | undefined>;
  serialize(row: Row, users: Awaited<ReturnType<typeof usersFor>>): Item;
  add(scope: TransactionScope, kind: OwnerKind, ownerId: string, input: Input, actor: Actor): Promise<Row>;
  change(
    repo: RecordsRepository,
    kind: OwnerKind,
    ownerId: string,
    current: Row,
    input: Partial<Input>,
    actor: Actor,
  ): Promise<Row>;
  /** Deletes the row; a primary one hands the flag to the oldest remaining of its kind. */
  remove(repo: RecordsRepository, kind: OwnerKind, ownerId: string, current: Row): Promise<void>;
  makePrimary(repo: RecordsRepository, kind: OwnerKind, ownerId: string, current: Row, actor: Actor): Promise<Row>;
}

const addressKind: OwnedKind<AddressRow, AddressInput, ReturnType<typeof serializeAddress>> = {
  model: 'address',
  table: 'records_address',
  resource: addressesResource,
  byIds: (repo, ids) => repo.addressesByIds(ids),
  find: (repo, kind, ownerId, id, lock) => repo.findAddress(kind, ownerId, id, { lock }),
  serialize: serializeAddress,
  add: addAddress,
  change: (repo, _kind, _ownerId, current, input, actor) =>
    repo.updateAddress(current.id, { ...addressColumns(input), updatedAt: new Date(), updatedById: actor.id }),
  async remove(repo, kind, ownerId, current) {
    await repo.deleteAddress(current.id);
    if (current.isPrimary) await repo.promoteOldestAddress(kind, ownerId);
  },
  async makePrimary(repo, kind, ownerId, current, actor) {
    await repo.clearPrimaryAddress(kind, ownerId);
    return repo.updateAddress(current.id, { isPrimary: true, updatedAt: new Date(), updatedById: actor.id });
  },
};

const contactKind: OwnedKind<ContactRow, ContactInput, ReturnType<typeof serializeContact>> = {
  model: 'contact',
  table: 'records_contact',
  resource: contactsResource,
  byIds: (repo, ids) => repo.contactsByIds(ids),
  find: (repo, kind, ownerId, id, lock) => repo.findContact(kind, ownerId, id, { lock }),
  serialize: serializeContact,
  add: (scope, kind, ownerId, input, actor) => addContact(scope, kind, ownerId, input, actor),
  async change(repo, kind, ownerId, current, input, actor) {
    const type = input.contact_type ?? current.contactType;
    const detail = input.contact_detail ?? current.contactDetail;
    const problem = contactDetailProblem(type, detail);
    if (problem) throw RECORDS_ERRORS.onField('contact_detail', problem);
    const typeChanged = type !== current.contactType;
    // Moving to another type: it is primary there only if that type had none; its old type promotes another.
    const isPrimary = typeChanged ? !(await repo.hasPrimaryContact(kind, ownerId, type, current.id)) : current.isPrimary;
    if (typeChanged && current.isPrimary) await repo.updateContact(current.id, { isPrimary: false });
    const row = await repo.updateContact(current.id, {
      description: input.description,
      contactDetail: input.contact_detail,
      contactType: input.contact_type,
      isPrimary,
      updatedAt: new Date(),
      updatedById: actor.id,
    });
    if (typeChanged && current.isPrimary) await repo.promoteOldestContact(kind, ownerId, current.contactType);
    return row;
  },
  async remove(repo, kind, ownerId, current) {
    await repo.deleteContact(current.id);
    if (current.isPrimary) await repo.promoteOldestContact(kind, ownerId, current.contactType);
  },
  async makePrimary(repo, kind, ownerId, current, actor) {
    await repo.clearPrimaryContact(kind, ownerId, current.contactType);
    return repo.updateContact(current.id, { isPrimary: true, updatedAt: new Date(), updatedById: actor.id });
  },
};

export interface OwnedRecordsServiceDeps {
  db: DbOrTx;
  repository: RecordsRepository;
  transaction: RunInTransaction;
}

function ownedKindService<
  Row extends { id: string; isPrimary: boolean; version: number } & UserRows[number],
  Input,
  Item extends { id: string },
>(deps: OwnedRecordsServiceDeps, ops: OwnedKind<Row, Input, Item>) {
  const { db, repository } = deps;

  async function ownerVisible(kind: OwnerKind, ownerId: string, actor: Actor) {
    const entity = OWNER_ENTITY[kind];
    if (!(await repository.exists(entity, ownerId, entityScope(entity, actor)))) throw notFound();
  }

  /**
   * Runs `work` on an existing row of a visible owner, under the owner's row lock and its own (so
   * `condition`, an If-Match, is checked against the row as it stays until commit: StaleRecord otherwise).
   */
  async function withLockedRow<T>(
    kind: OwnerKind,
    ownerId: string,
    id: string,
    actor: Actor,
    work: (scope: TransactionScope, current: Row) => Promise<T>,
    condition?: Conditional,
  ) {
    await ownerVisible(kind, ownerId, actor);
    return deps.transaction(async (scope) => {
      if (!(await scope.repository.lockOwner(kind, ownerId))) throw notFound();
      const current = await ops.find(scope.repository, kind, ownerId, id, true);
      if (!current) throw notFound();
      checkIfMatch(condition, ops.table, current);
      return work(scope, current);
    });
  }

  const tagOfRow = (row: Row) => entityTag(ops.table, row.id, row.version);

  const out = async (repo: RecordsRepository, row: Row) => ops.serialize(row, await usersFor(repo, [row]));

  /** The detail; with `tag`, the answer's ETag (platform.md 14.6), from the version of the row answered. */
  async function get(kind: OwnerKind, ownerId: string, id: string, actor: Actor, tag?: Conditional) {
    await ownerVisible(kind, ownerId, actor);
    const row = await ops.find(repository, kind, ownerId, id);
    if (!row) throw notFound();
    tag?.setTag(tagOfRow(row));
    return out(repository, row);
  }

  /** Writes the audit entry of a change from `current` to `row` and answers the changed row. */
  async function auditedUpdate(scope: TransactionScope, actor: Actor, current: Row, row: Row) {
    await scope.audit([
      {
        model: ops.model,
        recordId: current.id,
        action: 'update',
        userId: actor.id,
        before: snapshotOf(current),
        after: snapshotOf(row),
      },
    ]);
    return out(scope.repository, row);
  }

  /**
   * Changes one locked row under its If-Match (`condition`: 412 with the detail as it is now when the
   * version moved on), audits the change and answers the row with its new ETag. `change` answering
   * null leaves the row as it is (nothing to audit).
   */
  async function changeLocked(
    kind: OwnerKind,
    ownerId: string,
    id: string,
    actor: Actor,
    condition: Conditional | undefined,
    change: (scope: TransactionScope, current: Row) => Promise<Row> | null,
  ) {
    const { item, tag } = await conditionalWrite(
      () =>
        withLockedRow(
          kind,
          ownerId,
          id,
          actor,
          async (scope, current) => {
            const row = await change(scope, current);
            if (!row) return { item: await out(scope.repository, current), tag: tagOfRow(current) };
            return { item: await auditedUpdate(scope, actor, current, row), tag: tagOfRow(row) };
          },
          condition,
        ),
      () => get(kind, ownerId, id, actor, condition),
    );
    condition?.setTag(tag);
    return item;
  }

  return {
    async list(kind: OwnerKind, ownerId: string, list: ListRequest, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      const where = repository.ownerCondition(kind, ops.model, ownerId);
      return listPage(db, list, {
        resource: ops.resource,
        where,
        hydrate: async (ids) => {
          const rows = await ops.byIds(repository, ids);
          const users = await usersFor(repository, rows);
          return rows.map((row) => ops.serialize(row, users));
        },
      });
    },

    get,

    async create(kind: OwnerKind, ownerId: string, input: Input, actor: Actor) {
      await ownerVisible(kind, ownerId, actor);
      return deps.transaction(async (scope) => {
        if (!(await scope.repository.lockOwner(kind, ownerId))) throw notFound();
        return out(scope.repository, await ops.add(scope, kind, ownerId, input, actor));
      });
    },

    /** With `condition` (If-Match), 412 with the row as its detail answers it now when its version moved on. */
    update(kind: OwnerKind, ownerId: string, id: string, input: Partial<Input>, actor: Actor, condition?: Conditional) {
      return changeLocked(kind, ownerId, id, actor, condition, (scope, current) =>
        ops.change(scope.repository, kind, ownerId, current, input, actor),
      );
    },

    async remove(kind: OwnerKind, ownerId: string, id: string, actor: Actor, condition?: Conditional) {
      await conditionalWrite(
        () =>
          withLockedRow(
            kind,
            ownerId,
            id,
            actor,
            async (scope, current) => {
              await ops.remove(scope.repository, kind, ownerId, current);
              await scope.audit([
                { model: ops.model, recordId: id, action: 'delete', userId: actor.id, before: snapshotOf(current), after: null },
              ]);
            },
            condition,
          ),
        () => get(kind, ownerId, id, actor, condition),
      );
    },

    /** Moves the primary flag; the owner row lock serialises concurrent calls for one owner. */
    makePrimary(kind: OwnerKind, ownerId: string, id: string, actor: Actor, condition?: Conditional) {
      return changeLocked(kind, ownerId, id, actor, condition, (scope, current) =>
        current.isPrimary ? null : ops.makePrimary(scope.repository, kind, ownerId, current, actor),
      );
    },
  };
}

/** The owned addresses and contacts of records, one service per kind with the same operations. */
export function createOwnedRecordsService(deps: OwnedRecordsServiceDeps) {
  return { address: ownedKindService(deps, addressKind), contact: ownedKindService(deps, contactKind) };
}

export type OwnedRecordsService = ReturnType<typeof createOwnedRecordsService>;
