import { describe, expect, it } from 'vitest';
import { openPostgres } from './db';
import { createTestApp } from '../test/test-app';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool (checked-out clients)', () => {
  it('wraps a pooled client once however often it is checked out, so a connection does not gain a layer per transaction', async () => {
    const t = await createTestApp();
    const name = (await t.database.query<{ name: string }>('select current_database() as name'))[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString());
    try {
      const queries = new Set<unknown>();
      const connections = new Set<unknown>();
      for (let i = 0; i < 5; i++) {
        const client = await database.pool!.connect();
        connections.add(client);
        queries.add(client.query);
        await client.query('select 1');
        client.release();
      }
      // One connection (the pool reuses the idle one); before the fix each checkout wrapped query() again: 5 functions.
      expect(connections.size).toBe(1);
      expect(queries.size).toBe(1);
      // The per-checkout release guard still works: a second release of the same checkout is a no-op.
      const client = await database.pool!.connect();
      client.release();
      expect(() => client.release()).not.toThrow();
      expect(database.pool!.idleCount).toBe(1);
      // Short statements only: no JIT compilation, no parallel workers (search everything at scale, docs/decisions.md).
      const settings = await database.query<{ jit: string; workers: string }>(
        `select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers`,
      );
      expect(settings).toEqual([{ jit: 'off', workers: '0' }]);
    } finally {
      await database.close();
      await t.close();
    }
  });
});
