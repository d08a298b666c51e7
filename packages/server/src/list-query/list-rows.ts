import { LRUCache } from 'lru-cache';
import type { Paginated } from '@ops/contract/common/pagination';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import type { ListResource, ListViewer } from './list-resource';
import { compileItemWriter, rowColumns, type ColumnPath, type FlatRow, type ItemShape, type ItemWriter, type RowColumns } from './row-writer';
import { withheldRelated } from './scope-mask';

/**
 * A list page written from its rows (docs/decisions.md, "List pages without per-row objects"): the
 * hydrator's own page statement, built once per executor and prepared under its name, is run with
 * the page's ids and answers arrays (Drizzle's row mapping is skipped); a writer compiled once per
 * (list, `select`) turns each row into the item's JSON; scope masking is the same one statement as
 * `maskOutOfScope`, read by the writer per relation. The answer is the page's JSON text.
 */
export interface ListRows {
  /**
   * The page statement on an executor: a Drizzle select with the ids as `sql.placeholder('ids')`
   * (comma-joined, as `idIn` binds them, unless `bindIds` says otherwise), prepared
   * (`.prepare(name)`). Called once per executor.
   */
  statement: (db: DbOrTx) => PreparedSelect;
  /**
   * The same select for one record by `sql.placeholder('id')` (planned for one row: the page
   * statement's plan is sized for a page of ids), which `writeRecord` reads. Its columns must be the
   * page statement's.
   */
  detail?: (db: DbOrTx) => PreparedSelect;
  /** The value bound to `ids` for the page's ids, when the statement does not read them comma-joined (ids that may hold commas). */
  bindIds?: (ids: readonly string[]) => unknown;
  /** The item's keys in the hydrator's order, over the statement's columns. */
  shape: ItemShape;
  /** The column holding the item's id. */
  id: ColumnPath;
}

/** What the engine needs of a prepared Drizzle select. */
export interface PreparedSelect {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** The parts of Drizzle's prepared query the engine reads and sets (pg-core/session.js: both drivers honour them). */
interface DrizzlePrepared {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface State {
  statements: WeakMap<DbOrTx, PreparedSelect>;
  details: WeakMap<DbOrTx, PreparedSelect>;
  columns?: RowColumns;
  writers: LRUCache<string, ItemWriter>;
}

const states = new WeakMap<ListRows, State>();
function stateOf(rows: ListRows): State {
  let state = states.get(rows);
  // A select tree comes from the request: compiled writers are bounded per list.
  if (!state) states.set(rows, (state = { statements: new WeakMap(), details: new WeakMap(), writers: new LRUCache({ max: 100 }) }));
  return state;
}

let enabled = process.env.LIST_ROW_WRITER !== 'off';
/** Whether pages of lists that declare their rows are written from rows (on by default; `LIST_ROW_WRITER=off`, the hydrators answer). */
export const rowWriterEnabled = () => enabled;
/** Tests compare both paths. */
export function setRowWriter(on: boolean): void {
  enabled = on;
}

function statementOn(db: DbOrTx, rows: ListRows, state: State): PreparedSelect {
  let statement = state.statements.get(db);
  if (!statement) {
    statement = rows.statement(db);
    const drizzle = statement as unknown as DrizzlePrepared;
    if (!drizzle.fields) throw new Error('list rows: the statement is not a prepared Drizzle select');
    // Rows as the driver answers them (arrays in the selection's order), not mapped into objects.
    drizzle.customResultMapper = (raw) => raw;
    state.columns ??= rowColumns(drizzle.fields);
    state.statements.set(db, statement);
  }
  return statement;
}

/** `rows.detail` on an executor, its rows answered as arrays; its columns checked against the page statement's. */
function detailOn(db: DbOrTx, rows: ListRows, state: State): PreparedSelect {
  if (!rows.detail) throw new Error('list rows: a record is written from a list that declares its detail statement');
  let statement = state.details.get(db);
  if (!statement) {
    statementOn(db, rows, state);
    statement = rows.detail(db);
    const drizzle = statement as unknown as DrizzlePrepared;
    if (!drizzle.fields) throw new Error('list rows: the detail statement is not a prepared Drizzle select');
    const paths = (columns: RowColumns) => [...columns.index.keys()].join(' ');
    if (paths(rowColumns(drizzle.fields)) !== paths(state.columns!)) throw new Error('list rows: the detail statement selects other columns than the page statement');
    drizzle.customResultMapper = (raw) => raw;
    state.details.set(db, statement);
  }
  return statement;
}

/** The page's rows in the order of `ids` (an id whose row went meanwhile is left out, as `inIdOrder` does). */
export async function pageRows(db: DbOrTx, rows: ListRows, ids: string[]): Promise<FlatRow[]> {
  if (!ids.length) return [];
  const state = stateOf(rows);
  const raw = (await statementOn(db, rows, state).execute({ ids: rows.bindIds ? rows.bindIds(ids) : ids.join(',') })) as FlatRow[];
  const idIndex = state.columns!.index.get(rows.id);
  if (idIndex === undefined) throw new Error(`list rows: the statement has no column ${rows.id}`);
  const byId = new Map(raw.map((row) => [String(row[idIndex]), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is FlatRow => row !== undefined);
}

/** The items of `pageRows` as the list writes them: `select`'s writer, related records outside the viewer's scope withheld. */
async function itemsOf(
  db: DbOrTx,
  resource: ListResource,
  viewer: ListViewer,
  rows: ListRows,
  select: ListPlan['select'],
  pageRows: FlatRow[],
): Promise<unknown[]> {
  if (!pageRows.length) return [];
  const state = stateOf(rows);
  const columns = state.columns!;
  const relations = Object.keys(resource.fields).filter((field) => resource.fields[field]!.relation && Object.hasOwn(rows.shape, field));
  const key = select ? JSON.stringify(select) : '';
  let writer = state.writers.get(key);
  if (!writer) state.writers.set(key, (writer = compileItemWriter(rows.shape, columns, select, relations)));
  // The embedded records' ids, as maskOutOfScope reads them from the items.
  const idsOf = (field: string): string[] => {
    const node = rows.shape[field];
    if (!node || !('object' in node)) return [];
    const index = columns.index.get(node.when)!;
    return pageRows.map((row) => row[index]).filter((id): id is string => typeof id === 'string' && !!id);
  };
  const isWithheld = (await withheldRelated(db, resource, viewer, idsOf)) ?? (() => false);
  return pageRows.map((row) => writer!(row, isWithheld));
}

/** The JSON text of a page: `envelope`'s count and links, and `rows` written as items. */
export async function writePage<T>(
  db: DbOrTx,
  resource: ListResource,
  viewer: ListViewer,
  rows: ListRows,
  plan: ListPlan,
  pageRows: FlatRow[],
  envelope: Paginated<T>,
): Promise<string> {
  const items = await itemsOf(db, resource, viewer, rows, plan.select, pageRows);
  // One native serialisation of the page, as Fastify's serialiser made of the hydrated page.
  return JSON.stringify({ count: envelope.count, next: envelope.next, previous: envelope.previous, results: items });
}

let recordsWritten = 0;
/** How many records `writeRecord` has written in this process (tests prove which path answered). */
export const recordsWrittenFromRows = () => recordsWritten;

/**
 * One record written from its row, as its list writes it (a detail that answers the list's item):
 * `rows.detail` (the list's page statement is planned for a page of ids), no `select`, related
 * records outside the viewer's scope withheld. Null when there is no such row. `valueAt` reads another column of the same row (the
 * row's version, for the detail's ETag). The caller scopes the record itself: the statement reads
 * any id.
 */
export async function writeRecord(
  db: DbOrTx,
  resource: ListResource,
  viewer: ListViewer,
  rows: ListRows,
  id: string,
): Promise<{ json: string; valueAt(column: ColumnPath): unknown } | null> {
  const state = stateOf(rows);
  const found = (await detailOn(db, rows, state).execute({ id })) as FlatRow[];
  const row = found[0];
  if (!row) return null;
  const [item] = await itemsOf(db, resource, viewer, rows, null, found);
  recordsWritten += 1;
  const index = state.columns!.index;
  return {
    json: JSON.stringify(item),
    valueAt(column) {
      const at = index.get(column);
      if (at === undefined) throw new Error(`list rows: the statement has no column ${column}`);
      return row[at];
    },
  };
}
