import type { SQL } from 'drizzle-orm';
import type { Paginated } from '@ops/contract/common/pagination';
import type { DbOrTx } from '../platform/db';
import { SerializedJson } from '../platform/serialized-json';
import { compileListQuery } from './compile-list-query';
import { csvExport, type StreamedResponse } from './csv-export';
import { xlsxExport } from './xlsx-export';
import { buildPage, fetchPageIds } from './list-page';
import { pageRows, rowWriterEnabled, writePage, type ListRows } from './list-rows';
import { maskOutOfScope } from './scope-mask';
import type { ListRequest } from './list-request';
import type { ListResource } from './list-resource';

/**
 * A list endpoint's answer: a page of items, the same page already written as JSON (lists that
 * declare their rows, list-rows.ts), or (`format=csv`) the whole list streamed as CSV.
 */
export type ListAnswer<T> = Paginated<T> | SerializedJson<Paginated<T>> | StreamedResponse;

/**
 * What a list reads: the resource, the condition that scopes it, and how a
 * batch of ids becomes items: a list of items carrying their `id`, or a map
 * from id to item (items whose id is not a field of theirs), in any order.
 */
export interface ListSource<T, Batch extends T[] | ReadonlyMap<string, T> = T[] | ReadonlyMap<string, T>> {
  resource: ListResource;
  /** Always applied (ownership, allocation scope, parent record), beside the request's filters. */
  where?: SQL;
  hydrate: (ids: string[]) => Promise<Batch>;
  /**
   * The hydrator's page statement and the item's shape over its columns: a page is then written as
   * JSON straight from the rows (list-rows.ts). `hydrate` still answers exports, and every page
   * while the row writer is off (`LIST_ROW_WRITER=off`).
   */
  rows?: ListRows;
}

function inIdOrder<T>(ids: string[], batch: T[] | ReadonlyMap<string, T>): T[] {
  const byId = batch instanceof Map ? batch : new Map((batch as T[]).map((item) => [(item as { id: string }).id, item]));
  return ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
}

/**
 * The one list flow every list endpoint uses: compile the list query against
 * the resource, then either stream the CSV export or run the page (count and
 * page ids in one statement, then `hydrate` on just those ids: a constant
 * number of statements whatever the page size).
 */
export function listPage<T extends { id: string }>(
  db: DbOrTx,
  list: ListRequest,
  source: ListSource<T, T[]>,
): Promise<ListAnswer<T>>;
export function listPage<T>(db: DbOrTx, list: ListRequest, source: ListSource<T, ReadonlyMap<string, T>>): Promise<ListAnswer<T>>;
export async function listPage<T>(db: DbOrTx, list: ListRequest, source: ListSource<T>): Promise<ListAnswer<T>> {
  const { resource } = source;
  // Related records outside the viewer's scope are withheld on every page and export (scope-mask.ts).
  const load = async (ids: string[]) =>
    ids.length ? maskOutOfScope(db, resource, list.viewer, inIdOrder(ids, await source.hydrate(ids))) : [];
  const plan = compileListQuery(resource, list.query, source.where, list.viewer);
  if (list.csv) return csvExport(db, resource, plan, list.viewer, load);
  if (list.xlsx) return xlsxExport(db, resource, plan, list.viewer, load);
  const page = await fetchPageIds(db, resource, plan);
  if (source.rows && rowWriterEnabled()) {
    const rows = await pageRows(db, source.rows, page.ids);
    return new SerializedJson(await writePage(db, resource, list.viewer, source.rows, plan, rows, buildPage(list.url, plan, page, [])));
  }
  return buildPage(list.url, plan, page, await load(page.ids));
}

/** The first item of a page (detail endpoints that reuse a list flow), 404 when there is none. */
export function onlyItem<T>(answer: ListAnswer<T>, notFound: () => Error): T {
  const page = answer instanceof SerializedJson ? answer.value() : answer;
  const item = 'results' in page ? page.results[0] : undefined;
  if (item === undefined) throw notFound();
  return item;
}
