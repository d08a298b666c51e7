import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { listenResilient } from './pg-listener';

/** Resolves with the first value `probe` returns that is not undefined (no deadline of its own: the test's timeout is the bound). */
async function until<T>(probe: () => T | undefined): Promise<T> {
  await vi.waitFor(() => expect(probe()).toBeDefined(), { timeout: 20_000, interval: 20 });
  return probe()!;
}

describe('resilient PostgreSQL listener', () => {
  it('rejects a wait for LISTEN when the connection cannot be opened, reports the loss, and stops retrying when closed', async () => {
    // Nothing listens on port 1: every attempt is refused.
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'nobody', database: 'none' });
    const losses: unknown[] = [];
    const listener = listenResilient({
      pool,
      channel: 'unreachable',
      onNotification: () => undefined,
      onLost: (e) => losses.push(e),
    });
    try {
      await expect(listener.listening()).rejects.toThrow();
      expect(losses.length).toBeGreaterThan(0);
    } finally {
      await listener.close();
      await pool.end();
    }
    await expect(listener.listening()).rejects.toThrow(/closed/);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    it('hears notifications on its channel, reconnects after its backend is terminated and hears them again', async () => {
      const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
      const channel = `test_listener_${randomBytes(4).toString('hex')}`;
      const payloads: (string | undefined)[] = [];
      const losses: unknown[] = [];
      let listens = 0;
      const listener = listenResilient({
        pool,
        channel,
        onNotification: (payload) => payloads.push(payload),
        onListening: () => (listens += 1),
        onLost: (error) => losses.push(error),
      });
      try {
        await listener.listening();
        await pool.query('select pg_notify($1, $2)', [channel, 'first']);
        await pool.query('select pg_notify($1, $2)', ['some_other_channel', 'not for us']);
        await until(() => payloads.find((p) => p === 'first'));

        const terminated = await pool.query<{ done: boolean }>(
          'select pg_terminate_backend(pid) as done from pg_stat_activity where query = $1',
          [`LISTEN ${channel}`],
        );
        expect(terminated.rows.map((r) => r.done)).toEqual([true]);
        await until(() => losses[0]);
        await until(() => (listens === 2 ? listens : undefined));
        await listener.listening();

        await pool.query('select pg_notify($1, $2)', [channel, 'second']);
        await until(() => payloads.find((p) => p === 'second'));
        expect(payloads).toEqual(['first', 'second']);
      } finally {
        await listener.close();
        await pool.end();
      }
    });
  });
});
