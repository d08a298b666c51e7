import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * Prometheus text exposition at GET /metrics: request counts and latency per
 * route, SQL statements, database pool and process memory. Open unless
 * METRICS_TOKEN is set (then `Authorization: Bearer <token>`).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { token?: string }) => {
  const requests = new Map<string, number>();
  const durations = new Map<string, Histogram>();
  let sqlStatements = 0;
  const started = new WeakMap<object, bigint>();

  app.addHook('onRequest', async (request) => {
    started.set(request, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (request, reply) => {
    const start = started.get(request);
    if (start === undefined) return;
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const countKey = `method="${request.method}",route="${escapeLabel(route)}",status="${reply.statusCode}"`;
    requests.set(countKey, (requests.get(countKey) ?? 0) + 1);
    const durationKey = `method="${request.method}",route="${escapeLabel(route)}"`;
    let histogram = durations.get(durationKey);
    if (!histogram) durations.set(durationKey, (histogram = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) histogram!.counts[i]! += 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    sqlStatements += request.sqlScope?.statements ?? 0;
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token) {
      const given = Buffer.from(String(request.headers.authorization ?? ''));
      const expected = Buffer.from(`Bearer ${options.token}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).send({ detail: 'Authentication credentials were not provided.' });
      }
    }
    const lines: string[] = [];
    lines.push('# HELP http_requests_total HTTP requests by method, route and status.', '# TYPE http_requests_total counter');
    for (const [labels, value] of requests) lines.push(`http_requests_total{${labels}} ${value}`);
    lines.push('# HELP http_request_duration_seconds HTTP request latency.', '# TYPE http_request_duration_seconds histogram');
    for (const [labels, h] of durations) {
      BUCKETS.forEach((bound, i) => lines.push(`http_request_duration_seconds_bucket{${labels},le="${bound}"} ${h.counts[i]}`));
      lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
      lines.push(`http_request_duration_seconds_sum{${labels}} ${h.sum}`);
      lines.push(`http_request_duration_seconds_count{${labels}} ${h.count}`);
    }
    lines.push(
      '# HELP sql_statements_total SQL statements run by API requests.',
      '# TYPE sql_statements_total counter',
      `sql_statements_total ${sqlStatements}`,
    );
    const pool = app.database.pool;
    if (pool) {
      lines.push('# HELP db_pool_connections Database pool connections by state.', '# TYPE db_pool_connections gauge');
      lines.push(`db_pool_connections{state="total"} ${pool.totalCount}`);
      lines.push(`db_pool_connections{state="idle"} ${pool.idleCount}`);
      lines.push(`db_pool_connections{state="waiting"} ${pool.waitingCount}`);
    }
    for (const [name, help, value] of app.metricsGauges()) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`);
    }
    // Families read from the database at scrape time (shared by every instance); one failing source does not hide the rest.
    for (const source of app.metricsSources) {
      try {
        lines.push(...(await source()));
      } catch (error) {
        request.log.warn({ err: error }, 'a metrics source failed');
      }
    }
    const memory = process.memoryUsage();
    lines.push(
      '# HELP process_resident_memory_bytes Resident memory.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${memory.rss}`,
    );
    lines.push(
      '# HELP nodejs_heap_used_bytes V8 heap in use.',
      '# TYPE nodejs_heap_used_bytes gauge',
      `nodejs_heap_used_bytes ${memory.heapUsed}`,
    );
    lines.push(
      '# HELP process_uptime_seconds Process uptime.',
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${process.uptime()}`,
    );
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
});

export type GaugeSource = () => [name: string, help: string, value: number][];

declare module 'fastify' {
  interface FastifyInstance {
    /** Modules add gauges (job runs, stream clients) through registerGauges. */
    metricsGauges: () => [string, string, number][];
    /** Metric families a module computes at scrape time (exposition lines with HELP and TYPE), through registerMetricsSource. */
    metricsSources: MetricsSource[];
  }
}

export type MetricsSource = () => Promise<string[]>;

export function registerMetricsSource(app: FastifyInstance, source: MetricsSource): void {
  app.metricsSources.push(source);
}

/** One labelled sample line: `name{a="b"} value`. */
export function sample(name: string, labels: Record<string, string>, value: number): string {
  const rendered = Object.entries(labels).map(([key, v]) => `${key}="${escapeLabel(v)}"`);
  return rendered.length ? `${name}{${rendered.join(',')}} ${value}` : `${name} ${value}`;
}

/** The HELP and TYPE lines of a family. */
export const family = (name: string, type: 'counter' | 'gauge' | 'summary', help: string) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} ${type}`,
];

export function registerGauges(app: FastifyInstance, source: GaugeSource): void {
  const previous = app.metricsGauges;
  app.metricsGauges = () => [...previous(), ...source()];
}
