import { rename, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
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
import { imports, jobChanges, jobs as jobsTable } from '../../db/schema/jobs';
import { users } from '../../db/schema/identity';
import { brands, clients, contactPersons, costCentres, industries, legalEntities, subIndustries } from '../../db/schema/records';
import type { AuthUser } from '../../platform/auth';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { conflict, notFound, permissionDenied, ValidationError, zodIssuesToFieldErrors } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/multipart';
import { snapshotOf, writeAudits, type AuditEntry } from '../../platform/audit';
import type { AnyRow, EntityKey, ReferenceTarget } from '../records/records.tables';
import { createRecordsRepository } from '../records/records.repository';
import { camel, columnsOf, ENTITIES, entityScope, sqlAnd } from '../records/records.entities';
import { createRecordIn, updateRecordIn } from '../records/records.service';
import { jobErrorsOf } from './job-errors';
import type { JobContext } from './job-runner';
import type { JobsService } from './jobs.service';
import { readTable, type TableType } from './table-reader';
import { unwrapSchema } from '@ops/contract/common/unwrap-schema';
import { ERROR_MESSAGES, invalidChoice } from '@ops/contract/common/errors';

/** Rows per batch (one transaction each when running). */
const IMPORT_BATCH = 1000;
/** Data rows the upload answers as examples. */
const PREVIEW_ROWS = 3;
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

/** The changed fields' values before an update, in API field names, as the undo log keeps them. */
function previousValues(target: ImportTarget, input: Record<string, unknown>, before: AnyRow): Record<string, unknown> {
  const refs = ENTITIES[target.entity].refs;
  return Object.fromEntries(
    Object.keys(input).map((field) => {
      const value = before[field in refs ? `${camel(field)}Id` : camel(field)];
      return [field, value instanceof Date ? value.toISOString() : (value ?? null)];
    }),
  );
}

/** An error PostgreSQL answered (a constraint, a bad value), as opposed to a bug or a lost connection. */
function isDatabaseError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(22|23)/.test(code)) return true;
  return isDatabaseError((error as { cause?: unknown }).cause, depth + 1);
}

/** The fields a created record needs from the file (a client's owner defaults to whoever imports it). */
function requiredFields(target: ImportTarget): string[] {
  const shape = target.create.shape as Record<string, z.ZodType>;
  return Object.keys(shape).filter(
    (field) => !(target.entity === 'client' && field === 'owner') && !shape[field]!.safeParse(undefined).success,
  );
}

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

  /** The old path, one record at a time in its own savepoint: used for rows the set-based path leaves out, and to name the row a failed batch statement tripped on. */
  async function writeRowByRow(
    tx: Tx,
    target: ImportTarget,
    jobId: string,
    rows: PreparedRow[],
    actor: AuthUser,
    errors: JobError[],
  ) {
    for (const r of rows) {
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
              .values({ jobId, recordId: row.id, action: 'create', before: null, writtenAt: row.updatedAt as Date });
          } else {
            const result = await updateRecordIn(inner, target.entity, r.recordId!, r.input, actor);
            if (!result) throw notFound();
            await savepoint
              .insert(jobChanges)
              .values({
                jobId,
                recordId: r.recordId!,
                action: 'update',
                before: previousValues(target, r.input, result.before),
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
  }

  /**
   * A batch's creates and updates written set-based: the records to update locked in one
   * statement, the rules between fields checked for the whole batch, then one multi-row INSERT,
   * one UPDATE ... FROM jsonb_to_recordset, one INSERT of audit entries and one of undo rows, all
   * inside a savepoint. When a statement fails (a unique key, a check), the savepoint rolls back
   * (nothing of the batch stays) and the batch goes row by row so each failing row is named.
   */
  async function writeBatch(
    tx: Tx,
    target: ImportTarget,
    jobId: string,
    rows: PreparedRow[],
    actor: AuthUser,
    errors: JobError[],
  ) {
    if (!rows.length) return;
    const config = ENTITIES[target.entity];
    // Rules a set-based check does not cover (a record referring to itself or its descendants) go row by row.
    const perRow = (r: PreparedRow) =>
      config.relationKind !== undefined ||
      (config.nonColumns ?? []).some((field) => field in r.input) ||
      (r.kind === 'update' && ['parent', 'master_record', 'reports_to'].some((field) => field in r.input));
    const slow = rows.filter(perRow);
    let fast = rows.filter((r) => !perRow(r));
    const table = target.table as PgTable & { id: PgColumn; updatedAt: PgColumn };
    const columns = getTableColumns(target.table) as Record<string, PgColumn>;
    const current = new Map<string, AnyRow>();
    const updates = fast.filter((r) => r.kind === 'update');
    if (updates.length) {
      const locked = await tx
        .select()
        .from(target.table)
        .where(
          sqlAnd(
            inArray(
              target.id,
              updates.map((r) => r.recordId!),
            ),
            entityScope(target.entity, actor),
          ),
        )
        .for('update');
      for (const row of locked as AnyRow[]) current.set(row.id, row);
    }
    const refused = new Set<PreparedRow>();
    for (const r of updates)
      if (!current.has(r.recordId!)) {
        errors.push(...jobErrorsOf(notFound(), { row: r.row }));
        refused.add(r);
      }
    // A sub-industry must belong to the row's industry (the file's or the stored one): one query per batch.
    if ('sub_industry' in config.refs) {
      const subs = [...new Set(fast.map((r) => r.input.sub_industry).filter((v): v is string => typeof v === 'string'))];
      const industryOf = new Map<string, string | null>();
      if (subs.length)
        for (const sub of await tx
          .select({ id: subIndustries.id, industry: subIndustries.industryId })
          .from(subIndustries)
          .where(inArray(subIndustries.id, subs)))
          industryOf.set(sub.id, sub.industry);
      for (const r of fast) {
        if (refused.has(r) || !('sub_industry' in r.input || 'industry' in r.input)) continue;
        const stored = r.recordId ? current.get(r.recordId) : undefined;
        const sub = ('sub_industry' in r.input ? r.input.sub_industry : stored?.subIndustryId) as string | null | undefined;
        const industry = ('industry' in r.input ? r.input.industry : stored?.industryId) as string | null | undefined;
        if (sub && (!industry || industryOf.get(sub) !== industry)) {
          errors.push({ row: r.row, field: 'sub_industry', message: 'The sub-industry must belong to the selected industry.' });
          refused.add(r);
        }
      }
    }
    fast = fast.filter((r) => !refused.has(r));
    try {
      await tx.transaction(async (savepoint) => {
        const now = new Date();
        const audits: AuditEntry[] = [];
        const changes: (typeof jobChanges.$inferInsert)[] = [];
        const creates = fast.filter((r) => r.kind === 'create');
        if (creates.length) {
          const values = creates.map((r) => ({
            ...columnsOf(config, r.input),
            id: uuidv7(),
            createdById: actor.id,
            updatedById: actor.id,
          }));
          const inserted = (await savepoint
            .insert(target.table)
            .values(values as never)
            .returning()) as AnyRow[];
          for (const row of inserted) {
            audits.push({
              model: config.model,
              recordId: row.id,
              action: 'create',
              userId: actor.id,
              before: null,
              after: snapshotOf(row),
            });
            changes.push({ jobId, recordId: row.id, action: 'create', before: null, writtenAt: row.updatedAt as Date });
          }
        }
        const toUpdate = fast.filter((r) => r.kind === 'update');
        if (toUpdate.length) {
          // Every column any row of the batch changes, with a flag per row saying whether that row changes it.
          const keys = [...new Set(toUpdate.flatMap((r) => Object.keys(columnsOf(config, r.input))))].filter(
            (key) => columns[key],
          );
          const records = toUpdate.map((r) => {
            const values = columnsOf(config, r.input);
            const record: Record<string, unknown> = { id: r.recordId };
            keys.forEach((key, i) => {
              record[`s${i}`] = key in values;
              record[`c${i}`] = values[key] ?? null;
            });
            return record;
          });
          const definition = sql.raw(
            ['id uuid', ...keys.flatMap((key, i) => [`s${i} boolean`, `c${i} ${columns[key]!.getSQLType()}`])].join(', '),
          );
          const set: Record<string, unknown> = { updatedAt: now, updatedById: actor.id };
          keys.forEach((key, i) => {
            set[key] = sql`case when ${sql.raw(`x.s${i}`)} then ${sql.raw(`x.c${i}`)} else ${columns[key]} end`;
          });
          const updated = (await savepoint
            .update(table)
            .set(set as never)
            .from(sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${definition})`)
            .where(eq(table.id, sql`x.id`))
            .returning(getTableColumns(target.table))) as AnyRow[];
          const byId = new Map(updated.map((row) => [row.id, row]));
          for (const r of toUpdate) {
            const before = current.get(r.recordId!)!;
            const after = byId.get(r.recordId!);
            if (!after) throw new Error(`The import's update of ${r.recordId} wrote nothing.`);
            audits.push({
              model: config.model,
              recordId: after.id,
              action: 'update',
              userId: actor.id,
              before: snapshotOf(before),
              after: snapshotOf(after),
            });
            changes.push({
              jobId,
              recordId: after.id,
              action: 'update',
              before: previousValues(target, r.input, before),
              writtenAt: after.updatedAt as Date,
            });
          }
        }
        await writeAudits(savepoint, audits);
        if (changes.length)
          await savepoint
            .insert(jobChanges)
            .values(changes)
            .onConflictDoUpdate({
              target: [jobChanges.jobId, jobChanges.recordId],
              set: { writtenAt: sql`excluded.written_at` },
            });
      });
    } catch (error) {
      // Nothing of the set-based write stayed (its savepoint rolled back): row by row names the failing rows.
      if (!isDatabaseError(error)) throw error;
      await writeRowByRow(tx, target, jobId, fast, actor, errors);
    }
    await writeRowByRow(tx, target, jobId, slow, actor, errors);
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
      const preview: string[][] = [];
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
        if (preview.length < PREVIEW_ROWS) preview.push(cells.slice(0, columns.length).map((cell) => cell.slice(0, 200)));
        if (rows > deps.maxRows)
          throw ValidationError.field('file', `The file has more than ${deps.maxRows.toLocaleString('en')} rows; split it.`);
      }
      if (!columns) throw ValidationError.field('file', 'The file has no header row.');
      // The upload names a CSV by the type it detected (text): the user's file is a .csv.
      const fileName = type === 'csv' ? file.filename.replace(/\.txt$/, '.csv') : file.filename;
      const id = uuidv7();
      await mkdir(deps.importsDir, { recursive: true });
      const storagePath = path.join(deps.importsDir, `${id}.${type}`);
      await rename(file.tempPath, storagePath);
      await db
        .insert(imports)
        .values({
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

    /**
     * Queues the import's job, once: the import is claimed in the job's own transaction, so a
     * second start (a double click, a retry after a lost answer, two tabs) answers the job
     * already started when its settings are the same, and 409 when they differ.
     */
    async run(user: AuthUser, id: string, options: ImportOptions): Promise<{ job: string }> {
      const imp = await ownImport(user, id);
      const target = TARGETS[imp.resource as ImportResource];
      if (!imp.jobId) {
        checkOptions(target, options, imp.columns as string[]);
        await checkPermissions(user, target, options);
        try {
          const job = await deps.jobs.queue(user, 'import', imp.resource, { import: imp.id, options }, async (jobId, tx) => {
            const claimed = await tx
              .update(imports)
              .set({ jobId })
              .where(and(eq(imports.id, imp.id), isNull(imports.jobId)))
              .returning({ id: imports.id });
            if (!claimed.length) throw new ImportStartedError();
            return imp.rows;
          });
          return { job };
        } catch (error) {
          if (!(error instanceof ImportStartedError)) throw error;
        }
      }
      const started = await ownImport(user, id);
      if (!started.jobId) throw notFound();
      const [job] = await db.select({ params: jobsTable.params }).from(jobsTable).where(eq(jobsTable.id, started.jobId));
      const previous = (job?.params as { options?: ImportOptions } | undefined)?.options;
      if (previous && sameOptions(previous, options)) return { job: started.jobId };
      throw conflict(
        'This import has already been started with other settings. Upload the file again to import it with these settings.',
      );
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
          const writable: PreparedRow[] = [];
          for (const r of await prepare(tx, target, params.options, columns, batch, actor, seen)) {
            if (r.kind === 'invalid') {
              errors.push(...r.errors);
              continue;
            }
            if (r.kind !== 'skip') writable.push(r);
          }
          await writeBatch(tx, target, job.id, writable, actor, errors);
        });
      }
    },

    async removeFile(storagePath: string) {
      await rm(storagePath, { force: true });
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
