import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../platform/db';
import type { ExportDisplay, ListPlan } from './compile-list-query';
import { formatDateTime, humaniseCode, yesNo } from '@ops/contract/common/display-values';
import { ValidationError } from '../platform/errors';
import { exportRowBatches, type ExportLoad } from './export-rows';
import type { ListResource, ListViewer } from './list-resource';
import type { SelectTree } from './select';
import { unwrapSchema } from '@ops/contract/common/unwrap-schema';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV export of a list (beyond spec api-contract): `format=csv` on a list endpoint
 * streams every row matching its filters, search and ordering, in the
 * `select`ed columns, under the same access rule and data scope as the list
 * itself (the plan the list compiled is the plan exported). Rows are read in
 * keyset batches (export-rows.ts), so memory and statements per batch stay
 * bounded whatever the size of the table.
 */
export { EXPORT_BATCH } from './export-rows';

/** A handler result that writes its own answer (headers and a streamed body). */
export interface StreamedResponse {
  readonly streamed: true;
  sendTo(reply: FastifyReply): FastifyReply;
}

export function isStreamedResponse(value: unknown): value is StreamedResponse {
  return typeof value === 'object' && value !== null && (value as { streamed?: unknown }).streamed === true && typeof (value as StreamedResponse).sendTo === 'function';
}

/**
 * Leaf paths of a schema: nested objects, and lists of objects, become `parent.child` (as `select`
 * takes them: a job's `undo.skipped.message`); lists of plain values and free JSON stay one column.
 */
function schemaPaths(schema: z.ZodType, prefix = '', depth = 0): string[] {
  let inner = unwrapSchema(schema);
  if (inner instanceof z.ZodArray && unwrapSchema(inner.element as z.ZodType) instanceof z.ZodObject) inner = unwrapSchema(inner.element as z.ZodType);
  if (!(inner instanceof z.ZodObject) || depth > 3) return [prefix.slice(0, -1)];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, child]) => schemaPaths(child, `${prefix}${key}.`, depth + 1));
}

function childSchema(schema: z.ZodType, key: string): z.ZodType | undefined {
  let inner = unwrapSchema(schema);
  if (inner instanceof z.ZodArray) inner = unwrapSchema(inner.element as z.ZodType);
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>)[key] : undefined;
}

/**
 * The export's columns: the `select` paths (a selected object or list of objects expands to its
 * fields), else every field of the item as if each were selected, so the columns and the labels a
 * full export takes are those `select` documents (a client's `role.role`, not one JSON `role`).
 */
export function exportColumns(itemSchema: z.ZodType, select: SelectTree | null): string[] {
  if (!select) {
    const shape = unwrapSchema(itemSchema);
    if (!(shape instanceof z.ZodObject)) return schemaPaths(itemSchema);
    select = Object.fromEntries(Object.keys(shape.shape as Record<string, z.ZodType>).map((key) => [key, true as const]));
  }
  const walk = (tree: SelectTree, schema: z.ZodType | undefined, prefix: string): string[] =>
    Object.entries(tree).flatMap(([key, sub]) => {
      const child = schema ? childSchema(schema, key) : undefined;
      if (sub !== true) return walk(sub, child, `${prefix}${key}.`);
      const element = child ? unwrapSchema(child) : undefined;
      const objectLike = element instanceof z.ZodObject || (element instanceof z.ZodArray && unwrapSchema(element.element as z.ZodType) instanceof z.ZodObject);
      if (!objectLike || !child) return [`${prefix}${key}`];
      const target = element instanceof z.ZodArray ? (element.element as z.ZodType) : child;
      return schemaPaths(target, `${prefix}${key}.`, 1);
    });
  return walk(select, itemSchema, '');
}

/** A path's value; through a list it collects every item's value (a client's roles: "Chef; Cook"). */
function valueAt(value: unknown, parts: string[]): unknown {
  if (parts.length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => valueAt(item, parts)).flat();
  if (value === null || typeof value !== 'object') return undefined;
  return valueAt((value as Record<string, unknown>)[parts[0]!], parts.slice(1));
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** An export value as CSV text: lists joined ("Chef; Cook"), objects as JSON, formula-like text defused with a leading quote. */
function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (Array.isArray(value)) text = value.map((item) => (item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item ?? ''))).join('; ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMERIC.test(text)) text = `'${text}`;
  return text;
}

/** CSV records (RFC 4180 quoting by csv-stringify, CRLF line ends) of export values. */
export function csvLines(rows: unknown[][]): string {
  return stringify(
    rows.map((row) => row.map(csvText)),
    // A lone CR or LF inside a value is quoted too (csv-stringify quotes only the whole delimiter).
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** One CSV field, quoted as csvLines quotes it. */
export const csvField = (value: unknown): string => csvLines([[value]]).slice(0, -2);

const csvLine = (fields: unknown[]) => csvLines([fields]);

/** The schema of an export column's leaf (`owner.email` -> the email string), undefined when the path leaves the schema. */
function leafSchema(itemSchema: z.ZodType, column: string): z.ZodType | undefined {
  let schema: z.ZodType | undefined = itemSchema;
  for (const part of column.split('.')) schema = schema ? childSchema(schema, part) : undefined;
  if (!schema) return undefined;
  let inner = unwrapSchema(schema);
  if (inner instanceof z.ZodArray) inner = unwrapSchema(inner.element as z.ZodType);
  return inner;
}

const isDateTime = (schema: z.ZodType) => z.globalRegistry.get(schema)?.format === 'date-time';

/**
 * How `values=display` writes a column, as the web grid shows it: an enumeration's code as its
 * label (ACTIVE -> Active), a boolean as Yes/No, a date-time in the caller's zone and format.
 * Other values (text, numbers, dates) are written as they are. Null without `display`.
 */
export function displayFormatter(itemSchema: z.ZodType, column: string, display: ExportDisplay | null): ((value: unknown) => unknown) | null {
  if (!display) return null;
  const leaf = leafSchema(itemSchema, column);
  if (!leaf) return null;
  let one: ((value: unknown) => unknown) | null = null;
  if (leaf instanceof z.ZodEnum) one = (value) => (typeof value === 'string' ? humaniseCode(value) : value);
  else if (leaf instanceof z.ZodBoolean) one = (value) => (typeof value === 'boolean' ? yesNo(value) : value);
  else if (isDateTime(leaf))
    one = (value) => (typeof value === 'string' && value ? formatDateTime(value, display.dateTimeFormat, display.timeZone) || value : value);
  if (!one) return null;
  const format = one;
  return (value) => (Array.isArray(value) ? value.map(format) : format(value));
}

/** Each column's value of an item, raw or (with `display`) as displayed. */
export function exportRowReader(itemSchema: z.ZodType, columns: string[], display: ExportDisplay | null): (item: unknown) => unknown[] {
  const readers = columns.map((column) => {
    const parts = column.split('.');
    const format = displayFormatter(itemSchema, column, display);
    return format ? (item: unknown) => format(valueAt(item, parts)) : (item: unknown) => valueAt(item, parts);
  });
  return (item) => readers.map((read) => read(item));
}

/**
 * Items as export rows, one per element of their list field `per` (the element in the list's
 * place, so `answers.key` reads that element's key); an item whose list is empty or absent is one
 * row with that list null. `per` is the resource's own declaration, never a request's key.
 */
export function rowsPerElement(per: string, items: unknown[]): unknown[] {
  return items.flatMap((item) => {
    if (item === null || typeof item !== 'object') return [item];
    const list = Object.hasOwn(item, per) ? (item as Record<string, unknown>)[per] : undefined;
    if (!Array.isArray(list) || list.length === 0) return [{ ...item, [per]: null }];
    return list.map((element: unknown) => ({ ...item, [per]: element }));
  });
}

/**
 * The export's rows a batch at a time, each the values of `columns`, raw or (with the plan's
 * `display`) as displayed: what the CSV, the XLSX workbook and the CLI write. A resource declaring
 * `exportRowsPer` gets one row per element of that list when the columns include it.
 */
export async function* exportValues(db: DbOrTx, resource: ListResource, plan: ListPlan, viewer: ListViewer, load: ExportLoad, columns: string[]) {
  const formats = columns.map((column) => displayFormatter(resource.itemSchema, column, plan.display));
  const itemValues = exportRowReader(resource.itemSchema, columns, null);
  const per = resource.exportRowsPer;
  const expands = per !== undefined && columns.some((column) => column === per || column.startsWith(`${per}.`));
  // Rows per element are read from the hydrated items (the flat statement reads one row per id).
  const source = expands ? { ...resource, flatExport: false } : resource;
  const rowsOfIds: ExportLoad = expands ? async (ids) => rowsPerElement(per, await load(ids)) : load;
  for await (const rows of exportRowBatches(db, source, plan, viewer, rowsOfIds, columns, itemValues)) {
    if (formats.some((format) => format !== null)) for (const row of rows) formats.forEach((format, i) => format && (row[i] = format(row[i])));
    yield rows;
  }
}

async function* csvRows(db: DbOrTx, resource: ListResource, plan: ListPlan, viewer: ListViewer, load: ExportLoad, columns: string[], header: string[]) {
  // A byte-order mark lets spreadsheet programs read the file as UTF-8.
  yield `\ufeff${csvLine(header)}`;
  for await (const rows of exportValues(db, resource, plan, viewer, load, columns)) yield csvLines(rows);
}

/**
 * The header line: each column's label from `labels`, else its path. A label
 * of a selected object heads each of its columns (`Owner email`); a label that
 * names no exported column or object is refused.
 */
export function exportHeader(columns: string[], labels: Record<string, string> | null): string[] {
  if (!labels) return columns;
  const covers = (key: string, column: string) => column === key || column.startsWith(`${key}.`);
  const unknown = Object.keys(labels).find((key) => !columns.some((column) => covers(key, column)));
  if (unknown !== undefined) throw ValidationError.field('labels', `"${unknown.slice(0, 100)}" is not a column of this export.`);
  return columns.map((column) => {
    if (labels[column] !== undefined) return labels[column];
    const parent = Object.keys(labels).find((key) => covers(key, column));
    return parent === undefined ? column : `${labels[parent]} ${column.slice(parent.length + 1)}`;
  });
}

/**
 * The streamed CSV answer of a compiled list plan. `load` gives the items of a
 * batch of ids in the ids' order (lists whose items carry their id use
 * `hydrated`; others key them their own way).
 */
export function csvExport(db: DbOrTx, resource: ListResource, plan: ListPlan, viewer: ListViewer, load: ExportLoad): StreamedResponse {
  const columns = exportColumns(resource.itemSchema, plan.select);
  // Checked now, so a bad label is a 400 in JSON before anything streams.
  const header = exportHeader(columns, plan.labels);
  return {
    streamed: true,
    sendTo(reply) {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .code(200)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${resource.name}-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(csvRows(db, resource, plan, viewer, load, columns, header)));
    },
  };
}
