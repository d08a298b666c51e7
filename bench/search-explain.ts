/**
 * EXPLAIN (ANALYZE, BUFFERS) of the search-everything statement (modules/search) for some queries,
 * built by the real service for a corporate viewer (every kind, no row scope), against an existing
 * seeded PostgreSQL database. Prints each query's execution times (after one warm-up run) and,
 * with --plan, the last plan.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ops_bench_scale_10 \
 *     npx tsx bench/search-explain.ts [--runs 3] [--plan] 'privat hospitl' 'banksia vill' '#1042'
 *
 * SEARCH_EXPLAIN_THRESHOLD overrides the connection's pg_trgm.word_similarity_threshold (to try another).
 * `--service FILE` takes `createSearchService` from another copy of search.service.ts (an older
 * version saved beside it, to compare plans on the same data).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { createSearchService as currentService } from '../packages/server/src/modules/search/search.service';
import { WORD_SIMILARITY_THRESHOLD, type Db } from '../packages/server/src/platform/db';
import type { ListViewer } from '../packages/server/src/list-query/list-resource';

const { values: args, positionals: queries } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, plan: { type: 'boolean', default: false }, service: { type: 'string' } },
});
const createSearchService = (
  args.service ? ((await import(path.resolve(args.service))) as { createSearchService: typeof currentService }).createSearchService : currentService
) as typeof currentService;
const url = process.env.BENCH_DATABASE_URL;
if (!url || !queries.length) throw new Error('usage: BENCH_DATABASE_URL=... npx tsx bench/search-explain.ts [--runs N] [--plan] QUERY...');

/** The statement the service would send for `q` (the fake database answers no rows). */
async function statementOf(q: string): Promise<{ sql: string; params: unknown[] }> {
  let captured: SQL | undefined;
  const db = { execute: async (statement: SQL) => ((captured = statement), { rows: [] }) } as unknown as Db;
  const viewer: ListViewer = { user: { id: '00000000-0000-7000-8000-000000000000', userType: 2, isSuperuser: false }, canRead: () => true };
  await createSearchService(db).search(viewer, q);
  if (!captured) throw new Error(`no statement for ${q}`);
  const { sql, params } = new PgDialect().sqlToQuery(captured);
  return { sql, params };
}

const client = new pg.Client({ connectionString: url, options: `-c pg_trgm.word_similarity_threshold=${process.env.SEARCH_EXPLAIN_THRESHOLD ?? WORD_SIMILARITY_THRESHOLD}` });
await client.connect();
try {
  for (const q of queries) {
    const { sql, params } = await statementOf(q);
    const times: number[] = [];
    let plan = '';
    for (let run = 0; run <= Number(args.runs); run++) {
      const rows = (await client.query(`explain (analyze, buffers) ${sql}`, params)).rows as { 'QUERY PLAN': string }[];
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      if (run > 0) times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]));
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${JSON.stringify(q)}: execution ${times.map((t) => t.toFixed(1)).join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)})`);
    if (args.plan) console.log(plan);
  }
} finally {
  await client.end();
}
