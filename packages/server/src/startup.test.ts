import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killServerProcesses, startServerProcess } from './test/server-process';

// The start-up contract of spec platform §3, proved on a real process.
const serverDir = path.resolve(import.meta.dirname, '..');
const tsxImport = ['--import', 'tsx'];
const dirs: string[] = [];

afterAll(() => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The server as a real process; a first start migrates a fresh database, so it may take a while. */
const startServer = (env: Record<string, string>) => startServerProcess(env, 180_000);

function cli(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [...tsxImport, 'src/cli.ts', ...args], { cwd: serverDir, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function login(port: number, email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/identity/auth/knox/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-start-'));
  dirs.push(dir);
  return dir;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('start-up on the embedded database', () => {
  it('bootstraps a printed admin, serves health, hands CLI commands to the running server, and shuts down gracefully', async () => {
    const dataDir = tempDataDir();
    const env = { DATA_DIR: dataDir };
    const server = await startServer(env);
    const password = /password: (\S+)/.exec(server.output())?.[1];
    expect(password).toBeTruthy();
    expect(server.output()).toContain('admin@example.com');

    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
    expect(await login(server.port, 'admin@example.com', password!)).toBe(200);

    // The CLI reaches the running server over its socket (PGlite allows one process per directory).
    const created = cli(env, 'create-user', '--email', 'cook@example.com', '--password', 'Kitchen-2026', '--first-name', 'Cook', '--user-type', '5');
    expect(created.out).toContain('created user cook@example.com');
    expect(created.code).toBe(0);
    expect(await login(server.port, 'cook@example.com', 'Kitchen-2026')).toBe(200);
    expect(cli(env, 'set-password', '--email', 'cook@example.com', '--password', 'Kitchen-2027').code).toBe(0);
    expect(await login(server.port, 'cook@example.com', 'Kitchen-2027')).toBe(200);
    expect(cli(env, 'grant', '--email', 'cook@example.com', '--permission', 'brand.add').code).toBe(0);
    const refused = cli(env, 'grant', '--email', 'cook@example.com', '--permission', 'nothing.add');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Unknown permission');
    expect(cli(env, 'create-user', '--email', 'weak@example.com', '--password', '123').code).toBe(1);

    // SIGTERM while a request is in flight: the request completes, the process exits 0.
    const inFlight = login(server.port, 'cook@example.com', 'Kitchen-2027');
    await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    expect(await inFlight).toBe(200);
    expect(await server.exited, server.output()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'cli.sock'))).toBe(false);

    // With the server stopped the CLI opens the database itself.
    const offline = cli(env, 'create-user', '--email', 'offline@example.com', '--password', 'Offline-2026', '--no-group');
    expect(offline.code, offline.out).toBe(0);

    // ADMIN_EMAIL/ADMIN_PASSWORD ensure that superuser exists; no password is printed when users exist.
    const again = await startServer({ ...env, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Boss-Password-1' });
    expect(again.output()).not.toContain('password:');
    expect(await login(again.port, 'boss@example.com', 'Boss-Password-1')).toBe(200);
    expect(await login(again.port, 'offline@example.com', 'Offline-2026')).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 300_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('start-up on a PostgreSQL server', () => {
  it('migrates a new database, bootstraps ADMIN_EMAIL and serves readiness', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `ops_test_start_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const env = { DATA_DIR: tempDataDir(), DATABASE_URL: url.toString(), ADMIN_EMAIL: 'pg.admin@example.com', ADMIN_PASSWORD: 'Pg-Admin-2026' };
      const server = await startServer(env);
      const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
      expect(await login(server.port, 'pg.admin@example.com', 'Pg-Admin-2026')).toBe(200);
      // On PostgreSQL the CLI connects directly, even while the server runs.
      expect(cli(env, 'create-user', '--email', 'pg.user@example.com', '--password', 'Pg-User-2026').code).toBe(0);
      expect(await login(server.port, 'pg.user@example.com', 'Pg-User-2026')).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 300_000);
});
