/**
 * `npm run bench -- [--scale 1] [--tickets-per-client 2] [--engines postgres,pglite] [--duration 8] [--runs 3]
 *                   [--concurrency 10] [--only REGEX] [--keep] [--reuse] [--database NAME]`
 *
 * For each scale and engine: a fresh database, the synthetic data set loaded
 * with `npm run seed -- --scale N`, the real server as a child process, then
 * every scenario of bench/scenarios.ts at a fixed concurrency, interleaved with
 * the same SQL replayed straight through a `pg` pool (the database limit).
 * Medians of the runs are printed and written to bench/results/latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { httpClient, runLoad, type HttpRequestSpec, type LoadResult } from './lib/load';
import { BENCH_STAFF, createTarget, ROOT, runScript, SERVER_MODE, startServer, withRssPeak, type Engine, type MemorySample, type Target } from './lib/target';
import { SCENARIOS, type Scenario } from './scenarios';
import { SERVER_CONNECTION_OPTIONS } from '../packages/server/src/platform/db';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    /** Help desk tickets per client in the seed (the peer bench's data set has 5: 500k tickets at scale 1). */
    'tickets-per-client': { type: 'string', default: '2' },
    engines: { type: 'string', default: 'postgres,pglite' },
    duration: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '10' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    /** PostgreSQL: run against this existing, already seeded database (never seeded nor dropped here). */
    database: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/latest.json') },
  },
});

const scales = args.scale.split(',').map(Number);
const engines = args.engines.split(',') as Engine[];
const durationMs = Number(args.duration) * 1000;
const runs = Math.max(1, Number(args.runs));
const concurrency = Number(args.concurrency);
const only = args.only ? new RegExp(args.only, 'i') : null;
for (const scale of scales) if (!(scale > 0)) throw new Error(`bad --scale ${args.scale}`);
for (const engine of engines) if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`bad engine ${engine}`);

export interface ScenarioResult {
  scenario: string;
  kind: Scenario['kind'];
  pageOne: boolean;
  engine: Engine;
  scale: number;
  skipped?: string;
  rps?: number;
  p50?: number;
  p99?: number;
  rssMb?: number;
  statements?: number;
  dbRps?: number;
  dbP50?: number;
  errors?: number;
  runs?: { rps: number; p50: number; dbRps?: number }[];
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Captured {
  sql: string;
  params: unknown[];
}

async function prepareTarget(engine: Engine, scale: number) {
  const target = await createTarget(engine, scale, { keep: args.keep, reuse: args.reuse, database: args.database });
  let seedSeconds: number | undefined;
  if (!target.reused) {
    const ticketsPerClient = args['tickets-per-client'];
    log(`[${engine} x${scale}] seeding (npm run seed -- --scale ${scale} --tickets-per-client ${ticketsPerClient})`);
    let last = 0;
    const seed = await runScript(target, ['seed', '--', '--scale', String(scale), '--tickets-per-client', ticketsPerClient], (line) => {
      if (Date.now() - last > 10_000 || line.includes('done')) {
        last = Date.now();
        log(`  ${line}`);
      }
    });
    seedSeconds = Number(/done, [\d,]+ rows in ([\d.]+) s/.exec(seed.output)?.[1] ?? seed.seconds);
    await runScript(target, ['cli', '--', 'create-user', '--email', BENCH_STAFF.email, '--password', BENCH_STAFF.password, '--user-type', '2', '--first-name', 'Bench', '--last-name', 'Staff']);
  } else {
    log(`[${engine} x${scale}] reusing the kept database`);
  }
  return { target, seedSeconds };
}

async function replayOnce(pool: pg.Pool, statements: Captured[]) {
  for (const statement of statements) await pool.query(statement.sql, statement.params as unknown[]);
}

async function runScenario(scenario: Scenario, target: Target, server: Awaited<ReturnType<typeof startServer>>, staffAuth: Record<string, string>): Promise<ScenarioResult> {
  const base: ScenarioResult = { scenario: scenario.name, kind: scenario.kind, pageOne: !!scenario.pageOne, engine: target.engine, scale: target.scale };
  const http = httpClient(server.baseUrl, concurrency);
  try {
    if (scenario.probe) {
      const probe = await http.send({ method: 'GET', path: scenario.probe, headers: staffAuth });
      if (probe.status === 404) return { ...base, skipped: `${scenario.probe} answers 404 (module not in this build)` };
    }
    const prepared = await scenario.prepare({ http, staffAuth, scale: target.scale });
    if (typeof prepared === 'string') return { ...base, skipped: prepared };
    const spec: HttpRequestSpec = prepared;
    // Once to warm caches (permission keys), then the capture: the statements a request in the load runs.
    const warm = spec.method === 'GET' ? await http.send(spec) : undefined;
    const check = warm?.status === 404 ? warm : await http.send(spec, { keepBody: true, extraHeaders: { 'x-debug-sql': '1' } });
    if (check.status === 404) return { ...base, skipped: `${spec.method} ${spec.path.split('?')[0]} answers 404 (module not in this build)` };
    if (check.status !== (spec.expect ?? 200)) throw new Error(`${spec.method} ${spec.path} answered ${check.status}: ${check.body.toString().slice(0, 300)}`);
    const statements = Number(check.headers['x-sql-statements'] ?? NaN);
    const captured = JSON.parse(Buffer.from(String(check.headers['x-debug-sql'] ?? ''), 'base64').toString() || '[]') as Captured[];

    // The server's connections open with the pg_trgm threshold (platform/db.ts); the search's `<%` depends on it.
    const options = SERVER_CONNECTION_OPTIONS;
    const pool = scenario.replay && target.databaseUrl ? new pg.Pool({ connectionString: target.databaseUrl, max: concurrency, options }) : undefined;
    try {
      if (pool) await replayOnce(pool, captured);
      const samples: { http: LoadResult; rss: number; db?: LoadResult }[] = [];
      for (let run = 0; run < runs; run++) {
        // HTTP and direct SQL alternate, so both see the same noise from other work on the machine.
        const paths = spec.paths;
        const one = paths?.length ? (i: number) => http.expectOk({ ...spec, path: paths[i % paths.length]! }) : () => http.expectOk(spec);
        const { result, peakMb } = await withRssPeak(server, () => runLoad((i) => one(i).then(() => undefined), { concurrency, durationMs }));
        const db = pool ? await runLoad(() => replayOnce(pool, captured), { concurrency, durationMs }) : undefined;
        samples.push({ http: result, rss: peakMb, db });
        if (result.errors) log(`    ${result.errors} errors, first: ${result.firstError}`);
      }
      return {
        ...base,
        rps: median(samples.map((s) => s.http.rps)),
        p50: median(samples.map((s) => s.http.p50)),
        p99: median(samples.map((s) => s.http.p99)),
        rssMb: Math.max(...samples.map((s) => s.rss)),
        statements,
        dbRps: pool ? median(samples.map((s) => s.db!.rps)) : undefined,
        dbP50: pool ? median(samples.map((s) => s.db!.p50)) : undefined,
        errors: samples.reduce((n, s) => n + s.http.errors, 0),
        runs: samples.map((s) => ({ rps: s.http.rps, p50: s.http.p50, dbRps: s.db?.rps })),
      };
    } finally {
      await pool?.end();
    }
  } finally {
    http.close();
  }
}

/** RSS (anonymous + file-backed), V8 heap used/total and external memory, threads, load average. */
function formatMemory(m: MemorySample): string {
  const heap = m.heapUsed === undefined ? '' : `, heap used ${fmt(m.heapUsed)} of ${fmt(m.heapTotal)} MB, external ${fmt(m.external)} MB`;
  return `RSS ${fmt(m.rss)} MB (anon ${fmt(m.anon)}, file ${fmt(m.file)})${heap}, ${m.threads} threads, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`;
}

const fmt = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function formatResults(results: ScenarioResult[]): string {
  const out: string[] = [];
  for (const scale of [...new Set(results.map((r) => r.scale))]) {
    const header = ['scenario', 'engine', 'req/s', 'p50 ms', 'p99 ms', 'RSS MB', 'SQL/req', 'DB req/s', 'API/DB', 'PGlite/PG'];
    const rows = [header];
    const atScale = results.filter((r) => r.scale === scale);
    for (const r of atScale) {
      if (r.skipped) {
        rows.push([r.scenario, r.engine, 'skipped', '', '', '', '', '', '', '']);
        continue;
      }
      const pgRow = atScale.find((o) => o.scenario === r.scenario && o.engine === 'postgres' && !o.skipped);
      rows.push([
        r.scenario,
        r.engine,
        fmt(r.rps),
        fmt(r.p50, 1),
        fmt(r.p99, 1),
        fmt(r.rssMb),
        fmt(r.statements),
        fmt(r.dbRps),
        r.dbRps ? `${fmt((100 * r.rps!) / r.dbRps)}%` : '-',
        r.engine === 'pglite' && pgRow ? `${fmt(pgRow.rps! / r.rps!, 2)}x slower` : '-',
      ]);
    }
    out.push(`\nScale ${scale} (${(scale * 100_000).toLocaleString('en-AU')} clients)\n${table(rows)}`);
    for (const r of atScale.filter((x) => x.skipped)) out.push(`  skipped: ${r.scenario} (${r.engine}): ${r.skipped}`);
  }
  if (scales.length > 1) {
    const [small, large] = [Math.min(...scales), Math.max(...scales)];
    const rows = [['page-1 scenario', 'engine', `p50 x${small}`, `p50 x${large}`, 'ratio']];
    for (const r of results.filter((x) => x.scale === large && x.pageOne && !x.skipped)) {
      const s = results.find((x) => x.scale === small && x.scenario === r.scenario && x.engine === r.engine && !x.skipped);
      if (s) rows.push([r.scenario, r.engine, fmt(s.p50, 1), fmt(r.p50, 1), `${fmt(r.p50! / s.p50!, 2)}x`]);
    }
    out.push(`\nPage-1 latency, scale ${large} against scale ${small}\n${table(rows)}`);
  }
  return out.join('\n');
}

async function main() {
  log(`bench: scales ${scales.join(', ')}, engines ${engines.join(', ')}, ${runs} runs of ${durationMs / 1000} s at concurrency ${concurrency}`);
  const results: ScenarioResult[] = [];
  const seeds: { engine: Engine; scale: number; seconds?: number }[] = [];
  const memory: { engine: Engine; scale: number; idle: MemorySample; end: MemorySample; peakMb: number; runPeakMb: number }[] = [];
  for (const scale of scales) {
    for (const engine of engines) {
      const { target, seedSeconds } = await prepareTarget(engine, scale);
      seeds.push({ engine, scale, seconds: seedSeconds });
      const server = await startServer(target);
      // The whole run, not only the scenarios' load: the first sign-in, each scenario's preparation, the replays.
      let runPeakMb = server.rssMb();
      const sampler = setInterval(() => {
        try {
          runPeakMb = Math.max(runPeakMb, server.rssMb());
        } catch {
          // the process is gone; the run fails on its own
        }
      }, 200);
      try {
        // Idle after start-up (settled for a few seconds), then again after every scenario ran.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const idle = await server.memory();
        log(`[${engine} x${scale}] server (${SERVER_MODE}) idle: ${formatMemory(idle)}`);
        const http = httpClient(server.baseUrl, 1);
        const login = await http.json<{ token: string }>({ method: 'POST', path: '/api/identity/auth/knox/login/', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_STAFF) });
        http.close();
        const staffAuth = { authorization: `Token ${login.token}` };
        for (const scenario of SCENARIOS) {
          if (only && !only.test(scenario.name)) continue;
          log(`[${engine} x${scale}] ${scenario.name}`);
          const result = await runScenario(scenario, target, server, staffAuth);
          if (result.skipped) log(`  skipped: ${result.skipped}`);
          else log(`  ${fmt(result.rps)} req/s, p50 ${fmt(result.p50, 1)} ms, p99 ${fmt(result.p99, 1)} ms, ${result.statements} SQL, RSS ${fmt(result.rssMb)} MB${result.dbRps ? `, DB ${fmt(result.dbRps)} req/s` : ''}`);
          results.push(result);
        }
        const end = await server.memory();
        const ran = results.filter((r) => r.engine === engine && r.scale === scale && r.rssMb !== undefined);
        const peak = Math.max(...ran.map((r) => r.rssMb!));
        log(`[${engine} x${scale}] server after the scenarios: ${formatMemory(end)}; peak RSS during them ${fmt(peak)} MB, through the whole run ${fmt(runPeakMb)} MB`);
        memory.push({ engine, scale, idle, end, peakMb: peak, runPeakMb });
      } finally {
        clearInterval(sampler);
        await server.stop();
        await target.drop();
      }
    }
  }
  log(formatResults(results));
  for (const seed of seeds) if (seed.seconds !== undefined) log(`seed --scale ${seed.scale} on ${seed.engine}: ${seed.seconds.toFixed(1)} s`);
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  fs.writeFileSync(args.out, JSON.stringify({ at: new Date().toISOString(), args, server: SERVER_MODE, seeds, memory, results }, null, 2));
  log(`results written to ${path.relative(process.cwd(), args.out)}`);
}

await main();
