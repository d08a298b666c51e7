import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { insertUser } from '../test/factories/users';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database that does not answer in time (PostgreSQL)', () => {
  it('answers 503 {"detail"} once the statement timeout passes while a lock held by another connection blocks the request, then recovers', async () => {
    const t = await createTestApp({}, { databaseTimeouts: { statementTimeoutMs: 1000, connectTimeoutMs: 2000 } });
    const user = await insertUser(t, { superuser: true });
    const database = (await t.database.query<{ name: string }>('select current_database() as name'))[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      const list = () => t.request({ method: 'GET', url: '/api/base/industries/', token: user.token });
      expect((await list()).statusCode).toBe(200);
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE base_industry IN ACCESS EXCLUSIVE MODE');
      // Without a statement timeout this request waits for the lock for ever (and the test times out).
      const blocked = await list();
      expect(blocked.statusCode, blocked.body).toBe(503);
      expect(Object.keys(blocked.json())).toEqual(['detail']);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      await holder.query('ROLLBACK');
      expect((await list()).statusCode).toBe(200);
    } finally {
      await holder.end();
      await t.close();
    }
  });
});

describe('connection timeout', () => {
  it('closes a connection that sends nothing once CONNECTION_TIMEOUT passes', async () => {
    const t = await createTestApp({ connectionTimeoutMs: 300 });
    try {
      const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      const socket = net.connect(Number(address.port), '127.0.0.1');
      socket.on('error', () => undefined);
      // Without the timeout the idle socket stays open and this never resolves (the test times out).
      await new Promise((resolve) => socket.on('close', resolve));
      expect(socket.destroyed).toBe(true);
    } finally {
      await t.close();
    }
  });
});
