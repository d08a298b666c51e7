/**
 * CPU per request of the hot list pages (issue 37 item 1): a running server (BASE), a token, and the
 * server's pid; for each scenario a keep-alive load loop (CONCURRENCY, SECONDS after a 2 s warm-up)
 * while /proc's utime+stime of the server process and of the database's PostgreSQL backends
 * (DATABASE_URL's database, found in pg_stat_activity) are read before and after.
 *
 *   BASE=http://127.0.0.1:8080 TOKEN=... SERVER_PID=1234 DATABASE_URL=postgres://.../db \
 *     npx tsx bench/list-cpu.ts [S1,S2,S3,S5] > out.json
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { httpClient, runLoad } from './lib/load';

const FILTER_OPEN_HIGH = encodeURIComponent(JSON.stringify({ ticket_status: 'OPEN', priority: 'HIGH' }));
export const LIST_SCENARIOS: Record<string, string> = {
  S1: '/api/accounts/clients/?limit=100&offset=0&ordering=name',
  S2: '/api/accounts/clients/?limit=100&offset=0&search=care&ordering=-created_at', // the peer bar's `tech` matches nothing in this seed; `care` matches 12,500 clients
  S3: '/api/accounts/clients/?limit=100&offset=50000&ordering=name',
  S5: `/api/helpdesk/tickets/?limit=100&offset=0&ordering=-created_at&filters=${FILTER_OPEN_HIGH}`,
};

const TICKS = 100; // USER_HZ on Linux
const cpuMs = (pid: number): number => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return 0;
  }
};

async function main() {
  const base = process.env.BASE!;
  const token = process.env.TOKEN!;
  const serverPid = Number(process.env.SERVER_PID);
  const seconds = Number(process.env.SECONDS_PER ?? 15);
  const concurrency = Number(process.env.CONCURRENCY ?? 8);
  const wanted = (process.argv[2] ?? 'S1,S2,S3,S5').split(',');
  const http = httpClient(base, concurrency);
  const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : undefined;
  const admin = process.env.DATABASE_URL ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : undefined;
  await admin?.connect();
  const backends = async (): Promise<number[]> =>
    admin ? (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])).rows.map((r) => r.pid) : [];
  const results = [];
  for (const name of wanted) {
    const path = LIST_SCENARIOS[name]!;
    const spec = { method: 'GET', path, headers: { authorization: `Token ${token}` } };
    const sample = await http.send(spec, { keepBody: true });
    if (sample.status !== 200) throw new Error(`${name}: ${sample.status} ${sample.body.toString().slice(0, 200)}`);
    await runLoad(async () => void (await http.expectOk(spec)), { concurrency, durationMs: 2000, warmupMs: 0 });
    const pids = await backends();
    const appBefore = cpuMs(serverPid);
    const pgBefore = pids.map(cpuMs);
    const load = await runLoad(async () => void (await http.expectOk(spec)), { concurrency, durationMs: seconds * 1000, warmupMs: 0 });
    const app = cpuMs(serverPid) - appBefore;
    const pgMs = pids.map(cpuMs).reduce((sum, after, i) => sum + after - pgBefore[i]!, 0);
    results.push({
      scenario: name,
      rps: Math.round(load.rps * 10) / 10,
      p50: Math.round(load.p50 * 10) / 10,
      appMsPerRequest: Math.round((app / load.requests) * 100) / 100,
      pgMsPerRequest: Math.round((pgMs / load.requests) * 100) / 100,
      bytes: sample.body.length,
      errors: load.errors,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    });
    console.error(JSON.stringify(results.at(-1)));
  }
  http.close();
  await admin?.end();
  console.log(JSON.stringify(results, null, 2));
}

await main();
