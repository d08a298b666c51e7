import { Column, is, noopDecoder, SQL } from 'drizzle-orm';
import { applySelect, type SelectTree } from './select';

/**
 * List items built straight from the page statement's flat rows (docs/decisions.md, "List pages
 * written from rows"): no Drizzle row mapping, no hydrator objects, no scope-mask copies, no
 * `select` pass. A list declares its item as a shape over the statement's columns; the engine
 * compiles, once per (shape, `select`), one object literal per row with the keys, order and values
 * of the item the hydrator built after masking and `select`, so JSON.stringify writes the same
 * bytes (proved for every declared list on random data by list-rows.test.ts).
 */

/** A column of the page statement by its selection path (`client.name`, `requester_id`). */
export type ColumnPath = string;

export type ShapeNode =
  /** The column's value as Drizzle decodes it (a timestamp is written as its ISO text). */
  | { col: ColumnPath }
  /** A nested object, or null when the `when` column is null (a left join that found nothing). */
  | { object: ItemShape; when: ColumnPath }
  /** A value computed from columns (a name joined from first and last), written by JSON.stringify. */
  | { from: ColumnPath[]; compute: (...values: never[]) => unknown }
  /**
   * An array from columns PostgreSQL answers as arrays (`array_agg(... order by ...)` of text, varchar,
   * uuid: both drivers decode them to JS arrays), in their element order. `array` is one column
   * (its elements as they are) or, for objects, each key's column: parallel arrays aggregated in
   * the same group with the same total ORDER BY, the element at index i built from each column's
   * entry i. `none` is what the item holds when the column is null (an aggregate over no rows, a
   * left join that found nothing): `[]` or `null`.
   */
  | ArrayNode;

export interface ArrayNode {
  array: ColumnPath | { readonly [key: string]: ColumnPath };
  none: 'empty' | 'null';
}

/** The item's keys in the order the hydrator builds them, each a node over the statement's columns. */
export type ItemShape = { readonly [key: string]: ShapeNode };

/** What a compiled writer reads: a row as an array, in the statement's column order. */
export type FlatRow = readonly unknown[];

/** How the statement's columns are found and decoded, from its Drizzle field list. */
export interface RowColumns {
  index: ReadonlyMap<ColumnPath, number>;
  /** Drizzle's decoder of each column (what its row mapping would apply); undefined where it is the identity. */
  decoders: readonly (((value: unknown) => unknown) | undefined)[];
}

interface DrizzleField {
  path: string[];
  field: unknown;
}

const identity = Column.prototype.mapFromDriverValue;

/** The columns of a prepared Drizzle select (its `fields`, in the order rows carry them). */
export function rowColumns(fields: readonly DrizzleField[]): RowColumns {
  const index = new Map<string, number>();
  const decoders = fields.map(({ path, field }, i) => {
    index.set(path.join('.'), i);
    type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
    // As Drizzle's mapResultRow picks it: the column, a SQL's decoder, an aliased SQL's decoder.
    let decoder: Decoder | undefined;
    if (is(field, Column)) decoder = field;
    else if (is(field, SQL)) decoder = (field as unknown as { decoder?: Decoder }).decoder;
    else decoder = (field as { sql?: { decoder?: Decoder } }).sql?.decoder;
    if (!decoder || decoder.mapFromDriverValue === identity || decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue) return undefined;
    return (value: unknown) => decoder.mapFromDriverValue(value);
  });
  return { index, decoders };
}

export type ItemWriter = (row: FlatRow, withheld: (field: string, id: unknown) => boolean) => unknown;

const isNode = {
  col: (node: ShapeNode): node is { col: ColumnPath } => 'col' in node,
  object: (node: ShapeNode): node is { object: ItemShape; when: ColumnPath } => 'object' in node,
  array: (node: ShapeNode): node is ArrayNode => 'array' in node,
};

/**
 * Compiles the builder of one item for a `select` tree (null: the whole item): a single object
 * literal over the row's cells, with exactly the keys, order and values the hydrator's item has
 * after scope masking and `select`, which JSON.stringify then writes as it wrote the hydrated item
 * (one native serialisation of the page instead of a call per value). `relations` are the item
 * keys of relation fields a scope may withhold: such an object, when the callback says so, is built
 * as `withheld()` makes it (its id, every other key null), then `select`ed.
 */
export function compileItemWriter(shape: ItemShape, columns: RowColumns, select: SelectTree | null, relations: readonly string[]): ItemWriter {
  const values: unknown[] = [];
  const constant = (value: unknown) => {
    values.push(value);
    return `k[${values.length - 1}]`;
  };
  const column = (path: ColumnPath) => {
    const i = columns.index.get(path);
    if (i === undefined) throw new Error(`row writer: the statement has no column ${path}`);
    return i;
  };
  /** The decoded value of a column, as an expression. */
  const read = (path: ColumnPath) => {
    const i = column(path);
    return columns.decoders[i] ? `(r[${i}] === null ? null : ${constant(columns.decoders[i])}(r[${i}]))` : `r[${i}]`;
  };
  const property = (key: string, expression: string) => `${JSON.stringify(key)}: ${expression}`;
  /** Functions the item's expression calls (an array's element loop), declared once beside the builder. */
  const helpers: string[] = [];

  /**
   * An array node: the column's array as it is, or a loop building one object literal per index over
   * parallel columns (the selected keys only, in `select`'s order, as applySelect maps an array).
   */
  const buildArray = (node: ArrayNode, sub: true | SelectTree): string => {
    const none = node.none === 'empty' ? '[]' : 'null';
    // `select` into an array of scalars keeps the scalars (applySelect); the array stays the driver's own.
    if (typeof node.array === 'string') return `(r[${column(node.array)}] === null ? ${none} : ${read(node.array)})`;
    const element = node.array;
    const keys = sub === true ? Object.keys(element) : Object.keys(sub).filter((k) => Object.hasOwn(element, k));
    const paths = [...new Set(Object.values(element))];
    const name = `a${helpers.length}`;
    const parameter = (path: ColumnPath) => `c${paths.indexOf(path)}`;
    const literal = `{ ${keys.map((key) => property(key, `${parameter(element[key]!)}[i]`)).join(', ')} }`;
    // Parallel columns must hold as many entries: a mismatch is a declaration error, never a short item.
    const lengths = paths
      .slice(1)
      .map((path) => `if (${parameter(path)} === null || ${parameter(path)}.length !== n) throw new Error(${JSON.stringify(`row writer: ${path} is not parallel to ${paths[0]}`)});`)
      .join(' ');
    helpers.push(
      `function ${name}(${paths.map((_, i) => `c${i}`).join(', ')}) { if (c0 === null) return ${none}; const n = c0.length; ${lengths} const out = new Array(n); for (let i = 0; i < n; i++) out[i] = ${literal}; return out; }`,
    );
    return `${name}(${paths.map(read).join(', ')})`;
  };

  const buildNode = (node: ShapeNode, sub: true | SelectTree, key: string, top: boolean): string => {
    // `select` into a scalar keeps the scalar (applySelect).
    if (isNode.col(node)) return read(node.col);
    if (isNode.array(node)) return buildArray(node, sub);
    if (isNode.object(node)) {
      const when = column(node.when);
      const body = buildObject(node.object, sub);
      const present = top && relations.includes(key) ? `(w(${JSON.stringify(key)}, r[${when}]) ? ${buildWithheld(node.object, sub, when)} : ${body})` : body;
      return `(r[${when}] === null ? null : ${present})`;
    }
    const value = `${constant(node.compute)}(${node.from.map(read).join(', ')})`;
    return sub === true ? value : `${constant(applySelect)}(${value}, ${constant(sub)})`;
  };

  /** The keys built, in order: every key of the shape, or the selected ones the shape has (applySelect's order). */
  const keysOf = (shape: ItemShape, sub: true | SelectTree) =>
    sub === true ? Object.keys(shape) : Object.keys(sub).filter((k) => Object.hasOwn(shape, k));

  const buildObject = (shape: ItemShape, sub: true | SelectTree, top = false): string =>
    `{ ${keysOf(shape, sub)
      .map((key) => property(key, buildNode(shape[key]!, sub === true ? true : sub[key]!, key, top)))
      .join(', ')} }`;

  /** withheld(): `{id, ...every other key null}`, then `select`ed. */
  const buildWithheld = (shape: ItemShape, sub: true | SelectTree, when: number): string => {
    const order = ['id', ...Object.keys(shape).filter((k) => k !== 'id')];
    const keys = sub === true ? order : Object.keys(sub).filter((k) => order.includes(k));
    return `{ ${keys.map((key) => property(key, key === 'id' ? `r[${when}]` : 'null')).join(', ')} }`;
  };

  const body = buildObject(shape, select ?? true, true);
  // Compiled once per (shape, select) from the server's declarations; keys are quoted with JSON.stringify.
  const make = new Function('k', `${helpers.join('\n')}\nreturn function buildItem(r, w) { return ${body}; };`) as (k: unknown[]) => ItemWriter;
  return make(values);
}
