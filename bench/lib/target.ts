import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export type Engine = 'postgres' | 'pglite';

export const BENCH_ADMIN = { email: 'bench.admin@bench.example', password: 'Bench-admin-2026!' };
/** A corporate user (type 2, default group, not a superuser): permission checks run as for real staff. */
export const BENCH_STAFF = { email: 'bench.staff@bench.example', password: 'Bench-staff-2026!' };

/** One engine's database for one scale: where it lives and how the server reaches it. */
export interface Target {
  engine: Engine;
  scale: number;
  env: Record<string, string>;
  /** PostgreSQL only: the database's URL, for the direct-SQL reference. */
  databaseUrl?: string;
  reused: boolean;
  drop(): Promise<void>;
}

const scaleTag = (scale: number) => String(scale).replace('.', '_');

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * A fresh database per run (dropped at the end), or with `keep` a named one
 * that later runs with `reuse` pick up without seeding again.
 */
export async function createTarget(
  engine: Engine,
  scale: number,
  options: { keep: boolean; reuse: boolean; /** An existing seeded PostgreSQL database, reused and kept. */ database?: string },
): Promise<Target> {
  if (engine === 'postgres') {
    const named = options.database;
    const name = named ?? (options.keep || options.reuse ? `ops_bench_scale_${scaleTag(scale)}` : `ops_bench_${process.pid}_${scaleTag(scale)}`);
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
    if (named && !exists) {
      await admin.end();
      throw new Error(`--database ${named}: no such database`);
    }
    const reused = exists && (options.reuse || !!named);
    if (exists && !reused) await admin.query(`drop database ${name} with (force)`);
    if (!reused) await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      engine,
      scale,
      env: { DATABASE_URL: databaseUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-pgdata-')) },
      databaseUrl,
      reused,
      async drop() {
        if (options.keep || named) return;
        const client = new pg.Client({ connectionString: adminUrl() });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dir = options.keep || options.reuse ? path.join(os.tmpdir(), 'ops-bench', `pglite-scale-${scaleTag(scale)}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-pglite-'));
  const reused = options.reuse && fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'));
  if (!reused) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return {
    engine,
    scale,
    env: { DATA_DIR: dir },
    reused,
    async drop() {
      if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs an npm script (seed, cli) against the target; resolves with its output and wall time. */
export function runScript(target: Target, args: string[], onLine?: (line: string) => void): Promise<{ output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: ROOT, env: { ...process.env, ...target.env, SEED_DEMO: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split(/\r?\n|\r/)) if (line.trim()) onLine?.(line.trim());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve({ output, seconds: (Date.now() - started) / 1000 });
      else reject(new Error(`npm run ${args.join(' ')} failed (${code}):\n${output.slice(-2000)}`));
    });
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Where the server's memory is at one moment, in MB: resident (anonymous and file-backed), V8's heap, and threads. */
export interface MemorySample {
  rss: number;
  anon: number;
  file: number;
  threads: number;
  heapTotal?: number;
  heapUsed?: number;
  external?: number;
}

export interface RunningServer {
  pid: number;
  baseUrl: string;
  rssMb(): number;
  memory(): Promise<MemorySample>;
  stop(): Promise<void>;
}

/** How the bench runs the server: `compiled` (default) as `npm start` and the Dockerfile do, `source` (BENCH_SERVER=source) through tsx. */
export const SERVER_MODE = process.env.BENCH_SERVER === 'source' ? 'source' : 'compiled';

async function serverCommand(): Promise<string[]> {
  if (SERVER_MODE === 'source') return ['--import', 'tsx', path.join(ROOT, 'packages/server/src/main.ts')];
  const builder = (await import(path.join(ROOT, 'scripts/build-server.mjs'))) as { serverBuildIsStale(): boolean; buildServer(): Promise<void> };
  if (builder.serverBuildIsStale()) await builder.buildServer();
  return [path.join(ROOT, 'packages/server/dist/main.js')];
}

/** Opens the server's /metrics on the public port to the bench (heap figures for memory()). */
const METRICS_TOKEN = `bench-${process.pid}-${Date.now()}`;

function procStatus(pid: number): MemorySample {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS') / 1024, anon: field('RssAnon') / 1024, file: field('RssFile') / 1024, threads: field('Threads') };
}

/**
 * Starts the real server (compiled, or node + tsx with BENCH_SERVER=source; one process, so /proc/<pid> is the
 * server itself, its worker threads included) and waits for /readyz.
 * `env` overrides the defaults (the web bench seeds the demo data and serves a chosen web build).
 */
export async function startServer(target: Target, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, await serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_TOKEN,
      EXPOSE_SQL_COUNT: 'true',
      // The runner replays every captured statement and reads headers up to 16 MiB (lib/load.ts): no cap.
      DEBUG_SQL_HEADER_BYTES: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOGIN_FAILURE_LIMIT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  child.stderr!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    pid: child.pid!,
    baseUrl,
    rssMb() {
      return procStatus(child.pid!).rss;
    },
    async memory() {
      const sample = procStatus(child.pid!);
      try {
        const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        const mb = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? NaN) / 1048576;
        return { ...sample, heapTotal: mb('nodejs_heap_size_total_bytes'), heapUsed: mb('nodejs_heap_size_used_bytes'), external: mb('nodejs_external_memory_bytes') };
      } catch {
        return sample; // a build without /metrics on the public port
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Samples the server's resident memory while `work` runs; resolves with the work's result and the peak. */
export async function withRssPeak<T>(server: RunningServer, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = server.rssMb();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, server.rssMb());
    } catch {
      // the process is gone; the work will fail on its own
    }
  }, 200);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, server.rssMb()) };
  } finally {
    clearInterval(timer);
  }
}
