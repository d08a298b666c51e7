import { AsyncResource } from 'node:async_hooks';
import { and, eq } from 'drizzle-orm';
import type { JobError } from '@ops/contract/jobs/jobs.schemas';
import { uuidv7 } from '../../db/ids';
import { jobs } from '../../db/schema/jobs';
import type { Db, Tx } from '../../platform/db';
import { createJobsRepository, type JobRow } from './jobs.repository';
export type { JobRow };

/** At most this many problems are kept on a job (error_count counts every row or record that failed). */
export const MAX_STORED_ERRORS = 1000;

/**
 * How many rows (an import) or records (a bulk change) a batch's problems are about: an import row
 * with two invalid cells failed once. A row lies in one batch only, so counting per batch is exact.
 */
export function failedCount(errors: JobError[]): number {
  return new Set(errors.map((e, i) => (e.row !== undefined ? `row ${e.row}` : e.id !== undefined ? `id ${e.id}` : `problem ${i}`))).size;
}

/** Thrown inside a batch when this runner no longer holds the job (another instance took it over): the batch rolls back. */
export class JobLostError extends Error {
  constructor() {
    super('The job is no longer held by this runner.');
  }
}

/** What a job's handler gets: the claimed job and a way to commit one batch of its work. */
export interface JobContext {
  job: JobRow;
  /**
   * Runs `work` in one transaction that also advances `done` by `count` and
   * appends the errors `work` pushes: a batch is applied and counted
   * together or not at all, so a restart resumes exactly after the last batch.
   */
  batch(count: number, work: (tx: Tx, errors: JobError[]) => Promise<void>): Promise<void>;
  /** True once the runner is stopping: the handler returns after its current batch. */
  readonly stopping: boolean;
}

export type JobHandler = (context: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** A RUNNING job whose heartbeat is older than this is taken to be orphaned (its server stopped) and resumed. */
  staleAfterMs?: number;
  pollMs?: number;
  concurrency?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The job runner: claims QUEUED jobs (and orphaned RUNNING ones) with
 * `FOR UPDATE SKIP LOCKED`, so several server instances share one queue,
 * never two RUNNING jobs of one user and resource (a partial unique index),
 * and runs each through its kind's handler batch by batch.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, handlers } = options;
  const repository = createJobsRepository(db);
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const log = options.log ?? (() => {});
  let stopping = false;
  let started = false;
  let active = 0;
  const activeJobs = new Set<string>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  async function claim(): Promise<JobRow | null> {
    const token = uuidv7();
    const staleBefore = new Date(Date.now() - staleAfterMs);
    // Never take over a job this runner is itself running.
    const mine = [...activeJobs];
    try {
      const job = await repository.claimNext(token, staleBefore, mine);
      return job ?? null;
    } catch (error) {
      // Another instance claimed a job of the same user and resource at the same moment: try again later.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async function run(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    const claimToken = job.claim!;
    const holds = and(eq(jobs.id, job.id), eq(jobs.claim, claimToken), eq(jobs.status, 'RUNNING'))!;
    const context: JobContext = {
      job,
      get stopping() {
        return stopping;
      },
      async batch(count, work) {
        await db.transaction(async (tx) => {
          const inTx = createJobsRepository(tx);
          if (!(await inTx.lockHeld(holds))) throw new JobLostError();
          const errors: JobError[] = [];
          await work(tx, errors);
          await inTx.recordProgress(job.id, count, failedCount(errors), errors, MAX_STORED_ERRORS);
        });
      },
    };
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
      await handler(context);
      if (stopping) return; // left RUNNING: the next runner resumes after the last committed batch
      await repository.finish(holds);
    } catch (error) {
      if (error instanceof JobLostError) return;
      log(`job ${job.id} failed`, error);
      const message = error instanceof Error ? error.message : String(error);
      await repository
        .fail(holds, message)
        .catch((failure: unknown) => log(`job ${job.id}: could not record the failure`, failure));
    }
  }

  async function fill(): Promise<void> {
    while (!stopping && active < concurrency) {
      let job: JobRow | null;
      try {
        job = await claim();
      } catch (error) {
        log('job claim failed', error);
        return;
      }
      if (!job) break;
      active += 1;
      activeJobs.add(job.id);
      const task = run(job).finally(() => {
        active -= 1;
        activeJobs.delete(job.id);
        running.delete(task);
        if (!stopping) void fill();
        if (active === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          waiters.forEach((resolve) => resolve());
        }
      });
      running.add(task);
    }
  }

  // Wakes come from requests (a job was queued): the runner's work must not run in the request's
  // async context (its SQL statement count and trace), so it runs in the runner's own.
  const fillDetached = AsyncResource.bind(() => void fill());

  const tick = () => {
    if (stopping) return;
    void fill().finally(() => {
      if (!stopping) timer = setTimeout(tick, pollMs);
    });
  };

  return {
    start() {
      if (started && !stopping) return;
      started = true;
      stopping = false;
      tick();
    },
    /** A job was submitted: look for work now rather than at the next poll. */
    wake() {
      if (started && !stopping) fillDetached();
    },
    /** Finishes the batches under way, leaves their jobs RUNNING (resumed by the next runner) and stops claiming. */
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
    /** Resolves when no job is running on this runner (tests). */
    idle(): Promise<void> {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}
