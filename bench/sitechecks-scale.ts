/**
 * Site checks at scale (issue 31) on PostgreSQL, two parts:
 *  - `ahead`: 100,000 cost centres with two schedules each (daily 07:00 and 15:00 in Europe/London);
 *    the background job's pass that makes the next 25 hours of runs exist, timed on the first day
 *    (nothing generated yet) and on the next day's batch, with the SQL statements per batch of
 *    schedules; then the same day's batch again by two job instances at once (SKIP LOCKED).
 *  - `today`: 1,000,000 runs (10,000 sites, 50 days of two runs a day, today's still open); the
 *    Today page's request (open runs due today at my sites, soonest first, the list endpoint the web
 *    app calls) over real HTTP (a socket, keep-alive) for a site user at 10 sites and for an admin.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sitechecks-scale.ts [--part ahead|today|both] [--sites 100000] [--requests 200]
 * BENCH_EXPLAIN=1 adds EXPLAIN (ANALYZE, BUFFERS) of Today's statements and of the job's claim of schedules;
 * BENCH_VERBOSE=1 the time of each kind of statement of a pass.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openBenchApp } from './lib/bench-app';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';
import { sqlCounter, type SqlScope } from '../packages/server/src/platform/db';
import { createSiteChecksRepository } from '../packages/server/src/modules/sitechecks/sitechecks.repository';
import { KEEP_AHEAD_MS } from '../packages/server/src/modules/sitechecks/sitechecks.service';

process.env.SITECHECKS_CRON = 'off';
const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'both' },
    sites: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
  },
});
const part = values.part;
const sites = Number(values.sites);
const requests = Number(values.requests);
const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');
console.log(`${new Date().toISOString()}, load average ${load()}, ${os.cpus().length} CPUs`);

const ENTITY = '0190d6a0-0000-7000-8000-000000000001';
const CLIENT = '0190d6a0-0000-7000-8000-000000000002';
const TEMPLATE = '0190d6a0-0000-7000-8010-000000000000';
const siteId = (n: string) => `('0190d6a0-0000-7000-8001-' || lpad((${n})::text, 12, '0'))::uuid`;
const STEPS = [
  { key: 'fridge', label: 'Fridge temperature', kind: 'NUMBER', required: true, help: '', unit: '°C', min: 0, max: 5, choices: [], fail_choices: [] },
  { key: 'clean', label: 'Bench clean', kind: 'CHECK', required: true, help: '', unit: null, min: null, max: null, choices: [], fail_choices: [] },
];

type Bench = Awaited<ReturnType<typeof openBenchApp>>;
type Seed = (text: string, params?: unknown[]) => Promise<unknown>;

/** Bulk SQL on a connection of its own without the app's statement timeout. */
async function seeder({ config }: Bench): Promise<{ seed: Seed; end: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query('set statement_timeout = 0');
  return { seed: (text, params = []) => client.query(text, params), end: () => client.end() };
}

/** A legal entity, a client, `count` cost centres and one template: bulk SQL. */
async function seedSites({ seed: q }: Bench & { seed: Seed }, count: number, ownerId: string) {
  await q(`insert into base_legal_entity (id, name, abbr) values ($1, 'Bench Entity', 'BEN')`, [ENTITY]);
  await q(`insert into accounts_client (id, owner_id, account_number, name, legal_entity_id) values ($1, $2, 'B-1', 'Bench Client', $3)`, [CLIENT, ownerId, ENTITY]);
  await q(`insert into operations_cost_centre (id, code, name, email, legal_entity_id, client_id)
    select ${siteId('n')}, 'BS' || lpad(n::text, 6, '0'), 'Bench site ' || n, 'site@example.com', $1, $2 from generate_series(0, ${count - 1}) n`, [ENTITY, CLIENT]);
  await q(`insert into sitechecks_template (id, name, version) values ($1, 'Fridge and bench', 1)`, [TEMPLATE]);
  await q(`insert into sitechecks_template_version (id, template_id, version, steps) values (gen_random_uuid(), $1, 1, $2::jsonb)`, [TEMPLATE, JSON.stringify(STEPS)]);
}

async function keepingRunsAhead() {
  const bench = await openBenchApp('bench_sitechecks_ahead');
  const { config, database, app, close } = bench;
  try {
    const identity = identityServiceFor({ config, database });
    const admin = await identity.createUser({ email: 'bench@example.com', password: 'Bench-password-1', firstName: 'Bench', lastName: 'Admin', userType: 1, superuser: true, skipPolicy: true });
    let t0 = Date.now();
    const { seed, end } = await seeder(bench);
    await seedSites({ ...bench, seed }, sites, admin.id);
    // Schedules begun over the past year (a site's checks start when it opens).
    await seed(
      `insert into sitechecks_schedule (id, template_id, cost_centre_id, rrule, timezone, window_minutes, assignees, active, created_at, updated_at)
       select gen_random_uuid(), $1, ${siteId('n')}, case k when 0 then 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0' else 'FREQ=DAILY;BYHOUR=15;BYMINUTE=0' end,
         'Europe/London', 120, '[]'::jsonb, true, now() - make_interval(days => 1 + n % 365), now() - make_interval(days => 1 + n % 365)
       from generate_series(0, ${sites - 1}) n, generate_series(0, 1) k`,
      [TEMPLATE],
    );
    await seed('analyze');
    await end();
    console.log(`seeded ${sites} cost centres and ${sites * 2} schedules in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const day0 = new Date();
    day0.setUTCHours(5, 0, 0, 0);
    const runCount = async () => (await database.query<{ n: number }>('select count(*)::int as n from sitechecks_run'))[0]!.n;
    // Updates of the schedules so far and how many were HOT (no new index entries): the statistics of
    // other backends reach pg_stat_user_tables within a second of their transaction's end.
    const updates = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [row] = await database.query<{ upd: number; hot: number }>(
        `select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'sitechecks_schedule'`,
      );
      return row!;
    };
    /** EXPLAIN (ANALYZE, BUFFERS) of the job's claim of schedules at `at` (BENCH_EXPLAIN=1); its row locks end with the statement. */
    const explainClaim = async (label: string, at: Date) => {
      if (!process.env.BENCH_EXPLAIN) return;
      const query = createSiteChecksRepository(database.db)
        .schedulesToExtend(new Date(at.getTime() + KEEP_AHEAD_MS), null, 500)
        .toSQL();
      const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
      console.log(`\n-- the claim, ${label} (load ${load()})\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    };
    console.log('| pass | schedules | runs made | s | batches | SQL statements per batch (max) | schedule updates (HOT) | load |\n|---|---:|---:|---:|---:|---:|---|---|');
    const pass = async (label: string, at: Date) => {
      // Each statement's time by its first words, to see where a batch's time goes.
      const spent = new Map<string, number>();
      const scope: SqlScope = {
        statements: 0,
        captured: [],
        trace: {
          statement(text, start, end) {
            const kind = text.replace(/\s+/g, ' ').slice(0, 40);
            spent.set(kind, (spent.get(kind) ?? 0) + Number(end - start) / 1e6);
          },
        },
      };
      const before = await runCount();
      const updatesBefore = await updates();
      t0 = Date.now();
      const result = await sqlCounter.run(scope, () => app.siteChecks.extendRuns(at));
      const seconds = (Date.now() - t0) / 1000;
      // A batch begins with the read of schedules to extend (FOR UPDATE SKIP LOCKED).
      const perBatch: number[] = [];
      for (const { sql } of scope.captured!) {
        if (/skip locked/i.test(sql)) perBatch.push(0);
        perBatch[perBatch.length - 1] = (perBatch.at(-1) ?? 0) + 1;
      }
      const made = (await runCount()) - before;
      if (process.env.BENCH_VERBOSE) console.log([...spent].map(([k, ms]) => `${k}: ${(ms / 1000).toFixed(2)} s`).join('\n'));
      const updatesAfter = await updates();
      const hot = `${updatesAfter.upd - updatesBefore.upd} (${updatesAfter.hot - updatesBefore.hot})`;
      console.log(`| ${label} | ${result.schedules} | ${made} | ${seconds.toFixed(1)} | ${perBatch.length} | ${Math.max(...perBatch)} | ${hot} | ${load()} |`);
    };
    await pass('first day (nothing generated yet)', day0);
    const day1 = new Date(day0.getTime() + 86_400_000);
    // The claim when every schedule is due (a day's batch) and when none is (the job's other minutes).
    await explainClaim('every schedule due', day1);
    await pass('next day', day1);
    await explainClaim('none due (a minute later)', new Date(day1.getTime() + 60_000));
    // Two instances at once on the day after: each takes batches the other has not locked.
    const at = new Date(day0.getTime() + 2 * 86_400_000);
    const before = await runCount();
    t0 = Date.now();
    const [a, b] = await Promise.all([app.siteChecks.extendRuns(at), app.siteChecks.extendRuns(at)]);
    const made = (await runCount()) - before;
    console.log(
      `| day after, two instances at once | ${a.schedules} + ${b.schedules} | ${made} (reported ${a.runs + b.runs}) | ${((Date.now() - t0) / 1000).toFixed(1)} | - | - | ${load()} |`,
    );
    const [dupes] = await database.query<{ n: number }>(
      'select count(*)::int as n from (select schedule_id, due_at from sitechecks_run group by 1, 2 having count(*) > 1) d',
    );
    console.log(`runs in the table: ${await runCount()}; (schedule, due_at) twice: ${dupes!.n}`);
  } finally {
    await close();
  }
}

async function todayOverHttp() {
  const bench = await openBenchApp('bench_sitechecks_today');
  const { config, database, app, close } = bench;
  const todaySites = 10_000;
  const days = 50;
  try {
    const identity = identityServiceFor({ config, database });
    const admin = await identity.createUser({ email: 'bench@example.com', password: 'Bench-password-1', firstName: 'Bench', lastName: 'Admin', userType: 1, superuser: true, skipPolicy: true });
    const siteUser = await identity.createUser({ email: 'site@example.com', password: 'Bench-password-1', firstName: 'Site', lastName: 'Cook', userType: 5, skipPolicy: true });
    const t0 = Date.now();
    const { seed, end } = await seeder(bench);
    await seedSites({ ...bench, seed }, todaySites, admin.id);
    await seed(`insert into records_allocation (id, user_id, cost_centre_id) select gen_random_uuid(), $1, ${siteId('n * 97')} from generate_series(0, 9) n`, [siteUser.id]);
    const day0 = new Date();
    day0.setUTCHours(0, 0, 0, 0);
    // Two runs a day per site for `days` days up to today; earlier days closed (DONE mostly), today's open.
    await seed(
      `insert into sitechecks_run (id, template_id, template_version, cost_centre_id, due_at, closes_at, status, failed_steps, completed_at)
       select gen_random_uuid(), $1, 1, ${siteId('s')}, $2::timestamptz - make_interval(days => d) + make_interval(hours => 7 + 8 * k),
         $2::timestamptz - make_interval(days => d) + make_interval(hours => 9 + 8 * k),
         case when d = 0 then 'DUE' when (s + d + k) % 10 < 8 then 'DONE' when (s + d + k) % 10 < 9 then 'FAILED' else 'MISSED' end,
         '[]'::jsonb, case when d > 0 and (s + d + k) % 10 < 9 then $2::timestamptz - make_interval(days => d) + make_interval(hours => 8 + 8 * k) end
       from generate_series(0, ${todaySites - 1}) s, generate_series(0, ${days - 1}) d, generate_series(0, 1) k`,
      [TEMPLATE, day0.toISOString()],
    );
    await seed('analyze');
    await end();
    const [count] = await database.query<{ n: number }>('select count(*)::int as n from sitechecks_run');
    console.log(`seeded ${todaySites} sites, ${count!.n} runs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = async (email: string) =>
      ((await (await fetch(`${address}/api/identity/auth/knox/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Bench-password-1' }) })).json()) as { token: string }).token;
    // What the web app's Today page asks (features/sitechecks/sitechecks.queries.ts, todayRunsQuery).
    const filters = JSON.stringify({ status__in: ['DUE', 'IN_PROGRESS'], due_at__gte: day0.toISOString(), due_at__lt: new Date(day0.getTime() + 86_400_000).toISOString() });
    const url = `${address}/api/sitechecks/runs/?${new URLSearchParams({ filters, ordering: 'due_at', limit: '500' })}`;
    console.log('| Today over HTTP | n | p50 ms | p95 ms | SQL/req | runs | KiB | load |\n|---|---:|---:|---:|---:|---:|---:|---|');
    for (const [label, email] of [
      ['site user (10 sites)', 'site@example.com'],
      [`admin (every site, ${todaySites * 2} open today, first 500)`, 'bench@example.com'],
    ] as const) {
      const token = await login(email);
      const get = async () => {
        const t = process.hrtime.bigint();
        const response = await fetch(url, { headers: { authorization: `Token ${token}` } });
        const body = await response.text();
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        if (response.status !== 200) throw new Error(`${response.status} ${body.slice(0, 300)}`);
        return { ms, body, statements: response.headers.get('x-sql-statements') };
      };
      for (let i = 0; i < 10; i++) await get();
      const times: number[] = [];
      let last = { ms: 0, body: '', statements: null as string | null };
      for (let i = 0; i < requests; i++) {
        last = await get();
        times.push(last.ms);
      }
      times.sort((x, y) => x - y);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
      const parsed = JSON.parse(last.body) as { results: unknown[] };
      console.log(`| ${label} | ${requests} | ${at(0.5)} | ${at(0.95)} | ${last.statements} | ${parsed.results.length} | ${(last.body.length / 1024).toFixed(0)} | ${load()} |`);
    }
    if (process.env.BENCH_EXPLAIN) {
      const token = await login('site@example.com');
      const response = await fetch(url, { headers: { authorization: `Token ${token}`, 'x-debug-sql': '1' } });
      const captured = JSON.parse(Buffer.from(response.headers.get('x-debug-sql') ?? '', 'base64').toString()) as { sql: string; params: unknown[] }[];
      for (const { sql, params } of captured) {
        console.log(`\n-- ${sql}`);
        const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
        console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await close();
  }
}

if (part === 'ahead' || part === 'both') await keepingRunsAhead();
if (part === 'today' || part === 'both') await todayOverHttp();
