import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export interface MetricsOptions {
  /** Opens GET /metrics on the public port to `Authorization: Bearer <token>`; without it the public port has no /metrics. */
  token?: string;
  /** Port of an internal listener serving GET /metrics (0: any free port). */
  port?: number;
  /** Address of that listener (default 127.0.0.1). */
  host?: string;
}

/**
 * Prometheus metrics through prom-client: Node.js process metrics, request
 * counts and latency histograms per route, SQL statements, the database pool,
 * module gauges and families modules compute at scrape time. Served on an
 * internal listener (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default) and,
 * only when METRICS_TOKEN is set, on the public port behind that token.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  // One registry per app: tests build many apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sqlStatements = new Counter({
    name: 'sql_statements_total',
    help: 'SQL statements run by API requests.',
    registers: [registry],
  });
  const pool = app.database.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
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
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, seconds);
    sqlStatements.inc(request.sqlScope?.statements ?? 0);
  });

  /** The exposition: prom-client's registry, then module gauges and families read from the database at scrape time. */
  async function exposition(log: { warn(object: object, message: string): void }): Promise<string> {
    const lines: string[] = [];
    for (const [name, help, value] of app.metricsGauges()) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`);
    }
    // Families from the database (shared by every instance); one failing source does not hide the rest.
    for (const source of app.metricsSources) {
      try {
        lines.push(...(await source()));
      } catch (error) {
        log.warn({ err: error }, 'a metrics source failed');
      }
    }
    return `${await registry.metrics()}${lines.length ? `${lines.join('\n')}\n` : ''}`;
  }

  if (options.token) {
    const expected = Buffer.from(`Bearer ${options.token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(String(request.headers.authorization ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).send({ detail: ERROR_MESSAGES.notAuthenticated });
      }
      return reply.type(registry.contentType).send(await exposition(request.log));
    });
  }

  if (options.port !== undefined) {
    const port = options.port;
    const listener = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      exposition(app.log).then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics exposition failed');
          response.writeHead(500).end();
        },
      );
    });
    app.decorate('metricsAddress', () => {
      const address = listener.address() as AddressInfo | null;
      return address
        ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
        : undefined;
    });
    app.addHook(
      'onReady',
      () =>
        new Promise<void>((resolve, reject) => {
          listener.once('error', reject);
          listener.listen(port, options.host ?? '127.0.0.1', () => resolve());
        }),
    );
    app.addHook('onClose', () => new Promise<void>((resolve) => listener.close(() => resolve())));
  } else {
    app.decorate('metricsAddress', () => undefined);
  }
});

export type GaugeSource = () => [name: string, help: string, value: number][];

declare module 'fastify' {
  interface FastifyInstance {
    /** Base URL of the internal metrics listener once the app is ready (undefined without METRICS_PORT). */
    metricsAddress: () => string | undefined;
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
