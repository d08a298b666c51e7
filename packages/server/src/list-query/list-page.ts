import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Paginated } from '@ops/contract/common/pagination';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import { encodeCursor } from './list-cursor';
import type { OrderTerm } from './list-ordering';
import type { ListResource } from './list-resource';
import { applySelect } from './select';

/** Up to this many matching rows the count is exact; past it, an estimate (docs/decisions.md, "List engine"). */
export const EXACT_COUNT_LIMIT = 10_000;

export interface PageIds {
  count: number;
  ids: string[];
  /** Whether rows follow the page (in `next` direction), known by fetching one row more than the page. */
  hasMore: boolean;
  /** Keyset mode: the ordering values (as text) of the page's first and last rows. */
  first?: (string | null)[];
  last?: (string | null)[];
}

/**
 * The count stays cheap on large tables: the page statement counts at most
 * EXACT_COUNT_LIMIT + 1 matching rows (none when the list is unfiltered and
 * the table holds more than twice that). Past that, an unfiltered list answers
 * the planner's row count of the table (kept current by ANALYZE and
 * autovacuum), a filtered one the planner's estimate for the filter, never
 * less than what was counted nor more than the table.
 */
function countColumns(resource: ListResource, where: SQL | undefined): SQL {
  const condition = where ? sql`where ${where}` : sql``;
  const probe = sql`(select count(*)::int from (select 1 from ${resource.table} ${condition} limit ${EXACT_COUNT_LIMIT + 1}) capped)`;
  // Unfiltered, on a table the statistics put well past the limit, the probe is not even run
  // (CASE evaluates only the branch it takes).
  return sql`
    select ${where ? probe : sql`case when t.total >= ${2 * EXACT_COUNT_LIMIT} then null else ${probe} end`} as counted, t.total
      from (select (select reltuples::bigint from pg_class where oid = to_regclass(${getTableName(resource.table)})) as total) t`;
}

/**
 * The planner's estimate for a filter past the exact limit, kept per table and filter (text and
 * bound values) for a minute: a list whose filter matches that many rows asks for it again on
 * every page and every refresh, and an estimate does not move faster than ANALYZE.
 */
const ESTIMATE_TTL_MS = 60_000;
const estimates = new LRUCache<string, number>({ max: 2000, ttl: ESTIMATE_TTL_MS });
const dialect = new PgDialect();

function estimateKey(resource: ListResource, where: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(where);
  return `${getTableName(resource.table)}\u0000${text}\u0000${JSON.stringify(params)}`;
}

/** The count from the probe's answer; past the exact limit, a filtered list runs one more statement the first time in a minute. */
async function resolveCount(db: DbOrTx, resource: ListResource, where: SQL | undefined, row: { counted: number | null; total: number | string | null } | undefined): Promise<number> {
  if (row?.counted === null) return Number(row.total);
  const counted = Number(row?.counted ?? 0);
  if (counted <= EXACT_COUNT_LIMIT) return counted;
  const condition = where ? sql`where ${where}` : sql``;
  const total = Number(row?.total ?? -1);
  // Never analysed (reltuples -1) or clearly stale: count exactly once rather than guess.
  if (total <= EXACT_COUNT_LIMIT) {
    const [exact] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${resource.table} ${condition}`));
    return Number(exact?.n ?? 0);
  }
  if (!where) return total;
  const key = estimateKey(resource, where);
  const known = estimates.get(key);
  if (known !== undefined) return Math.min(total, Math.max(EXACT_COUNT_LIMIT + 1, known));
  const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) select 1 from ${resource.table} ${condition}`));
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  estimates.set(key, estimate);
  return Math.min(total, Math.max(EXACT_COUNT_LIMIT + 1, estimate));
}

/** "Rows after the cursor" in the plan's order, placing NULLs where ORDER BY does (last ascending, first descending). */
export function keysetCondition(order: OrderTerm[], values: (string | null)[]): SQL {
  const allSame = order.every((t) => t.descending === order[0]!.descending);
  if (allSame && order.every((t, i) => !t.nullable && values[i] !== null)) {
    // A row comparison lets an index on the ordering columns start right at the cursor.
    const columns = sql.join(order.map((t) => sql`${t.column}`), sql`, `);
    const bound = sql.join(values.map((v) => sql`${v}`), sql`, `);
    return order[0]!.descending ? sql`(${columns}) < (${bound})` : sql`(${columns}) > (${bound})`;
  }
  const after = (t: OrderTerm, v: string | null): SQL => {
    if (t.descending) return v === null ? sql`${t.column} is not null` : sql`${t.column} < ${v}`;
    if (v === null) return sql`false`;
    return t.nullable ? sql`(${t.column} > ${v} or ${t.column} is null)` : sql`${t.column} > ${v}`;
  };
  const equal = (t: OrderTerm, v: string | null): SQL => (v === null ? sql`${t.column} is null` : sql`${t.column} = ${v}`);
  const branches = order.map((term, i) => sql.join([...order.slice(0, i).map((t, j) => equal(t, values[j]!)), after(term, values[i]!)], sql` and `));
  return sql`(${sql.join(branches, sql` or `)})`;
}

/**
 * Runs a compiled plan as a bounded number of statements: the count, then the
 * page of ids (filter, order, limit and offset or keyset on the main table
 * alone, one row more than the page to know whether another follows). The
 * caller then hydrates just those ids with its joins ("page first, then join").
 */
export async function fetchPageIds(db: DbOrTx, resource: ListResource, plan: ListPlan): Promise<PageIds> {
  const keyset = plan.cursor !== undefined;
  const backwards = plan.cursor?.direction === 'previous';
  // Paging backwards reads the reversed order and turns the rows round afterwards.
  const order = backwards ? plan.order.map((t) => ({ ...t, descending: !t.descending })) : plan.order;
  const conditions = [plan.where, plan.cursor ? keysetCondition(order, plan.cursor.values) : undefined].filter((c): c is SQL => !!c);
  const whereWith = (...extra: SQL[]) => {
    const all = [...conditions, ...extra];
    return all.length ? sql`where ${sql.join(all, sql` and `)}` : sql``;
  };
  const orderBy = sql.join(order.map((t) => (t.descending ? sql`${t.column} desc` : sql`${t.column} asc`)), sql`, `);
  const keys = keyset ? sql.join(order.map((t, i) => sql`, ${t.column}::text as ${sql.raw(`k${i}`)}`), sql``) : sql``;
  // The rows are numbered after LIMIT/OFFSET, in the order the limited scan returns them: a deep
  // offset walks the ordering index (index-only) without computing a window over every skipped row.
  const pageOf = (source: SQL, where: SQL) =>
    sql`select page.*, row_number() over () as n
          from (select ${resource.id} as id${keys}
                  from ${source} ${where} order by ${orderBy} limit ${plan.limit + 1} offset ${plan.offset}) page`;
  // A filtered list whose matches the probe counted exactly (at most EXACT_COUNT_LIMIT) sorts those
  // matches (the OFFSET 0 fence keeps the planner from walking an ordering index instead, which can
  // read far past the matches when they sit late in that order); a larger set takes the planner's
  // ordering-index walk. The gates on `c.counted` are one-time filters: only one branch runs.
  const pageStatement = plan.where
    ? sql`(${pageOf(sql`(select * from ${resource.table} ${whereWith(sql`c.counted <= ${EXACT_COUNT_LIMIT}`)} offset 0) ${resource.table}`, sql``)})
          union all
          (${pageOf(sql`${resource.table}`, whereWith(sql`c.counted > ${EXACT_COUNT_LIMIT}`))})`
    : pageOf(sql`${resource.table}`, whereWith());
  // One statement, one round trip: the count probe's row joined to the page's rows (none: one row
  // with a null id). `n` numbers the page rows in the page's order, so the order survives the join.
  const result = rowsOf<Record<string, unknown> & { counted: number | null; total: number | string | null; id: unknown; n: number | string | null }>(
    // The count is a MATERIALIZED CTE so it runs once: inlined, each reference to `c.counted` would
    // re-run the probe.
    await db.execute(sql`
      with c as materialized (${countColumns(resource, plan.where)})
      select c.counted, c.total, p.*
        from c
        left join lateral (${pageStatement}) p on true`),
  );
  const count = await resolveCount(db, resource, plan.where, result[0]);
  const rows = result.filter((row) => row.id !== null && row.id !== undefined).sort((a, b) => Number(a.n) - Number(b.n));
  const hasMore = rows.length > plan.limit;
  const page = rows.slice(0, plan.limit);
  if (backwards) page.reverse();
  const keysOf = (row: Record<string, unknown> | undefined) => (row ? plan.order.map((_, i) => (row[`k${i}`] === null ? null : String(row[`k${i}`]))) : undefined);
  return {
    count,
    ids: page.map((r) => String(r.id)),
    hasMore,
    first: keyset ? keysOf(page[0]) : undefined,
    last: keyset ? keysOf(page[page.length - 1]) : undefined,
  };
}

/**
 * `column = any(ids)` with the ids as one bound value: unlike `in ($1, ..., $n)`
 * the statement text is the same for a page of 1 and of 1,000 ids, so the
 * database parses one shape and a page's statements do not grow with its size.
 */
export function idIn(column: PgColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(string_to_array(${ids.join(',')}, ',')::uuid[])`;
}

export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

function absoluteUrl(base: string, overrides: Record<string, string | null>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

/** The page answer: count, links to the neighbouring pages (built on the request's URL) and the `select`ed items. */
export function buildPage<T>(url: string, plan: ListPlan, page: PageIds, results: T[]): Paginated<T> {
  const { limit, offset } = plan;
  let next: string | null = null;
  let previous: string | null = null;
  if (plan.cursor === undefined) {
    if (page.hasMore) next = absoluteUrl(url, { limit: String(limit), offset: String(offset + limit) });
    if (offset > 0) {
      const prevOffset = Math.max(0, offset - limit);
      previous = absoluteUrl(url, { limit: String(limit), offset: prevOffset === 0 ? null : String(prevOffset) });
    }
  } else {
    // Keyset links: a cursor at the page's last row (next) or first row (previous).
    const link = (values: (string | null)[] | undefined, direction: 'next' | 'previous') =>
      values ? absoluteUrl(url, { limit: String(limit), offset: null, cursor: encodeCursor(plan, values, direction) }) : null;
    const backwards = plan.cursor?.direction === 'previous';
    const here = plan.cursor?.values;
    if (backwards) {
      next = link(page.last ?? here, 'next');
      if (page.hasMore) previous = link(page.first, 'previous');
    } else {
      if (page.hasMore) next = link(page.last, 'next');
      if (plan.cursor || offset > 0) previous = link(page.first ?? here, 'previous');
    }
  }
  return {
    count: page.count,
    next,
    previous,
    // A `select`ed item is the projection of T the client asked for.
    results: plan.select ? results.map((item) => applySelect(item, plan.select!) as T) : results,
  };
}
