import { getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BulkResource } from '@ops/contract/jobs/jobs.schemas';
import { ticketPatchSchema } from '@ops/contract/helpdesk/helpdesk.schemas';
import {
  brandPatchSchema,
  clientPatchSchema,
  contactPersonPatchSchema,
  costCentrePatchSchema,
} from '@ops/contract/records/records.schemas';
import type { RecordedNotifications } from '../notifications/index';
import type { AuthUser } from '../../platform/auth';
import type { Conditional } from '../../platform/conditional';
import type { DbOrTx } from '../../platform/db';
import type { ListResource } from '../../list-query/list-resource';
import { createHelpdeskRepository, ticketsResource } from '../helpdesk/index';
import { recordEntity, recordFieldValue, recordScope, recordsWriterFor, type Actor, type EntityKey, type UpdateWrite } from '../records/index';

/**
 * Field values not yet checked by a resource's PATCH schema: a bulk change's `changes` and the
 * values an undo restores, as JSON keeps them. A target parses them before it writes.
 */
export type UncheckedFields = { [field: string]: unknown };
/** How the jobs table keeps them (`jobs.params.changes`, `job_changes.before`): read back through this schema, not a cast. */
export const uncheckedFieldsSchema = z.record(z.string(), z.unknown());

/** A versioned table's `version` column (platform.md 14.6: records tables and tickets have one). */
function versionOf(table: PgTable): Pick<JobTarget, 'version' | 'tagTable'> {
  const version = getTableColumns(table).version;
  if (!version) throw new Error(`${getTableName(table)} has no version column.`);
  return { version, tagTable: getTableName(table) };
}

/** What a job wrote to one record: the changed fields' previous values and the record's updated_at afterwards. */
export interface AppliedChange {
  before: UncheckedFields;
  writtenAt: Date;
}

export type RevertOutcome = 'restored' | 'deleted' | 'changed' | 'gone' | 'blocked';

/** One resource a job can change: its list (the same scope and filters as on screen), its PATCH schema, and how a change is applied and reverted. */
export interface JobTarget {
  resource: BulkResource;
  model: string;
  list: ListResource;
  /** The list table's row version (what a bulk change compares before it writes); its table names the entity tag. */
  version: PgColumn;
  tagTable: string;
  patchSchema: z.ZodObject;
  /** The rows the actor may change (allocation scope), beside the request's filters. */
  scope(actor: Actor): SQL | undefined;
  /**
   * Applies `changes` to one record inside `tx`; null when the record is not there for the actor.
   * With `condition` (the version the job read), throws StaleRecord when the record changed since.
   */
  apply(
    tx: DbOrTx,
    actor: AuthUser,
    id: string,
    changes: UncheckedFields,
    after: AfterCommit,
    condition?: Conditional,
  ): Promise<AppliedChange | null>;
  /** Restores `before` when the record is as the job left it (`writtenAt`); a created record (`before` null) is deleted. */
  revert(
    tx: DbOrTx,
    actor: AuthUser,
    id: string,
    before: UncheckedFields | null,
    writtenAt: Date,
    after: AfterCommit,
  ): Promise<RevertOutcome>;
}

/** Work to do once the batch's transaction committed (announcing notifications). */
export type AfterCommit = (recorded: RecordedNotifications) => void;

/**
 * A records entity as a job target. Changes (and the values an undo restores) are parsed by the
 * entity's PATCH schema into its update write, so a job writes by the same typed rule as PATCH.
 */
function recordTarget<Patch>(
  resource: BulkResource,
  entity: EntityKey,
  patchSchema: z.ZodObject & z.ZodType<Patch>,
  asWrite: (input: Patch) => UpdateWrite,
): JobTarget {
  const { model, list } = recordEntity(entity);
  const writeOf = (values: UncheckedFields) => asWrite(patchSchema.parse(values));
  return {
    resource,
    model,
    list,
    ...versionOf(list.table),
    patchSchema,
    scope: (actor) => recordScope(entity, actor),
    async apply(tx, actor, id, changes, _after, condition) {
      const result = await recordsWriterFor(tx).update(writeOf(changes), id, actor, condition);
      if (!result) return null;
      const before = Object.fromEntries(Object.keys(changes).map((field) => [field, recordFieldValue(entity, result.before, field)]));
      return { before, writtenAt: result.after.updatedAt };
    },
    async revert(tx, actor, id, before, writtenAt) {
      const writer = recordsWriterFor(tx);
      const current = await writer.findLocked(entity, id, actor);
      if (!current) return 'gone';
      if (current.updatedAt.getTime() !== writtenAt.getTime()) return 'changed';
      if (before === null) return writer.remove(entity, current, actor);
      await writer.update(writeOf(before), id, actor);
      return 'restored';
    },
  };
}

/** A ticket's changeable fields and the row's columns that hold them (what an undo restores). */
const TICKET_FIELDS = {
  title: 'title',
  ticket_type: 'ticketType',
  ticket_content: 'ticketContent',
  priority: 'priority',
  ticket_status: 'ticketStatus',
  requester: 'requesterId',
  assignee: 'assigneeId',
} as const;
const isTicketField = (field: string): field is keyof typeof TICKET_FIELDS => Object.hasOwn(TICKET_FIELDS, field);

function ticketTarget(app: FastifyInstance): JobTarget {
  const repoOf = (tx: DbOrTx) => createHelpdeskRepository(tx, app.permissionHolders);
  return {
    resource: 'tickets',
    model: 'ticket',
    list: ticketsResource,
    ...versionOf(ticketsResource.table),
    patchSchema: ticketPatchSchema,
    scope: () => undefined,
    async apply(tx, actor, id, changes, afterCommit, condition) {
      const repo = repoOf(tx);
      if (!(await repo.findTicket(id, { lock: true }))) return null;
      const { before, after, recorded } = await app.helpdesk.applyTicketUpdate(
        repo,
        tx,
        actor,
        id,
        ticketPatchSchema.parse(changes),
        condition,
      );
      afterCommit(recorded);
      return {
        before: Object.fromEntries(Object.keys(changes).filter(isTicketField).map((field) => [field, before[TICKET_FIELDS[field]] ?? null])),
        writtenAt: after.updatedAt,
      };
    },
    async revert(tx, actor, id, before, writtenAt, afterCommit) {
      const repo = repoOf(tx);
      const current = await repo.findTicket(id, { lock: true });
      if (!current) return 'gone';
      if (current.updatedAt.getTime() !== writtenAt.getTime()) return 'changed';
      if (before === null) return 'blocked';
      const { recorded } = await app.helpdesk.applyTicketUpdate(repo, tx, actor, id, ticketPatchSchema.parse(before));
      afterCommit(recorded);
      return 'restored';
    },
  };
}

export function createJobTargets(app: FastifyInstance): Record<BulkResource, JobTarget> {
  return {
    clients: recordTarget('clients', 'client', clientPatchSchema, (input) => ({ entity: 'client', input })),
    'contact-persons': recordTarget('contact-persons', 'contactPerson', contactPersonPatchSchema, (input) => ({
      entity: 'contactPerson',
      input,
    })),
    'cost-centres': recordTarget('cost-centres', 'costCentre', costCentrePatchSchema, (input) => ({ entity: 'costCentre', input })),
    brands: recordTarget('brands', 'brand', brandPatchSchema, (input) => ({ entity: 'brand', input })),
    tickets: ticketTarget(app),
  };
}
