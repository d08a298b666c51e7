import { z } from 'zod';
import type { ImportOptions } from '@ops/contract/jobs/jobs.schemas';
import { unwrapSchema } from '@ops/contract/common/unwrap-schema';
import { humaniseCode } from '@ops/contract/common/display-values';
import type { AuthUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { ValidationError, zodIssuesToFieldErrors } from '../../platform/errors';
import { recordEntity, recordScope, type EntityKey } from '../records/index';
import { createImportsRepository } from './imports.repository';
import { jobErrorsOf } from './job-errors';
import { JOBS_ERRORS } from './jobs.errors';
import { REFERENCE_KEYS, type ImportTarget, type PreparedRow } from './import-targets';
import { readTable, type TableType } from './table-reader';

// Reading an import's file: its rows in batches, mapped onto fields, matched, resolved and validated (reads only).

/** Rows per batch (one transaction each when running): 2,000 halves the per-batch round trips of 1,000; the statements stay one per table. */
const IMPORT_BATCH = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** How a field's cells are read: booleans and numbers parsed, enumeration labels turned into codes. */
type CellKind = { kind: 'boolean' } | { kind: 'number' } | { kind: 'text' } | { kind: 'enum'; codes: Map<string, string> };

/**
 * A field's cell reader (looked up once per batch, not per cell). An enumeration takes its code or its
 * label as the grid and an export with display values write it (`humaniseCode`), in any case, so an
 * exported file imports back.
 */
function cellKind(schema: z.ZodType): CellKind {
  const inner = unwrapSchema(schema, { pipe: 'in' });
  if (inner instanceof z.ZodBoolean) return { kind: 'boolean' };
  if (inner instanceof z.ZodNumber) return { kind: 'number' };
  // A choice with a blank value is a preprocess pipe: its enumeration is on the output side.
  const choice = inner instanceof z.ZodEnum ? inner : unwrapSchema(schema, { pipe: 'out' });
  if (choice instanceof z.ZodEnum) {
    const codes = new Map<string, string>();
    for (const code of choice.options.map(String)) {
      codes.set(code.toLowerCase(), code);
      if (code !== '') codes.set(humaniseCode(code).toLowerCase(), code);
    }
    return { kind: 'enum', codes };
  }
  return { kind: 'text' };
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell's text as the field's type takes it; an empty cell leaves the field out, an unknown choice is passed on for the schema to name. */
function coerce(cell: CellKind, text: string): unknown {
  if (text === '') return undefined;
  if (cell.kind === 'boolean') {
    const value = text.toLowerCase();
    if (TRUE_WORDS.has(value)) return true;
    if (FALSE_WORDS.has(value)) return false;
    return text;
  }
  if (cell.kind === 'number') return NUMBER.test(text) ? Number(text) : text;
  if (cell.kind === 'enum') return cell.codes.get(text.trim().toLowerCase()) ?? text;
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

/** The fields a created record needs from the file (a client's owner defaults to whoever imports it). */
export function requiredFields(target: ImportTarget): string[] {
  const shape = target.create.shape as Record<string, z.ZodType>;
  return Object.keys(shape).filter(
    (field) => !(target.entity === 'client' && field === 'owner') && !shape[field]!.safeParse(undefined).success,
  );
}

export function checkOptions(target: ImportTarget, options: ImportOptions, columns: string[]) {
  const fields = Object.keys(target.create.shape);
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const used = new Set<string>();
  for (const [column, field] of Object.entries(options.mapping)) {
    if (!columns.includes(column)) errors[column.slice(0, 100)] = [JOBS_ERRORS.message('NOT_A_COLUMN')];
    else if (field === '') continue;
    else if (!fields.includes(field))
      errors[column.slice(0, 100)] = [JOBS_ERRORS.message('NOT_A_FIELD', field)];
    else if (used.has(field)) errors[column.slice(0, 100)] = [JOBS_ERRORS.message('MAPPED_TWICE', field)];
    used.add(field);
  }
  if (Object.keys(errors).length) throw new ValidationError({ mapping: errors });
  if (options.match_on && !target.match[options.match_on])
    throw JOBS_ERRORS.onField('match_on', 'CANNOT_MATCH_ON', options.match_on);
  if (options.match_on && !used.has(options.match_on))
    throw JOBS_ERRORS.onField('match_on', 'MATCH_ON_NOT_MAPPED', options.match_on);
}

/** Whether the import maps a column to a reference to its own resource (a client's parent): such a row may name a record an earlier row creates. */
export function refersToItself(target: ImportTarget, options: ImportOptions): boolean {
  const refs = recordEntity(target.entity).refs as Record<string, string>;
  return Object.values(options.mapping).some((field) => field !== '' && refs[field] === target.entity);
}

/** Resolves reference cells (UUIDs or natural keys) of a batch to ids inside the actor's scope: a constant number of queries per batch. */
async function resolveReferences(tx: DbOrTx, target: ImportTarget, rows: PreparedRow[], actor: AuthUser) {
  const refs = recordEntity(target.entity).refs;
  for (const [field, refTarget] of Object.entries(refs)) {
    const values = [...new Set(rows.map((r) => r.input[field]).filter((v): v is string => typeof v === 'string'))];
    if (!values.length) continue;
    const lookup = REFERENCE_KEYS[refTarget];
    const idTable = lookup ?? {
      table: recordEntity(refTarget as EntityKey).table,
      id: recordEntity(refTarget as EntityKey).id,
      keys: [],
    };
    const scope = refTarget === 'user' ? undefined : recordScope(refTarget as EntityKey, actor);
    const uuids = values.filter((v) => UUID.test(v));
    const names = values.filter((v) => !UUID.test(v)).map((v) => v.toLowerCase());
    const found = new Map<string, string[]>();
    for (const hit of await createImportsRepository(tx).referenceHits(idTable, uuids, names, scope)) {
      for (const key of [hit.id, ...hit.keys]) found.set(key, [...(found.get(key) ?? []), hit.id]);
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
export async function prepare(
  tx: DbOrTx,
  target: ImportTarget,
  options: ImportOptions,
  columns: string[],
  batch: { row: number; cells: string[] }[],
  actor: AuthUser,
  seen: Map<string, number>,
) {
  const shape = target.create.shape as Record<string, z.ZodType>;
  const mapped = Object.entries(options.mapping)
    .filter(([, field]) => field !== '')
    .map(([column, field]) => ({ index: columns.indexOf(column), field, cell: cellKind(shape[field]!) }));
  const rows: PreparedRow[] = batch.map(({ row, cells }) => {
    // fromEntries defines each field as an own property (a `__proto__` field stays a field).
    const input = Object.fromEntries(
      mapped.map(({ index, field, cell }) => [field, coerce(cell, cells[index] ?? '')] as const).filter(([, value]) => value !== undefined),
    );
    return { row, kind: 'create', input, errors: [] };
  });
  // Matching: one query per batch for the records the match key names.
  const matchColumn = options.match_on ? target.match[options.match_on] : undefined;
  if (matchColumn && options.match_on) {
    const keys = [
      ...new Set(rows.map((r) => r.input[options.match_on!]).filter((v): v is string => typeof v === 'string' && v !== '')),
    ];
    const existing = new Map<string, string>();
    const hits = await createImportsRepository(tx).matchHits(target, matchColumn, keys, recordScope(target.entity, actor));
    for (const hit of hits) existing.set(String(hit.key), String(hit.id));
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
    const parsed = target.parse(r.input, r.recordId !== undefined);
    if ('error' in parsed) {
      const reported = new Set(r.errors.map((e) => e.field));
      const fields = zodIssuesToFieldErrors(parsed.error.issues);
      r.errors.push(...jobErrorsOf(new ValidationError(fields), { row: r.row }).filter((e) => !reported.has(e.field)));
      r.kind = 'invalid';
    } else if (r.kind !== 'invalid') {
      if ('create' in parsed) r.create = parsed.create;
      else r.update = parsed.update;
    }
  }
  return rows;
}

/** The file's data rows in batches, numbered as a spreadsheet shows them (the header is row 1), from `skip` on. */
export async function* batches(filePath: string, type: TableType, skip = 0) {
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

/**
 * `source`'s items with the next one read while the consumer works on the current one (a queue of
 * one): an import reads and prepares its next batch while the current batch writes. At most two
 * items are held; stopping early waits for the read under way, then closes the source.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  // The read ahead's failure surfaces when the consumer gets to it (or is dropped when it stops first).
  next.catch(() => undefined);
  let finished = false;
  try {
    for (;;) {
      const result = await next;
      if (result.done) {
        finished = true;
        return;
      }
      next = iterator.next();
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    if (!finished) {
      await next.catch(() => undefined);
      await iterator.return?.(undefined);
    }
  }
}

