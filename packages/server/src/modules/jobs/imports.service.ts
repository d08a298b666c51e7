import { rename, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { importOptionsSchema, type DryRun, type ImportOptions, type ImportResource, type JobError, type MatchKey } from '@ops/contract/jobs/jobs.schemas';
import { uuidv7 } from '../../db/ids';
import type { AuthUser } from '../../platform/auth';
import type { Db, Tx } from '../../platform/db';
import { COMMON_ERRORS, notFound, permissionDenied } from '../../platform/errors';
import { JOBS_ERRORS } from './jobs.errors';
import type { ReceivedFile } from '../../platform/multipart';
import type { JobContext } from './job-runner';
import type { JobsService } from './jobs.service';
import { readTable, type TableType } from './table-reader';
import { countRecords } from './table-count';
import { TARGETS, type ImportTarget, type PreparedRow } from './import-targets';
import { batches, checkOptions, prepare, readAhead, refersToItself, requiredFields, suggestMapping } from './import-rows';
import { writeBatch } from './import-batch-writer';
import { createImportsRepository } from './imports.repository';

/** How a queued import's job keeps what it runs (read back through this schema, not a cast). */
const importParamsSchema = z.object({ import: z.string(), options: importOptionsSchema });

export { suggestMapping } from './import-rows';

/** Data rows the upload answers as examples. */
const PREVIEW_ROWS = 3;
/** Invalid rows a dry run lists (it counts them all). */
const MAX_LISTED_INVALID = 10_000;

/** The import was claimed by another start meanwhile: its job's transaction rolls back. */
class ImportStartedError extends Error {}

/** Whether two starts of an import ask for the same thing (unmapped columns and defaults aside). */
function sameOptions(a: ImportOptions, b: ImportOptions): boolean {
  const canonical = (options: ImportOptions) =>
    JSON.stringify([
      Object.entries(options.mapping)
        .filter(([, field]) => field !== '')
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
      options.match_on ?? null,
      options.match_on ? (options.on_match ?? 'update') : null,
    ]);
  return canonical(a) === canonical(b);
}

export interface ImportsServiceDeps {
  db: Db;
  jobs: JobsService;
  importsDir: string;
  maxRows: number;
  hasPermission: (user: AuthUser, model: string, action: 'add' | 'change') => Promise<boolean>;
}

export function createImportsService(deps: ImportsServiceDeps) {
  const { db } = deps;
  const repository = createImportsRepository(db);

  async function ownImport(user: AuthUser, id: string) {
    const row = await repository.ownImport(id, user.id);
    if (!row) throw notFound();
    return row;
  }

  async function checkPermissions(user: AuthUser, target: ImportTarget, options?: ImportOptions) {
    if (!(await deps.hasPermission(user, target.model, 'add'))) throw permissionDenied();
    if (options?.match_on && options.on_match !== 'skip' && !(await deps.hasPermission(user, target.model, 'change')))
      throw permissionDenied();
  }

  return {
    async upload(user: AuthUser, resource: string | undefined, file: ReceivedFile | undefined) {
      const parsedResource = z.enum(Object.keys(TARGETS) as [ImportResource, ...ImportResource[]]).safeParse(resource);
      if (!parsedResource.success)
        throw resource
          ? COMMON_ERRORS.onField('resource', 'INVALID_CHOICE', resource.slice(0, 50))
          : COMMON_ERRORS.onField('resource', 'REQUIRED');
      if (!file) throw JOBS_ERRORS.onField('file', 'NO_FILE');
      const target = TARGETS[parsedResource.data];
      await checkPermissions(user, target);
      const type: TableType = file.type === 'xlsx' ? 'xlsx' : 'csv';
      // The header and the preview rows are parsed; the rest is only counted (record boundaries, no cells).
      const head: string[][] = [];
      for await (const cells of readTable(file.tempPath, type)) {
        head.push(cells);
        if (head.length > PREVIEW_ROWS) break;
      }
      const columns = head[0]?.map((cell, i) => cell || `Column ${i + 1}`);
      if (columns) {
        const duplicate = columns.find((c, i) => columns.indexOf(c) !== i);
        if (duplicate)
          throw JOBS_ERRORS.onField('file', 'COLUMN_TWICE', duplicate);
        if (columns.length > 200) throw JOBS_ERRORS.onField('file', 'TOO_MANY_COLUMNS');
      }
      const preview = head.slice(1).map((cells) => cells.slice(0, columns!.length).map((cell) => cell.slice(0, 200)));
      const rows = head.length <= PREVIEW_ROWS ? Math.max(head.length - 1, 0) : (await countRecords(file.tempPath, type, deps.maxRows + 1)) - 1;
      if (rows > deps.maxRows)
        throw JOBS_ERRORS.onField('file', 'TOO_MANY_ROWS', deps.maxRows);
      if (!columns) throw JOBS_ERRORS.onField('file', 'NO_HEADER_ROW');
      // The upload names a CSV by the type it detected (text): the user's file is a .csv.
      const fileName = type === 'csv' ? file.filename.replace(/\.txt$/, '.csv') : file.filename;
      const id = uuidv7();
      await mkdir(deps.importsDir, { recursive: true });
      const storagePath = path.join(deps.importsDir, `${id}.${type}`);
      await rename(file.tempPath, storagePath);
      await repository.insertImport({
          id,
          resource: parsedResource.data,
          fileName: fileName.slice(0, 255),
          fileType: type,
          storagePath,
          columns,
          rows,
          createdById: user.id,
        });
      const fields = Object.keys(target.create.shape);
      return {
        id,
        resource: parsedResource.data,
        file_name: fileName,
        columns,
        suggested_mapping: suggestMapping(columns, fields),
        fields,
        required: requiredFields(target),
        match_keys: Object.keys(target.match) as MatchKey[],
        rows,
        preview,
      };
    },

    async dryRun(user: AuthUser, id: string, options: ImportOptions): Promise<DryRun> {
      const imp = await ownImport(user, id);
      const target = TARGETS[imp.resource as ImportResource];
      const columns = imp.columns;
      checkOptions(target, options, columns);
      await checkPermissions(user, target, options);
      const answer: DryRun = { create: 0, update: 0, skip: 0, invalid: [], invalid_count: 0 };
      const seen = new Map<string, number>();
      for await (const batch of readAhead(batches(imp.storagePath, imp.fileType as TableType))) {
        for (const r of await prepare(db, target, options, columns, batch, user, seen)) {
          if (r.kind !== 'invalid') answer[r.kind] += 1;
          else {
            answer.invalid_count += 1;
            if (answer.invalid.length < MAX_LISTED_INVALID)
              answer.invalid.push(...r.errors.map((e) => ({ row: e.row!, field: e.field, message: e.message })));
          }
        }
      }
      return answer;
    },

    /**
     * Queues the import's job, once: the import is claimed in the job's own transaction, so a
     * second start (a double click, a retry after a lost answer, two tabs) answers the job
     * already started when its settings are the same, and 409 when they differ.
     */
    async run(user: AuthUser, id: string, options: ImportOptions): Promise<{ job: string }> {
      const imp = await ownImport(user, id);
      const target = TARGETS[imp.resource as ImportResource];
      if (!imp.jobId) {
        checkOptions(target, options, imp.columns);
        await checkPermissions(user, target, options);
        try {
          const job = await deps.jobs.queue(user, 'import', imp.resource, { import: imp.id, options }, async (jobId, tx) => {
            if (!(await createImportsRepository(tx).claimImport(imp.id, jobId))) throw new ImportStartedError();
            return imp.rows;
          });
          return { job };
        } catch (error) {
          if (!(error instanceof ImportStartedError)) throw error;
        }
      }
      const started = await ownImport(user, id);
      if (!started.jobId) throw notFound();
      const previous = importParamsSchema.safeParse(await repository.jobParams(started.jobId)).data?.options;
      if (previous && sameOptions(previous, options)) return { job: started.jobId };
      throw JOBS_ERRORS.error('STARTED_WITH_OTHER_SETTINGS');
    },

    /** The import job: the file read again (streaming) from the first row not yet committed, a batch per transaction. */
    async runJob(context: JobContext, actor: AuthUser) {
      const { job } = context;
      const params = importParamsSchema.parse(job.params);
      const imp = await repository.findImport(params.import);
      if (!imp) throw new Error('The uploaded file of this import is gone.');
      const target = TARGETS[imp.resource as ImportResource];
      const columns = imp.columns;
      const seen = new Map<string, number>();
      const write = async (tx: Tx, errors: JobError[], prepared: PreparedRow[]) => {
        const writable: PreparedRow[] = [];
        for (const r of prepared) {
          if (r.kind === 'invalid') {
            errors.push(...r.errors);
            continue;
          }
          if (r.kind !== 'skip') writable.push(r);
        }
        await writeBatch(tx, target, job.id, writable, actor, errors);
      };
      const file = batches(imp.storagePath, imp.fileType as TableType, job.done);
      if (refersToItself(target, params.options)) {
        // A row may name a record an earlier batch creates (its parent): each batch is prepared after the one before commits.
        for await (const batch of readAhead(file)) {
          if (context.stopping) return;
          await context.batch(batch.length, async (tx, errors) =>
            write(tx, errors, await prepare(tx, target, params.options, columns, batch, actor, seen)),
          );
        }
        return;
      }
      // Otherwise the next batch is read, matched, resolved and validated (reads only, outside the
      // batch's transaction) while the current one writes. Matching needs nothing the batch under
      // way writes: a key it creates or updates is in `seen`, so a later row with it is refused either way.
      const prepared = readAhead(
        (async function* () {
          for await (const batch of file)
            yield { count: batch.length, rows: await prepare(db, target, params.options, columns, batch, actor, seen) };
        })(),
      );
      for await (const { count, rows } of prepared) {
        if (context.stopping) return;
        await context.batch(count, async (tx, errors) => write(tx, errors, rows));
      }
    },

    async removeFile(storagePath: string) {
      await rm(storagePath, { force: true });
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;