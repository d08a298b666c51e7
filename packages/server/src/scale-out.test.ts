import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig, type Config } from './platform/config';
import type { Database } from './platform/db';
import { openDatabase } from './platform/open-database';
import type { TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { insertBrand } from './test/factories/records';
import { raiseTicket } from './test/factories/helpdesk';
import { openSse, type SseConnection } from './test/sse-client';
import { postgresBin, startPrimaryAndReplica, type PgCluster } from './test/pg-cluster';

/**
 * Beyond one machine (issue 20 item 7): a private PostgreSQL primary with a
 * streaming replica (pg_basebackup -R), and two app instances on them, as
 * behind a load balancer without sticky sessions. Replica reads are told
 * apart from primary reads by pausing the replica's WAL replay: a row written
 * meanwhile is on the primary only.
 */
const bin = postgresBin();
if (!bin)
  console.warn(
    'scale-out.test.ts skipped: no PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) under /usr/lib/postgresql/*/bin or PG_BIN',
  );

let cluster: PgCluster;
let a: TestApp;
let b: TestApp;
let replica: pg.Client;
const streams: SseConnection[] = [];
const dataDirs: string[] = [];

async function instance(overrides: Partial<Config>): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-scale-out-'));
  dataDirs.push(dataDir);
  const config = loadConfig({
    dataDir,
    tempDir: path.join(dataDir, 'tmp'),
    uploadsDir: path.join(dataDir, 'uploads'),
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    exposeSqlCount: true,
    databaseUrl: cluster.primaryUrl('ops'),
    databaseReplicaUrl: cluster.replicaUrl('ops'),
    readYourWritesMs: 8_000,
    loginFailureLimit: 3,
    ...overrides,
  });
  const database: Database = await openDatabase(config);
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    request({ token, headers, ...options }: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
      return app.inject({ ...options, headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...headers } });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Waits until the replica has replayed everything the primary wrote so far. */
async function replicaCaughtUp() {
  const primary = new pg.Client({ connectionString: cluster.primaryUrl('ops') });
  await primary.connect();
  try {
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    for (let i = 0; i < 600; i++) {
      const replayed = await replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [
        rows[0]!.lsn,
      ]);
      if (replayed.rows[0]!.done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('replica did not catch up within 30 s');
  } finally {
    await primary.end();
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const brandNames = async (t: TestApp, user: TestUser, search: string) =>
  (await t.request({ method: 'GET', url: `/api/operations/brands/?search=${encodeURIComponent(search)}`, token: user.token }))
    .json()
    .results.map((brand: { name: string }) => brand.name);

describe.skipIf(!bin)('two instances on a primary and a streaming replica', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    cluster = await startPrimaryAndReplica(bin!);
    const admin = new pg.Client({ connectionString: cluster.primaryUrl() });
    await admin.connect();
    await admin.query('CREATE DATABASE ops');
    await admin.end();
    a = await instance({});
    b = await instance({});
    replica = new pg.Client({ connectionString: cluster.replicaUrl('ops') });
    await replica.connect();
    await Promise.all([a.app.credentialRevocations, b.app.credentialRevocations]);
    // An instance sends reads to the replica once it has listened for writes for one window.
    await Promise.all([a.app.readRouter.ready, b.app.readRouter.ready]);
  }, 240_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await replica?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await replica?.end().catch(() => undefined);
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    cluster?.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves list and detail reads from the replica, and a user's reads right after their write from the primary on either instance", async () => {
    const reader = await insertUser(a, { superuser: true });
    const writer = await insertUser(a, { superuser: true });
    const seen = await insertBrand(a, writer.token, { name: 'Replicated brand' });
    await replicaCaughtUp();
    // The reader never wrote: their reads go to the replica, which has the brand.
    expect(await brandNames(b, reader, 'Replicated')).toEqual(['Replicated brand']);

    await replica.query('select pg_wal_replay_pause()');
    try {
      // Written through instance A while the replica replays nothing.
      const fresh = await insertBrand(a, writer.token, { name: 'Fresh brand' });
      // The writer's next reads, on the other instance, come from the primary: they see it.
      expect(await brandNames(b, writer, 'Fresh')).toEqual(['Fresh brand']);
      const detail = await b.request({ method: 'GET', url: `/api/operations/brands/${fresh.id}/`, token: writer.token });
      expect(detail.statusCode).toBe(200);
      // The reader's list and detail come from the paused replica, which has not got it yet.
      expect(await brandNames(a, reader, 'Fresh')).toEqual([]);
      expect(await brandNames(b, reader, 'Fresh')).toEqual([]);
      expect(
        (await b.request({ method: 'GET', url: `/api/operations/brands/${fresh.id}/`, token: reader.token })).statusCode,
      ).toBe(404);
      expect(
        (await b.request({ method: 'GET', url: `/api/operations/brands/${seen.id}/`, token: reader.token })).statusCode,
      ).toBe(200);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await replicaCaughtUp();
    expect(await brandNames(a, reader, 'Fresh')).toEqual(['Fresh brand']);
  });

  it('a token revoked through one instance is refused by the other within a second', async () => {
    const user = await insertUser(a);
    for (const t of [a, b])
      expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token })).statusCode).toBe(200);
    expect((await b.request({ method: 'POST', url: '/api/identity/auth/knox/logout/', token: user.token })).statusCode).toBe(204);
    const start = Date.now();
    for (;;) {
      const status = (await a.request({ method: 'GET', url: '/api/identity/user/', token: user.token })).statusCode;
      if (status === 401) break;
      expect(status).toBe(200);
      if (Date.now() - start > 1000) throw new Error('instance A still accepts the token a second after the logout on B');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('a notification created through instance A reaches a stream held on instance B', async () => {
    const staff = await insertUser(a, { superuser: true });
    const stream = await openSse(`${await listen(b.app)}/api/notifications/stream/`, { authorization: `Token ${staff.token}` });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'counts');
    const ticket = await raiseTicket(a, await insertUser(a, { userType: 6 }), { title: 'Across the balancer' });
    const event = await stream.next((e) => e.event === 'notification', 5000);
    expect(JSON.parse(event.data)).toMatchObject({ recipient: staff.id, references: { target: { id: ticket } } });
  });

  it('the sign-in failure limit counts attempts on both instances together', async () => {
    const user = await insertUser(a);
    const attempt = (t: TestApp) =>
      t.request({
        method: 'POST',
        url: '/api/identity/auth/knox/login/',
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: '10.20.0.1',
      });
    expect((await attempt(a)).statusCode).toBe(400);
    expect((await attempt(b)).statusCode).toBe(400);
    expect((await attempt(a)).statusCode).toBe(400);
    // The fourth, on either instance, is over LOGIN_FAILURE_LIMIT=3.
    expect((await attempt(b)).statusCode).toBe(429);
    expect((await attempt(a)).statusCode).toBe(429);
  });

  it('per-address limits (web app error reports) count requests on both instances together', async () => {
    const report = (t: TestApp) =>
      t.request({
        method: 'POST',
        url: '/api/client-errors/',
        payload: { kind: 'error', message: 'boom', page: '/' },
        remoteAddress: '10.20.0.2',
      });
    // 30 per address and minute in all: 15 through each instance pass, the 31st is refused wherever it lands.
    for (let i = 0; i < 15; i++) {
      expect((await report(a)).statusCode).toBe(204);
      expect((await report(b)).statusCode).toBe(204);
    }
    expect((await report(a)).statusCode).toBe(429);
    expect((await report(b)).statusCode).toBe(429);
  });
});
