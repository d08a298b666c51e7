import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FieldKind } from '@ops/contract/common/list-query';
import { unwrapSchema } from '@ops/contract/common/unwrap-schema';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import { keysetCondition, rowsOf } from './list-page';
import type { ListField, ListResource, ListViewer } from './list-resource';

/**
 * The rows of an export, in the list's order, a batch at a time, paged by keyset: each batch
 * starts after the previous batch's last row (its ordering values, the id last), so batch 2,000
 * costs what batch 1 costs and memory stays one batch.
 *
 * When the resource declares `flatExport` and every exported column is a plain value of the row or of a related row (`name`,
 * `legal_entity.name`, `owner.email`), a batch is one statement that selects just those values,
 * flat (related rows by a lateral join, withheld outside the viewer's scope as `maskOutOfScope`
 * withholds them), and batches grow to EXPORT_BATCH_MAX rows. Any other column (a list, an embedded
 * address, a value the list item computes) needs the list's items: each batch of EXPORT_BATCH ids
 * is then hydrated as a list page is.
 */
export const EXPORT_BATCH = 1000;
export const EXPORT_BATCH_MAX = 8000;

/** Ids of a batch -> its list items in the ids' order (scope-masked), as a list page reads them. */
export type ExportLoad = (ids: string[]) => Promise<unknown[]>;

/** A column of the flat statement: a value of the row itself, or of the row a relation field points at. */
interface FlatColumn {
  relation?: string;
  value: SQL;
}

function leafOf(itemSchema: z.ZodType, column: string): z.ZodType | undefined {
  let schema: z.ZodType | undefined = itemSchema;
  for (const part of column.split('.')) {
    const inner: z.ZodType | undefined = schema ? unwrapSchema(schema) : undefined;
    schema = inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>)[part] : undefined;
  }
  return schema ? unwrapSchema(schema) : undefined;
}

const isDateTime = (schema: z.ZodType) => z.globalRegistry.get(schema)?.format === 'date-time';

/**
 * A field's value in SQL, in the representation the list item gives it (so CSV and XLSX bytes do
 * not depend on which way a batch was read), or null when that is not known to be exact.
 */
function flatValue(kind: FieldKind, leaf: z.ZodType, column: PgColumn | SQL): SQL | null {
  if (leaf instanceof z.ZodEnum) return kind === 'enum' || kind === 'text' ? sql`(${column})::text` : null;
  if (leaf instanceof z.ZodNumber) return kind === 'number' ? sql`(${column})::float8` : null;
  if (leaf instanceof z.ZodBoolean) return kind === 'boolean' ? sql`(${column})::boolean` : null;
  if (!(leaf instanceof z.ZodString)) return null;
  // Items carry date-times as `Date#toISOString()`: UTC, milliseconds (to_char truncates as Date does).
  if (isDateTime(leaf))
    return kind === 'datetime' ? sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : null;
  return kind === 'text' || kind === 'uuid' || kind === 'enum' || kind === 'date' || kind === 'decimal'
    ? sql`(${column})::text`
    : null;
}

const ownField = (resource: ListResource, name: string | undefined): ListField | undefined =>
  name !== undefined && Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;

/** How the flat statement reads `column`, or null when only the hydrated item has it. */
function flatColumn(resource: ListResource, column: string): FlatColumn | null {
  const leaf = leafOf(resource.itemSchema, column);
  if (!leaf) return null;
  const [name, sub, ...deeper] = column.split('.');
  const field = ownField(resource, name);
  if (!field || deeper.length) return null;
  if (sub === undefined) {
    if (field.relation) return null;
    const value = flatValue(field.kind, leaf, field.itemValue ?? field.column);
    return value ? { value } : null;
  }
  const target = field.relation?.();
  if (!target) return null;
  // A withheld related record keeps its id (scope-mask.ts), so the id is the row's own foreign key.
  if (sub === 'id') return leaf instanceof z.ZodString ? { value: sql`(${field.column})::text` } : null;
  const targetField = ownField(target, sub);
  if (!targetField || targetField.relation) return null;
  const value = flatValue(targetField.kind, leaf, targetField.itemValue ?? targetField.column);
  return value ? { relation: name, value } : null;
}

/** The flat reading of every column, or null when some column needs the hydrated items. */
export function flatColumns(resource: ListResource, columns: string[]): FlatColumn[] | null {
  if (!resource.flatExport) return null;
  const flat = columns.map((column) => flatColumn(resource, column));
  return flat.every((c): c is FlatColumn => c !== null) ? flat : null;
}

const orderByOf = (plan: ListPlan) =>
  sql.join(
    plan.order.map((t) => (t.descending ? sql`${t.column} desc` : sql`${t.column} asc`)),
    sql`, `,
  );
const keysOf = (plan: ListPlan) =>
  sql.join(
    plan.order.map((t, i) => sql`, ${t.column}::text as ${sql.raw(`k${i}`)}`),
    sql``,
  );
const lastKeys = (plan: ListPlan, end: Record<string, unknown>) =>
  plan.order.map((_t, i) => (end[`k${i}`] === null || end[`k${i}`] === undefined ? null : String(end[`k${i}`])));

function whereOf(plan: ListPlan, last: (string | null)[] | undefined): SQL {
  const conditions = [plan.where, last ? keysetCondition(plan.order, last) : undefined].filter((c): c is SQL => !!c);
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * One flat batch: the page of the main table (its own values, the foreign keys of the relations
 * read, the keyset keys, numbered in the page's order), then one lateral lookup per relation by
 * primary key, limited to the viewer's scope of the related resource.
 */
function flatBatchStatement(
  resource: ListResource,
  plan: ListPlan,
  viewer: ListViewer,
  flat: FlatColumn[],
  last: (string | null)[] | undefined,
  size: number,
): SQL {
  const relations = [...new Set(flat.flatMap((c) => (c.relation ? [c.relation] : [])))];
  const own = flat.map((c, i) => (c.relation ? sql`` : sql`, ${c.value} as ${sql.raw(`c${i}`)}`));
  const foreignKeys = relations.map((name, j) => sql`, ${resource.fields[name]!.column} as ${sql.raw(`f${j}`)}`);
  const page = sql`select page.*, row_number() over () as n
    from (select ${resource.id} as id${keysOf(plan)}${sql.join(own, sql``)}${sql.join(foreignKeys, sql``)}
            from ${resource.table} ${whereOf(plan, last)} order by ${orderByOf(plan)} limit ${size}) page`;
  const joins = relations.map((name, j) => {
    const target = resource.fields[name]!.relation!();
    const values = flat.flatMap((c, i) => (c.relation === name ? [sql`${c.value} as ${sql.raw(`c${i}`)}`] : []));
    // As maskOutOfScope: no scope for the system viewer.
    const scope = viewer.user ? target.rowScope?.(viewer) : undefined;
    const alias = sql.raw(`r${j}`);
    return sql` left join lateral (select ${sql.join(values, sql`, `)} from ${target.table}
      where ${target.id} = ${sql.raw(`p.f${j}`)}${scope ? sql` and (${scope})` : sql``}) ${alias} on true`;
  });
  const related = flat.flatMap((c, i) => (c.relation ? [sql`, ${sql.raw(`r${relations.indexOf(c.relation)}.c${i}`)}`] : []));
  return sql`select p.*${sql.join(related, sql``)} from (${page}) p${sql.join(joins, sql``)} order by p.n`;
}

/**
 * Batches of the export's rows, each row the raw values of `columns` (an item's value at each
 * column path when the batch was hydrated). `itemValues` reads those values from an item.
 */
export async function* exportRowBatches(
  db: DbOrTx,
  resource: ListResource,
  plan: ListPlan,
  viewer: ListViewer,
  load: ExportLoad,
  columns: string[],
  itemValues: (item: unknown) => unknown[],
): AsyncGenerator<unknown[][]> {
  const flat = flatColumns(resource, columns);
  let last: (string | null)[] | undefined;
  let size = EXPORT_BATCH;
  for (;;) {
    if (flat) {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(flatBatchStatement(resource, plan, viewer, flat, last, size)),
      );
      if (rows.length === 0) return;
      last = lastKeys(plan, rows[rows.length - 1]!);
      yield rows.map((row) => flat.map((_c, i) => row[`c${i}`]));
      if (rows.length < size) return;
      // The first batch is small so the download starts at once; later ones amortise the round trip.
      size = Math.min(size * 2, EXPORT_BATCH_MAX);
      continue;
    }
    const rows = rowsOf<Record<string, unknown> & { id: string }>(
      await db.execute(
        sql`select ${resource.id} as id${keysOf(plan)} from ${resource.table} ${whereOf(plan, last)} order by ${orderByOf(plan)} limit ${size}`,
      ),
    );
    if (rows.length === 0) return;
    last = lastKeys(plan, rows[rows.length - 1]!);
    yield (await load(rows.map((row) => String(row.id)))).map(itemValues);
    if (rows.length < size) return;
  }
}
