import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ImportOptions, Job, JobError, JobKind } from '@ops/contract/jobs/jobs.schemas';
import { bulkChangeSchema } from '@ops/contract/jobs/jobs.schemas';
import { uuidv7 } from '../../db/ids';
import { jobs } from '../../db/schema/jobs';
import type { AuthUser } from '../../platform/auth';
import { expectVersion, StaleRecord } from '../../platform/conditional';
import type { Db } from '../../platform/db';
import { notFound, ValidationError, zodIssuesToFieldErrors } from '../../platform/errors';
import { compileListQuery } from '../../list-query/compile-list-query';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { defineListResource, type ListViewer } from '../../list-query/list-resource';
import { jobSchema } from '@ops/contract/jobs/jobs.schemas';
import { JOB_KINDS, JOB_STATUSES } from '@ops/contract/jobs/jobs.schemas';
import { createIdentityRepository } from '../identity/index';
import type { RecordedNotifications } from '../notifications/index';
import { jobErrorsOf } from './job-errors';
import type { JobContext, JobRow } from './job-runner';
import { uncheckedFieldsSchema, type JobTarget, type UncheckedFields } from './job-targets';
import { JOBS_ERRORS } from './jobs.errors';
import { createJobsRepository } from './jobs.repository';


/** What a job keeps in `jobs.params`: a bulk change's checked changes, or the import it runs with its options. */
export type JobParams = { changes: UncheckedFields } | { import: string; options: ImportOptions };
const bulkParamsSchema = z.object({ changes: uncheckedFieldsSchema });

/** Records per batch transaction. */
export const JOB_BATCH = 200;

export const jobsResource = defineListResource({
  name: 'jobs',
  table: jobs,
  id: jobs.id,
  fields: {
    id: { kind: 'uuid', column: jobs.id },
    kind: { kind: 'enum', column: jobs.kind, enumValues: JOB_KINDS },
    resource: { kind: 'text', column: jobs.resource },
    status: { kind: 'enum', column: jobs.status, enumValues: JOB_STATUSES },
    total: { kind: 'number', column: jobs.total },
    done: { kind: 'number', column: jobs.done },
    error_count: { kind: 'number', column: jobs.errorCount },
    failure: { kind: 'text', column: jobs.failure },
    created_by: { kind: 'uuid', column: jobs.createdById },
    created_at: { kind: 'datetime', column: jobs.createdAt },
    finished_at: { kind: 'datetime', column: jobs.finishedAt },
  },
  search: ['resource'],
  defaultOrdering: ['-created_at'],
  itemSchema: jobSchema,
});

export function serializeJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    resource: row.resource,
    status: row.status as Job['status'],
    total: row.total,
    done: row.done,
    errors: row.errors as JobError[],
    error_count: row.errorCount,
    failure: row.failure,
    undo: (row.undoResult as Job['undo']) ?? null,
    created_by: row.createdById,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export interface JobsServiceDeps {
  db: Db;
  targets: Record<string, JobTarget>;
  /** Announces notifications a committed batch recorded. */
  afterCommit: (recorded: RecordedNotifications) => void;
  /** Called when a job was queued, so the runner starts it now. */
  wake: () => void;
}

type BulkBody = z.output<typeof bulkChangeSchema>;

export function createJobsService(deps: JobsServiceDeps) {
  const { db, targets } = deps;
  const repository = createJobsRepository(db);

  /** The user a job acts as, as they are now: a deactivated user's job stops. */
  async function actorOf(job: JobRow): Promise<AuthUser> {
    const user = await createIdentityRepository(db).findUserById(job.createdById);
    if (!user || !user.isActive) throw new Error('The user who started the job is no longer active.');
    return user;
  }

  async function ownJob(user: AuthUser, id: string): Promise<JobRow> {
    const row = await repository.ownJob(id, user.id);
    // Someone else's job is indistinguishable from a missing one.
    if (!row) throw notFound();
    return row;
  }

  /** Validates a bulk change's `changes` with the resource's PATCH schema: unknown fields and bad values answer 400 under `changes`. */
  function checkChanges(target: JobTarget, changes: UncheckedFields): UncheckedFields {
    const keys = Object.keys(changes);
    if (keys.length === 0) throw JOBS_ERRORS.onField('changes', 'NO_CHANGES');
    const unknown = keys.filter((key) => !Object.hasOwn(target.patchSchema.shape, key));
    if (unknown.length) {
      const named = unknown.slice(0, 20).map((key) => [key.slice(0, 100), [JOBS_ERRORS.message('NOT_CHANGEABLE_HERE')]]);
      throw new ValidationError({ changes: Object.fromEntries(named) });
    }
    const parsed = target.patchSchema.safeParse(changes, { reportInput: true });
    if (!parsed.success) throw new ValidationError({ changes: zodIssuesToFieldErrors(parsed.error.issues) });
    return parsed.data;
  }

  return {
    serializeJob,
    actorOf,

    async get(user: AuthUser, id: string): Promise<Job> {
      return serializeJob(await ownJob(user, id));
    },

    list(user: AuthUser, list: ListRequest) {
      return listPage(db, list, {
        resource: jobsResource,
        where: eq(jobs.createdById, user.id),
        hydrate: async (ids) => (await repository.jobsByIds(ids)).map(serializeJob),
      });
    },

    /** Queues a job (status QUEUED) whose targets `fill` inserts in the same transaction; returns its id. */
    async queue(
      user: AuthUser,
      kind: JobKind,
      resource: string,
      params: JobParams,
      fill?: (jobId: string, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<number>,
      total = 0,
    ): Promise<string> {
      const id = uuidv7();
      await db.transaction(async (tx) => {
        const inTx = createJobsRepository(tx);
        await inTx.insertJob({ id, kind, resource, params, createdById: user.id, total });
        if (fill) await inTx.setTotal(id, await fill(id, tx));
      });
      deps.wake();
      return id;
    },

    /** `POST bulk/{resource}/`: the ids given or everything the list would show (its scope, filters and search), changed as a job. */
    async submitBulk(user: AuthUser, viewer: ListViewer, resource: string, body: BulkBody): Promise<{ job: string }> {
      const target = targets[resource];
      if (!target) throw notFound();
      const changes = checkChanges(target, body.changes);
      const byFilter = body.filters !== undefined || body.search !== undefined;
      if (body.ids && byFilter) throw JOBS_ERRORS.error('IDS_AND_FILTERS');
      if (!body.ids && !byFilter)
        throw JOBS_ERRORS.error('NO_SELECTION');
      const scope = target.scope(user);
      const list = target.list;
      let where: SQL | undefined;
      let orderBy: SQL[] = [sql`${list.id}`];
      if (body.ids) {
        const ids = [...new Set(body.ids)];
        where = and(inArray(list.id, ids), ...(scope ? [scope] : []));
        const found = await repository.countRows(list.table, where);
        if (found !== ids.length) throw JOBS_ERRORS.onField('ids', 'IDS_OUT_OF_REACH', ids.length - found);
      } else {
        const filters =
          typeof body.filters === 'string' || body.filters === undefined ? body.filters : JSON.stringify(body.filters);
        // The list's own compiler: the same scope, filters, search and order as the list on screen.
        const plan = compileListQuery(list, { filters, search: body.search }, scope, viewer);
        where = plan.where;
        orderBy = plan.orderBy;
      }
      const job = await this.queue(user, 'bulk_change', resource, { changes }, (jobId, tx) =>
        createJobsRepository(tx).freezeTargets(jobId, { table: list.table, id: list.id, version: target.version }, where, orderBy),
      );
      return { job };
    },

    /** The bulk change handler: through the frozen targets after `done`, a batch per transaction, each record in a savepoint. */
    async runBulk(context: JobContext): Promise<void> {
      const { job } = context;
      const target = targets[job.resource];
      if (!target) throw new Error(`Unknown resource "${job.resource}".`);
      const actor = await actorOf(job);
      const { changes } = bulkParamsSchema.parse(job.params);
      let done = job.done;
      while (!context.stopping) {
        const rows = await repository.targetsAfter(job.id, done, JOB_BATCH);
        if (rows.length === 0) return;
        const recorded: RecordedNotifications[] = [];
        await context.batch(rows.length, async (tx, errors) => {
          for (const { recordId, version } of rows) {
            // Written only as the job read it: a record someone changed since is skipped and listed.
            const condition = version === null ? undefined : expectVersion(target.tagTable, recordId, version);
            try {
              await tx.transaction(async (savepoint) => {
                const applied = await target.apply(savepoint, actor, recordId, changes, (r) => recorded.push(r), condition);
                if (!applied) {
                  errors.push({ id: recordId, field: null, message: JOBS_ERRORS.message('NOT_IN_ALLOCATION') });
                  return;
                }
                await createJobsRepository(savepoint).recordChange({
                  jobId: job.id,
                  recordId,
                  action: 'update',
                  before: applied.before,
                  writtenAt: applied.writtenAt,
                });
              });
            } catch (error) {
              if (error instanceof StaleRecord) errors.push({ id: recordId, field: null, message: JOBS_ERRORS.message('CHANGED_SINCE_READ') });
              else errors.push(...jobErrorsOf(error, { id: recordId }));
            }
          }
        });
        recorded.forEach(deps.afterCommit);
        done += rows.length;
      }
    },

    /**
     * `POST jobs/{id}/undo/`: every record the job changed gets its previous
     * values back (a record it created is deleted), unless the record changed
     * since (someone else's edit is kept: listed as skipped), is gone, or is
     * now outside the user's allocation. Batches commit one by one.
     */
    async undo(user: AuthUser, id: string): Promise<Job> {
      const job = await ownJob(user, id);
      if (job.status === 'UNDONE') throw JOBS_ERRORS.error('ALREADY_UNDONE');
      if (job.status === 'QUEUED' || job.status === 'RUNNING')
        throw JOBS_ERRORS.error('STILL_RUNNING');
      const target = targets[job.resource];
      if (!target) throw notFound();
      // Claim the undo: one request undoes a job, once.
      if (!(await repository.claimUndo(id))) throw JOBS_ERRORS.error('ALREADY_UNDONE');
      const result = { restored: 0, deleted: 0, skipped: [] as JobError[] };
      const recorded: RecordedNotifications[] = [];
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const changes = await repository.changesAfter(id, after, JOB_BATCH);
        if (changes.length === 0) break;
        after = changes[changes.length - 1]!.recordId;
        await db.transaction(async (tx) => {
          for (const change of changes) {
            try {
              const outcome = await tx.transaction((savepoint) =>
                target.revert(
                  savepoint,
                  user,
                  change.recordId,
                  uncheckedFieldsSchema.nullable().parse(change.before),
                  change.writtenAt,
                  (r) => recorded.push(r),
                ),
              );
              if (outcome === 'restored') result.restored += 1;
              else if (outcome === 'deleted') result.deleted += 1;
              else result.skipped.push({ id: change.recordId, field: null, message: REVERT_MESSAGES[outcome] });
            } catch (error) {
              result.skipped.push(...jobErrorsOf(error, { id: change.recordId }));
            }
          }
        });
      }
      recorded.forEach(deps.afterCommit);
      const row = await repository.setUndoResult(id, { ...result, skipped: result.skipped.slice(0, 1000) });
      return serializeJob(row!);
    },
  };
}

const REVERT_MESSAGES = {
  changed: 'Changed by someone since the job ran: left as it is.',
  gone: 'No longer exists, or is not in your allocation.',
  blocked: 'Other records refer to it now: left as it is.',
} as const;

export type JobsService = ReturnType<typeof createJobsService>;
