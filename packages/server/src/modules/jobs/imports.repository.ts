import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../list-query/list-page';
import { sqlAnd } from '../../platform/sql-and';
import { z } from 'zod';
import { imports, jobs } from '../../db/schema/jobs';
import type { DbOrTx } from '../../platform/db';

type ImportRowAsStored = typeof imports.$inferSelect;
/** An uploaded import: its header row (`columns`, JSON in the table) read back through a schema. */
export type ImportRow = Omit<ImportRowAsStored, 'columns'> & { columns: string[] };

const columnsSchema = z.array(z.string());
const importRow = (row: ImportRowAsStored): ImportRow => ({ ...row, columns: columnsSchema.parse(row.columns) });

/** Finished jobs (their import's file is kept for `retentionMs` after). */
const FINISHED = ['SUCCEEDED', 'FAILED', 'UNDONE'];

/** Uploaded imports waiting for (or kept after) their job. */
export function createImportsRepository(db: DbOrTx) {
  return {
    /** The import if `userId` uploaded it. */
    async ownImport(id: string, userId: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.createdById, userId)));
      return row && importRow(row);
    },

    async findImport(id: string): Promise<ImportRow | undefined> {
      const [row] = await db.select().from(imports).where(eq(imports.id, id));
      return row && importRow(row);
    },

    async insertImport(values: typeof imports.$inferInsert): Promise<void> {
      await db.insert(imports).values(values);
    },

    /** Ties the import to the job that runs it; false when another request started it first. */
    async claimImport(id: string, jobId: string): Promise<boolean> {
      const claimed = await db
        .update(imports)
        .set({ jobId })
        .where(and(eq(imports.id, id), isNull(imports.jobId)))
        .returning({ id: imports.id });
      return claimed.length > 0;
    },

    /** What a started import's job keeps (`jobs.params`), to compare a repeated start's options with. */
    async jobParams(jobId: string): Promise<unknown> {
      const [job] = await db.select({ params: jobs.params }).from(jobs).where(eq(jobs.id, jobId));
      return job?.params;
    },

    // ------------------------------------------------------------ a batch's lookups (import-rows.ts)

    /**
     * The records a batch's reference cells name, inside `scope`: by id (`uuids`) or by any of the
     * natural `keys` lowercased (`names`). Each hit with its id and its keys, one statement per reference field.
     */
    async referenceHits(
      lookup: { table: PgTable; id: PgColumn; keys: PgColumn[] },
      uuids: string[],
      names: string[],
      scope: SQL | undefined,
    ): Promise<{ id: string; keys: string[] }[]> {
      const conditions: SQL[] = [];
      if (uuids.length) conditions.push(inArray(lookup.id, uuids));
      for (const key of lookup.keys) if (names.length) conditions.push(inArray(sql`lower(${key})`, names));
      if (!conditions.length) return [];
      // The natural keys as one text array per row: the selection's type stays literal whatever the resource's key count.
      const keyList = lookup.keys.length
        ? sql<string[]>`array[${sql.join(
            lookup.keys.map((key) => sql`lower(${key})`),
            sql`, `,
          )}]`
        : sql<string[]>`array[]::text[]`;
      return db
        .select({ id: sql<string>`${lookup.id}::text`, keys: keyList })
        .from(lookup.table)
        .where(sqlAnd(sql`(${sql.join(conditions, sql` or `)})`, scope));
    },

    /**
     * The records whose match column equals one of `keys`, inside `scope`. `>= and <=` rather than `=` / IN:
     * a trigram GIN index also answers `=`, and PostgreSQL's planner picks it once the table has statistics,
     * scanning every row sharing the keys' trigrams per key (seconds per batch). Only the B-tree answers a
     * range, probed once per key of the batch.
     */
    async matchHits(
      target: { table: PgTable; id: PgColumn },
      column: PgColumn,
      keys: string[],
      scope: SQL | undefined,
    ): Promise<{ id: string; key: string }[]> {
      if (!keys.length) return [];
      return rowsOf<{ id: string; key: string }>(
        await db.execute(sql`
          select ${target.id} as id, ${column} as key
          from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k(key)
          join ${target.table} on ${column} >= k.key and ${column} <= k.key
          ${scope ? sql`where ${scope}` : sql``}`),
      );
    },

    // ------------------------------------------------------------ the sweep (import-sweep.ts)

    /** Imports never run, uploaded before `before`: removed, their files' paths back. */
    deleteUnrun: (before: Date) =>
      db
        .delete(imports)
        .where(and(isNull(imports.jobId), lt(imports.createdAt, before)))
        .returning({ storagePath: imports.storagePath }),

    /** Imports whose job finished before `before`: removed, their files' paths back. */
    deleteFinished: (before: Date) =>
      db
        .delete(imports)
        .where(
          inArray(
            imports.jobId,
            db
              .select({ id: jobs.id })
              .from(jobs)
              .where(and(inArray(jobs.status, FINISHED), lt(jobs.finishedAt, before))),
          ),
        )
        .returning({ storagePath: imports.storagePath }),

    /** Which of these file paths an import row still names. */
    async knownPaths(paths: string[]): Promise<Set<string>> {
      if (!paths.length) return new Set();
      const rows = await db.select({ storagePath: imports.storagePath }).from(imports).where(inArray(imports.storagePath, paths));
      return new Set(rows.map((row) => row.storagePath));
    },
  };
}
