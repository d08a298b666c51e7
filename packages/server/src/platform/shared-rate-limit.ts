import type { Database } from './db';

/** One hit counted in a fixed window: the hits so far in it and the time left. */
export interface WindowCount {
  hits: number;
  ttlMs: number;
}

/**
 * Fixed-window counters keyed by limiter and address. On PostgreSQL they live
 * in the UNLOGGED table `rate_limit_window` (migration 0014), so every
 * instance behind a load balancer counts against the same ceiling: one upsert
 * per hit on the primary. On PGlite (one process) they stay in memory.
 */
export interface RateCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): void;
}

const HIT = `insert into rate_limit_window as w (key, window_start, hits) values ($1, now(), 1)
on conflict (key) do update set
  window_start = case when w.window_start <= now() - make_interval(secs => $2::float8 / 1000) then now() else w.window_start end,
  hits = case when w.window_start <= now() - make_interval(secs => $2::float8 / 1000) then 1 else w.hits + 1 end
returning hits, greatest(0, extract(epoch from (window_start - now())) * 1000 + $2::float8)::float8 as ttl_ms`;

/** Windows older than the longest one in use are swept this often (and after this age). */
const SWEEP_MS = 60_000;

export function createRateCounter(database: Database | undefined): RateCounter {
  const pool = database?.engine === 'postgres' ? database.pool : undefined;
  if (!pool) return createMemoryCounter();
  let longestMs = SWEEP_MS;
  const sweep = setInterval(() => {
    void pool
      .query({
        name: 'rate_limit_sweep',
        text: 'delete from rate_limit_window where window_start < now() - make_interval(secs => $1::float8 / 1000)',
        values: [longestMs],
      })
      .catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      longestMs = Math.max(longestMs, windowMs);
      const result = await pool.query<{ hits: number; ttl_ms: number }>({
        name: 'rate_limit_hit',
        text: HIT,
        values: [key, windowMs],
      });
      const row = result.rows[0]!;
      return { hits: Number(row.hits), ttlMs: Math.max(0, Math.round(Number(row.ttl_ms))) };
    },
    close: () => clearInterval(sweep),
  };
}

/** In this process: windows that ended are swept every minute, so the map holds the keys seen recently. */
function createMemoryCounter(): RateCounter {
  const windows = new Map<string, { start: number; count: number; windowMs: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (now - window.start >= window.windowMs) windows.delete(key);
  }, SWEEP_MS);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) windows.set(key, (window = { start: now, count: 0, windowMs }));
      window.count += 1;
      return { hits: window.count, ttlMs: window.start + windowMs - now };
    },
    close: () => clearInterval(sweep),
  };
}
