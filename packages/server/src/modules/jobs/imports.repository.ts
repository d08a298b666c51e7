import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
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
