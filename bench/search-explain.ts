/**
 * EXPLAIN (ANALYZE, BUFFERS) of the search-everything statement (modules/search) for some queries,
 * built by the real service for a corporate viewer (every kind, no row scope), against an existing
 * seeded PostgreSQL database. Prints each query's execution times (after one warm-up run) and,
 * with --plan, the last plan.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ops_bench_scale_10 \
 *     npx tsx bench/search-explain.ts [--runs 3] [--plan] 'privat hospitl' 'banksia vill' '#1042'
 *
 * The connection opens with the server's settings (SERVER_CONNECTION_OPTIONS); SEARCH_EXPLAIN_OPTIONS
 * adds or overrides some (`-c jit=on`).
 * SEARCH_EXPLAIN_THRESHOLD overrides the connection's pg_trgm.word_similarity_threshold (to try another).
 * `--service FILE` takes `createSearchService` from another copy of search.service.ts (an older
 * version saved beside it, to compare plans on the same data).
 * `--kinds` prints, for the last run, each kind's share of the time (the UNION ALL's members in
 * order) and every sequential scan with the rows it read.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { createSearchService as currentService } from '../packages/server/src/modules/search/search.service';
import { SERVER_CONNECTION_OPTIONS, WORD_SIMILARITY_THRESHOLD, type Db } from '../packages/server/src/platform/db';
import type { ListViewer } from '../packages/server/src/list-query/list-resource';

const { values: args, positionals: queries } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    plan: { type: 'boolean', default: false },
    kinds: { type: 'boolean', default: false },
    service: { type: 'string' },
  },
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

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Total Time': number;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Each UNION ALL member's total time (ms) and the sequential scans anywhere in the plan. */
async function kindTimes(sql: string, params: unknown[]): Promise<string> {
  const rows = (await client.query(`explain (analyze, format json) ${sql}`, params)).rows as { 'QUERY PLAN': { Plan: PlanNode }[] }[];
  const root = rows[0]!['QUERY PLAN'][0]!.Plan;
  const members = root['Node Type'] === 'Append' ? (root.Plans ?? []) : [root];
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan')
      scans.push(`${node['Relation Name']} ${node['Actual Total Time'].toFixed(1)} ms (${node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)} rows read)`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  const kinds = members.map((m, i) => `#${i + 1} ${m['Actual Total Time'].toFixed(1)}`).join(', ');
  return `  kinds (ms): ${kinds}${scans.length ? `; seq scans: ${scans.join(', ')}` : ''}`;
}

const client = new pg.Client({ connectionString: url, options: `${SERVER_CONNECTION_OPTIONS} -c pg_trgm.word_similarity_threshold=${process.env.SEARCH_EXPLAIN_THRESHOLD ?? WORD_SIMILARITY_THRESHOLD} ${process.env.SEARCH_EXPLAIN_OPTIONS ?? ''}` });
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
    if (args.kinds) console.log(await kindTimes(sql, params));
  }
} finally {
  await client.end();
}
