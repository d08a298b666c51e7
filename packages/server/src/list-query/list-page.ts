import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Paginated } from '@ops/contract/common/pagination';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import type { ListResource } from './list-resource';
import { applySelect } from './select';
import { csvExport, wantsCsv } from './csv-export';

/**
 * Runs a compiled plan as two statements: the count, then the page of ids
 * (filter, order, limit and offset on the main table alone). The caller then
 * hydrates just those ids with its joins ("page first, then join").
 */
export async function fetchPageIds(db: DbOrTx, resource: ListResource, plan: ListPlan): Promise<{ count: number; ids: string[] }> {
  const where = plan.where ? sql`where ${plan.where}` : sql``;
  const [countRows, idRows] = await Promise.all([
    db.execute<{ count: number }>(sql`select count(*)::int as count from ${resource.table} ${where}`),
    db.execute<{ id: string }>(
      sql`select ${resource.id} as id from ${resource.table} ${where} order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`,
    ),
  ]);
  return {
    count: Number(rowsOf<{ count: number }>(countRows)[0]?.count ?? 0),
    ids: rowsOf<{ id: string }>(idRows).map((r) => String(r.id)),
  };
}

export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Orders hydrated rows by the page's id order (hydration queries return them in any order). */
export function inIdOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

export function absoluteUrl(request: FastifyRequest, overrides: Record<string, string | null>): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

export function buildPage<T>(request: FastifyRequest, plan: ListPlan, count: number, results: T[]): Paginated<unknown> {
  const { limit, offset } = plan;
  const next = offset + limit < count ? absoluteUrl(request, { limit: String(limit), offset: String(offset + limit) }) : null;
  let previous: string | null = null;
  if (offset > 0) {
    const prevOffset = Math.max(0, offset - limit);
    previous = absoluteUrl(request, { limit: String(limit), offset: prevOffset === 0 ? null : String(prevOffset) });
  }
  return {
    count,
    next,
    previous,
    results: plan.select ? results.map((item) => applySelect(item, plan.select!)) : results,
  };
}

/** The whole list flow for a resource whose items need no joins beyond what `hydrate` does. */
export async function runList<T extends { id: string }>(
  db: DbOrTx,
  request: FastifyRequest,
  resource: ListResource,
  plan: ListPlan,
  hydrate: (ids: string[]) => Promise<T[]>,
): Promise<Paginated<unknown>> {
  // `format=csv` streams the whole filtered list instead (the route sends it; see csv-export.ts).
  if (wantsCsv(request)) return csvExport(db, resource, plan, hydrate) as never;
  const { count, ids } = await fetchPageIds(db, resource, plan);
  const rows = ids.length ? inIdOrder(ids, await hydrate(ids)) : [];
  return buildPage(request, plan, count, rows);
}

export type { SQL };
