import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { JobError } from '@ops/contract/jobs/jobs.schemas';
import { jobChanges, jobs, jobTargets } from '../../db/schema/jobs';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import { insertRecordset } from '../../platform/recordset-insert';
import { auditLog } from '../../db/schema/audit';

export type JobRow = typeof jobs.$inferSelect;
export type JobChangeRow = typeof jobChanges.$inferInsert;
type AuditLogRow = typeof auditLog.$inferInsert;
export type UndoResult = { restored: number; deleted: number; skipped: JobError[] };

/** The jobs table and what a job keeps beside it: its frozen targets (bulk change) and what it wrote (undo). */
export function createJobsRepository(db: DbOrTx) {
  return {
    /** The job if `userId` started it (someone else's job is not theirs to see). */
    async ownJob(id: string, userId: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.createdById, userId)));
      return row;
    },

    jobsByIds: (ids: string[]): Promise<JobRow[]> => db.select().from(jobs).where(inArray(jobs.id, ids)),

    async insertJob(values: typeof jobs.$inferInsert): Promise<void> {
      await db.insert(jobs).values(values);
    },

    async setTotal(id: string, total: number): Promise<void> {
      await db.update(jobs).set({ total }).where(eq(jobs.id, id));
    },

    /** How many rows of a list's table `where` lets through (the ids a bulk change names, in the caller's scope). */
    async countRows(table: PgTable, where: SQL | undefined): Promise<number> {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${table} ${where ? sql`where ${where}` : sql``}`));
      return Number(row?.n ?? 0);
    },

    /** A bulk change's targets frozen in the list's order (`seq`), in one statement; how many. */
    async freezeTargets(
      jobId: string,
      list: { table: PgTable; id: PgColumn; version: PgColumn },
      where: SQL | undefined,
      orderBy: SQL[],
    ): Promise<number> {
      const result = await db.execute(sql`
          insert into ${jobTargets} (job_id, seq, record_id, version)
          select ${jobId}, row_number() over (order by ${sql.join(orderBy, sql`, `)}), ${list.id}, ${list.version}
          from ${list.table} ${where ? sql`where ${where}` : sql``}`);
      // node-postgres says rowCount; PGlite affectedRows. Neither: count them.
      const count = (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows;
      if (typeof count === 'number') return count;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobTargets)
        .where(eq(jobTargets.jobId, jobId));
      return Number(row?.n ?? 0);
    },

    /** The next `limit` targets after position `done`, with the version each had when the job read it. */
    targetsAfter: (jobId: string, done: number, limit: number) =>
      db
        .select({ recordId: jobTargets.recordId, version: jobTargets.version })
        .from(jobTargets)
        .where(and(eq(jobTargets.jobId, jobId), gt(jobTargets.seq, done)))
        .orderBy(asc(jobTargets.seq))
        .limit(limit),

    /** What the job wrote to a record (the first write's `before` stays; the latest `written_at` wins). */
    async recordChange(change: JobChangeRow): Promise<void> {
      await db
        .insert(jobChanges)
        .values(change)
        .onConflictDoUpdate({ target: [jobChanges.jobId, jobChanges.recordId], set: { writtenAt: change.writtenAt } });
    },

    /**
     * A batch's audit entries and undo rows in one statement (a data-modifying CTE: one round trip),
     * each as one JSON parameter however many rows.
     */
    async recordBatch(audits: AuditLogRow[], changes: JobChangeRow[]): Promise<void> {
      const undoRows = changes.length
        ? insertRecordset(db, jobChanges, changes).onConflictDoUpdate({
            target: [jobChanges.jobId, jobChanges.recordId],
            set: { writtenAt: sql`excluded.written_at` },
          })
        : undefined;
      if (audits.length && undoRows)
        await db.execute(sql`with audit as (${insertRecordset(db, auditLog, audits).getSQL()}) ${undoRows.getSQL()}`);
      else if (audits.length) await insertRecordset(db, auditLog, audits);
      else if (undoRows) await undoRows;
    },

    /** Claims a finished job's undo (one request undoes a job, once); false when it was claimed or is not finished. */
    async claimUndo(id: string): Promise<boolean> {
      const [claimed] = await db
        .update(jobs)
        .set({ status: 'UNDONE', undoResult: { restored: 0, deleted: 0, skipped: [] } })
        .where(and(eq(jobs.id, id), inArray(jobs.status, ['SUCCEEDED', 'FAILED'])))
        .returning({ id: jobs.id });
      return !!claimed;
    },

    /** The job's written records after `recordId`, by id, `limit` at a time. */
    changesAfter: (jobId: string, recordId: string, limit: number) =>
      db
        .select()
        .from(jobChanges)
        .where(and(eq(jobChanges.jobId, jobId), gt(jobChanges.recordId, recordId)))
        .orderBy(asc(jobChanges.recordId))
        .limit(limit),

    // ------------------------------------------------------------ the runner (job-runner.ts)

    /**
     * Claims the next job to run with `token`: a queued one whose user runs nothing on its resource,
     * or a running one whose runner stopped beating since `staleBefore` (never one of `mine`).
     * SKIP LOCKED lets several instances claim side by side.
     */
    async claimNext(token: string, staleBefore: Date, mine: string[]): Promise<JobRow | undefined> {
      const result = await db.execute(sql`
        update ${jobs} set status = 'RUNNING', claim = ${token}, heartbeat_at = now(), started_at = coalesce(started_at, now())
        where id = (
          select j.id from ${jobs} j
          where (j.status = 'QUEUED' and not exists (
                  select 1 from ${jobs} r where r.status = 'RUNNING' and r.created_by_id = j.created_by_id and r.resource = j.resource))
             or (j.status = 'RUNNING' and j.heartbeat_at < ${staleBefore.toISOString()}::timestamptz${
               mine.length
                 ? sql` and j.id not in (${sql.join(
                     mine.map((id) => sql`${id}::uuid`),
                     sql`, `,
                   )})`
                 : sql``
             })
          order by j.created_at, j.id
          limit 1
          for update skip locked
        )
        returning id`);
      const [row] = rowsOf<{ id: string }>(result);
      if (!row) return undefined;
      const [job] = await db.select().from(jobs).where(eq(jobs.id, row.id));
      return job;
    },

    /** Whether the claim still holds (`holds`), the job row locked for the batch's transaction. */
    async lockHeld(holds: SQL): Promise<boolean> {
      const [held] = await db.select({ id: jobs.id }).from(jobs).where(holds).for('update');
      return !!held;
    },

    /** A committed batch: progress, heartbeat and the first errors (at most `maxErrors` kept). */
    async recordProgress(id: string, count: number, failed: number, errors: JobError[], maxErrors: number): Promise<void> {
      await db.execute(sql`
            update ${jobs} set done = done + ${count}, heartbeat_at = now(), error_count = error_count + ${failed},
              errors = case when jsonb_array_length(errors) >= ${maxErrors} then errors
                            else errors || ${JSON.stringify(errors.slice(0, maxErrors))}::jsonb end
            where id = ${id}`);
    },

    async finish(holds: SQL): Promise<void> {
      await db.update(jobs).set({ status: 'SUCCEEDED', finishedAt: new Date(), claim: null }).where(holds);
    },

    /** A failed job: what was applied stays applied (and undoable); the message says how far it got. */
    async fail(holds: SQL, message: string): Promise<void> {
      await db
        .update(jobs)
        .set({
          status: 'FAILED',
          finishedAt: new Date(),
          claim: null,
          failure: sql`'Stopped after ' || ${jobs.done} || ' of ' || ${jobs.total} || ': ' || ${message.slice(0, 1500)}`,
        })
        .where(holds);
    },

    async setUndoResult(id: string, result: UndoResult): Promise<JobRow | undefined> {
      const [row] = await db.update(jobs).set({ undoResult: result }).where(eq(jobs.id, id)).returning();
      return row;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
