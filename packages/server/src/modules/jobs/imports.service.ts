import { rename, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DryRun, ImportOptions, ImportResource, JobError, MatchKey } from '@ops/contract/jobs/jobs.schemas';
import {
  brandInputSchema,
  brandPatchSchema,
  clientInputSchema,
  clientPatchSchema,
  contactPersonInputSchema,
  contactPersonPatchSchema,
  costCentreInputSchema,
  costCentrePatchSchema,
} from '@ops/contract/records/records.schemas';
import { uuidv7 } from '../../db/ids';
import { imports, jobChanges } from '../../db/schema/jobs';
import { users } from '../../db/schema/identity';
import { brands, clients, contactPersons, costCentres, industries, legalEntities, subIndustries } from '../../db/schema/records';
import type { AuthUser } from '../../platform/auth';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound, permissionDenied, ValidationError, zodIssuesToFieldErrors } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/multipart';
import { writeAudits } from '../../platform/audit';
import type { EntityKey, ReferenceTarget } from '../records/records.tables';
import { createRecordsRepository } from '../records/records.repository';
import { camel, ENTITIES, entityScope, sqlAnd } from '../records/records.entities';
import { createRecordIn, updateRecordIn } from '../records/records.service';
import { jobErrorsOf } from './job-errors';
import type { JobContext } from './job-runner';
import type { JobsService } from './jobs.service';
import { readTable, type TableType } from './table-reader';
import { unwrapSchema } from '@ops/contract/common/unwrap-schema';
import { ERROR_MESSAGES, invalidChoice } from '@ops/contract/common/errors';

/** Rows per batch (one transaction each when running). */
const IMPORT_BATCH = 500;
/** Invalid rows a dry run lists (it counts them all). */
const MAX_LISTED_INVALID = 10_000;

interface ImportTarget {
  entity: EntityKey;
  model: string;
  create: z.ZodObject;
  patch: z.ZodObject;
  table: PgTable;
  id: PgColumn;
  match: Partial<Record<MatchKey, PgColumn>>;
}

const TARGETS: Record<ImportResource, ImportTarget> = {
  clients: {
    entity: 'client',
    model: 'client',
    create: clientInputSchema,
    patch: clientPatchSchema,
    table: clients,
    id: clients.id,
    match: { account_number: clients.accountNumber, abn: clients.abn },
  },
  'contact-persons': {
    entity: 'contactPerson',
    model: 'contactperson',
    create: contactPersonInputSchema,
    patch: contactPersonPatchSchema,
    table: contactPersons,
    id: contactPersons.id,
    match: {},
  },
  'cost-centres': {
    entity: 'costCentre',
    model: 'costcentre',
    create: costCentreInputSchema,
    patch: costCentrePatchSchema,
    table: costCentres,
    id: costCentres.id,
    match: { code: costCentres.code },
  },
  brands: {
    entity: 'brand',
    model: 'brand',
    create: brandInputSchema,
    patch: brandPatchSchema,
    table: brands,
    id: brands.id,
    match: {},
  },
};

/** How a reference column of a file names its record when it is not a UUID: by these natural keys (case-insensitive). */
const REFERENCE_KEYS: Partial<Record<ReferenceTarget, { table: PgTable; id: PgColumn; keys: PgColumn[] }>> = {
  user: { table: users, id: users.id, keys: [users.email] },
  client: { table: clients, id: clients.id, keys: [clients.accountNumber, clients.name] },
  legalEntity: { table: legalEntities, id: legalEntities.id, keys: [legalEntities.name, legalEntities.abbr] },
  industry: { table: industries, id: industries.id, keys: [industries.name] },
  subIndustry: { table: subIndustries, id: subIndustries.id, keys: [subIndustries.name] },
  brand: { table: brands, id: brands.id, keys: [brands.name] },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A cell's text as the field's type takes it: booleans and numbers parsed, an empty cell leaves the field out. */
function coerce(schema: z.ZodType, text: string): unknown {
  if (text === '') return undefined;
  const inner = unwrapSchema(schema, { pipe: 'in' });
  if (inner instanceof z.ZodBoolean) {
    const value = text.toLowerCase();
    if (['true', 'yes', 'y', '1'].includes(value)) return true;
    if (['false', 'no', 'n', '0'].includes(value)) return false;
    return text;
  }
  if (inner instanceof z.ZodNumber) return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return text;
}

/** The column -> field mapping a header suggests: the field's name or the export's column path (`legal_entity.name` -> legal_entity). */
export function suggestMapping(columns: string[], fields: string[]): Record<string, string> {
  const byNormal = new Map(fields.map((field) => [normal(field), field]));
  const mapping: Record<string, string> = Object.create(null) as Record<string, string>;
  const taken = new Set<string>();
  for (const column of columns) {
    const head = column.split('.')[0] ?? column;
    const field =
      byNormal.get(normal(column)) ??
      byNormal.get(normal(head)) ??
      byNormal.get(normal(column.replace(/\s*(email|name|id|code)$/i, '')));
    if (field && !taken.has(field)) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  return mapping;
}

interface PreparedRow {
  row: number;
  kind: 'create' | 'update' | 'skip' | 'invalid';
  input: Record<string, unknown>;
  recordId?: string;
  errors: JobError[];
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

  async function ownImport(user: AuthUser, id: string) {
    const [row] = await db
      .select()
      .from(imports)
      .where(and(eq(imports.id, id), eq(imports.createdById, user.id)));
    if (!row) throw notFound();
    return row;
  }

  function checkOptions(target: ImportTarget, options: ImportOptions, columns: string[]) {
    const fields = Object.keys(target.create.shape);
    const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    const used = new Set<string>();
    for (const [column, field] of Object.entries(options.mapping)) {
      if (!columns.includes(column)) errors[column.slice(0, 100)] = ['Not a column of the file.'];
      else if (field === '') continue;
      else if (!fields.includes(field))
        errors[column.slice(0, 100)] = [`"${field.slice(0, 100)}" is not a field of this resource.`];
      else if (used.has(field)) errors[column.slice(0, 100)] = [`"${field}" is mapped twice.`];
      used.add(field);
    }
    if (Object.keys(errors).length) throw new ValidationError({ mapping: errors });
    if (options.match_on && !target.match[options.match_on])
      throw ValidationError.field('match_on', `"${options.match_on}" cannot be matched on for this resource.`);
    if (options.match_on && !used.has(options.match_on))
      throw ValidationError.field('match_on', `Map a column to "${options.match_on}" to match on it.`);
  }

  /** Resolves reference cells (UUIDs or natural keys) of a batch to ids inside the actor's scope: a constant number of queries per batch. */
  async function resolveReferences(tx: DbOrTx, target: ImportTarget, rows: PreparedRow[], actor: AuthUser) {
    const refs = ENTITIES[target.entity].refs;
    for (const [field, refTarget] of Object.entries(refs)) {
      const values = [...new Set(rows.map((r) => r.input[field]).filter((v): v is string => typeof v === 'string'))];
      if (!values.length) continue;
      const lookup = REFERENCE_KEYS[refTarget];
      const idTable = lookup ?? {
        table: ENTITIES[refTarget as EntityKey].resource.table,
        id: ENTITIES[refTarget as EntityKey].resource.id,
        keys: [],
      };
      const scope = refTarget === 'user' ? undefined : entityScope(refTarget as EntityKey, actor);
      const uuids = values.filter((v) => UUID.test(v));
      const names = values.filter((v) => !UUID.test(v)).map((v) => v.toLowerCase());
      const found = new Map<string, string[]>();
      const conditions: SQL[] = [];
      if (uuids.length) conditions.push(inArray(idTable.id, uuids));
      for (const key of idTable.keys) if (names.length) conditions.push(inArray(sql`lower(${key})`, names));
      if (conditions.length) {
        const select: Record<string, PgColumn | SQL> = { id: idTable.id };
        idTable.keys.forEach((key, i) => (select[`k${i}`] = sql<string>`lower(${key})`));
        const result = await tx
          // `as never`: the selection is built per resource at run time (k0, k1, ...); Drizzle types only literal selections.
          .select(select as never)
          .from(idTable.table)
          .where(sqlAnd(sql`(${sql.join(conditions, sql` or `)})`, scope));
        for (const hit of result as Record<string, string>[]) {
          for (const key of [hit.id!, ...idTable.keys.map((_k, i) => hit[`k${i}`]!)])
            found.set(key, [...(found.get(key) ?? []), hit.id!]);
        }
      }
      for (const row of rows) {
        const value = row.input[field];
        if (typeof value !== 'string') continue;
        const ids = [...new Set(found.get(UUID.test(value) ? value : value.toLowerCase()) ?? [])];
        if (ids.length === 1) row.input[field] = ids[0];
        else {
          row.kind = 'invalid';
          row.errors.push({
            row: row.row,
            field,
            message: ids.length
              ? `"${value}" names more than one record; use its id.`
              : `"${value}" does not exist (or is not in your allocation).`,
          });
        }
      }
    }
  }

  /** Turns a batch of file rows into what the import would do with each; reads only. */
  async function prepare(
    tx: DbOrTx,
    target: ImportTarget,
    options: ImportOptions,
    columns: string[],
    batch: { row: number; cells: string[] }[],
    actor: AuthUser,
    seen: Map<string, number>,
  ) {
    const mapped = Object.entries(options.mapping)
      .filter(([, field]) => field !== '')
      .map(([column, field]) => ({ index: columns.indexOf(column), field }));
    const shape = target.create.shape as Record<string, z.ZodType>;
    const rows: PreparedRow[] = batch.map(({ row, cells }) => {
      const input: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const { index, field } of mapped) {
        const value = coerce(shape[field]!, cells[index] ?? '');
        if (value !== undefined) input[field] = value;
      }
      return { row, kind: 'create', input: { ...input }, errors: [] };
    });
    // Matching: one query per batch for the records the match key names.
    const matchColumn = options.match_on ? target.match[options.match_on] : undefined;
    if (matchColumn && options.match_on) {
      const keys = [
        ...new Set(rows.map((r) => r.input[options.match_on!]).filter((v): v is string => typeof v === 'string' && v !== '')),
      ];
      const existing = new Map<string, string>();
      if (keys.length) {
        const hits = await tx
          .select({ id: target.id, key: matchColumn })
          .from(target.table)
          .where(sqlAnd(inArray(matchColumn, keys), entityScope(target.entity, actor)));
        for (const hit of hits) existing.set(String(hit.key), String(hit.id));
      }
      for (const r of rows) {
        const key = r.input[options.match_on];
        if (typeof key !== 'string' || key === '') continue;
        const earlier = seen.get(key);
        if (earlier !== undefined) {
          r.kind = 'invalid';
          r.errors.push({ row: r.row, field: options.match_on, message: `The same ${options.match_on} as row ${earlier}.` });
          continue;
        }
        seen.set(key, r.row);
        const id = existing.get(key);
        if (id) {
          r.recordId = id;
          r.kind = options.on_match === 'skip' ? 'skip' : 'update';
        }
      }
    }
    const candidates = rows.filter((r) => r.kind === 'create' || r.kind === 'update');
    // A client's owner defaults to whoever imports it.
    if (target.entity === 'client')
      for (const r of candidates) if (r.kind === 'create' && r.input.owner === undefined) r.input.owner = actor.id;
    await resolveReferences(tx, target, candidates, actor);
    for (const r of candidates) {
      const schema = r.recordId ? target.patch : target.create;
      const parsed = schema.safeParse(r.input, { reportInput: true });
      if (!parsed.success) {
        const reported = new Set(r.errors.map((e) => e.field));
        const fields = zodIssuesToFieldErrors(parsed.error.issues);
        r.errors.push(...jobErrorsOf(new ValidationError(fields), { row: r.row }).filter((e) => !reported.has(e.field)));
        r.kind = 'invalid';
      } else if (r.kind !== 'invalid') r.input = parsed.data as Record<string, unknown>;
    }
    return rows;
  }

  /** The file's data rows in batches, numbered as a spreadsheet shows them (the header is row 1), from `skip` on. */
  async function* batches(filePath: string, type: TableType, skip = 0) {
    let index = 0;
    let header = true;
    let batch: { row: number; cells: string[] }[] = [];
    for await (const cells of readTable(filePath, type)) {
      if (header) {
        header = false;
        continue;
      }
      index += 1;
      if (index <= skip) continue;
      batch.push({ row: index + 1, cells });
      if (batch.length === IMPORT_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
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
        throw ValidationError.field(
          'resource',
          resource ? invalidChoice(resource.slice(0, 50)) : ERROR_MESSAGES.required,
        );
      if (!file) throw ValidationError.field('file', ERROR_MESSAGES.noFile);
      const target = TARGETS[parsedResource.data];
      await checkPermissions(user, target);
      const type: TableType = file.type === 'xlsx' ? 'xlsx' : 'csv';
      let columns: string[] | undefined;
      let rows = 0;
      for await (const cells of readTable(file.tempPath, type)) {
        if (!columns) {
          columns = cells.map((cell, i) => cell || `Column ${i + 1}`);
          const duplicate = columns.find((c, i) => columns!.indexOf(c) !== i);
          if (duplicate)
            throw ValidationError.field('file', `The column "${duplicate.slice(0, 100)}" appears twice in the header.`);
          if (columns.length > 200) throw ValidationError.field('file', 'The file has more than 200 columns.');
          continue;
        }
        rows += 1;
        if (rows > deps.maxRows)
          throw ValidationError.field('file', `The file has more than ${deps.maxRows.toLocaleString('en')} rows; split it.`);
      }
      if (!columns) throw ValidationError.field('file', 'The file has no header row.');
      const id = uuidv7();
      await mkdir(deps.importsDir, { recursive: true });
      const storagePath = path.join(deps.importsDir, `${id}.${type}`);
      await rename(file.tempPath, storagePath);
      await db
        .insert(imports)
        .values({
          id,
          resource: parsedResource.data,
          fileName: file.filename.slice(0, 255),
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
        file_name: file.filename,
        columns,
        suggested_mapping: suggestMapping(columns, fields),
        fields,
        rows,
      };
    },

    async dryRun(user: AuthUser, id: string, options: ImportOptions): Promise<DryRun> {
      const imp = await ownImport(user, id);
      const target = TARGETS[imp.resource as ImportResource];
      const columns = imp.columns as string[];
      checkOptions(target, options, columns);
      await checkPermissions(user, target, options);
      const answer: DryRun = { create: 0, update: 0, skip: 0, invalid: [], invalid_count: 0 };
      const seen = new Map<string, number>();
      for await (const batch of batches(imp.storagePath, imp.fileType as TableType)) {
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

    async run(user: AuthUser, id: string, options: ImportOptions): Promise<{ job: string }> {
      const imp = await ownImport(user, id);
      const target = TARGETS[imp.resource as ImportResource];
      checkOptions(target, options, imp.columns as string[]);
      await checkPermissions(user, target, options);
      const job = await deps.jobs.queue(user, 'import', imp.resource, { import: imp.id, options }, undefined, imp.rows);
      return { job };
    },

    /** The import job: the file read again (streaming) from the first row not yet committed, a batch per transaction. */
    async runJob(context: JobContext, actor: AuthUser) {
      const { job } = context;
      const params = job.params as { import: string; options: ImportOptions };
      const [imp] = await db.select().from(imports).where(eq(imports.id, params.import));
      if (!imp) throw new Error('The uploaded file of this import is gone.');
      const target = TARGETS[imp.resource as ImportResource];
      const columns = imp.columns as string[];
      const seen = new Map<string, number>();
      for await (const batch of batches(imp.storagePath, imp.fileType as TableType, job.done)) {
        if (context.stopping) return;
        await context.batch(batch.length, async (tx, errors) => {
          for (const r of await prepare(tx, target, params.options, columns, batch, actor, seen)) {
            if (r.kind === 'invalid') {
              errors.push(...r.errors);
              continue;
            }
            if (r.kind === 'skip') continue;
            try {
              await tx.transaction(async (savepoint) => {
                const inner = {
                  repository: createRecordsRepository(savepoint),
                  audit: (entries: Parameters<typeof writeAudits>[1]) => writeAudits(savepoint, entries),
                };
                if (r.kind === 'create') {
                  const row = await createRecordIn(inner, target.entity, r.input, actor);
                  await savepoint
                    .insert(jobChanges)
                    .values({
                      jobId: job.id,
                      recordId: row.id,
                      action: 'create',
                      before: null,
                      writtenAt: row.updatedAt as Date,
                    });
                } else {
                  const result = await updateRecordIn(inner, target.entity, r.recordId!, r.input, actor);
                  if (!result) throw notFound();
                  const refs = ENTITIES[target.entity].refs;
                  const before = Object.fromEntries(
                    Object.keys(r.input).map((field) => {
                      const value = result.before[field in refs ? `${camel(field)}Id` : camel(field)];
                      return [field, value instanceof Date ? value.toISOString() : (value ?? null)];
                    }),
                  );
                  await savepoint
                    .insert(jobChanges)
                    .values({
                      jobId: job.id,
                      recordId: r.recordId!,
                      action: 'update',
                      before,
                      writtenAt: result.after.updatedAt as Date,
                    })
                    .onConflictDoUpdate({
                      target: [jobChanges.jobId, jobChanges.recordId],
                      set: { writtenAt: result.after.updatedAt as Date },
                    });
                }
              });
            } catch (error) {
              errors.push(...jobErrorsOf(error, { row: r.row }));
            }
          }
        });
      }
    },

    async removeFile(storagePath: string) {
      await rm(storagePath, { force: true });
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
