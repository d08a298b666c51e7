import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StatementTrace } from './db';

/**
 * Optional tracing: one SERVER span per request and one CLIENT span per SQL
 * statement under it, exported as OTLP/HTTP JSON (the protocol every
 * OpenTelemetry collector accepts) to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or
 * OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. Off when neither is set. An
 * incoming W3C `traceparent` continues the caller's trace. No SDK: spans are
 * batched in memory (bounded; dropped when the collector is down) and posted
 * every second and on shutdown. Attributes carry the route and statement
 * text, never query strings, parameters or headers.
 */
export interface TraceConfig {
  url: string;
  serviceName: string;
  /** Export interval; tests shorten it. */
  flushMs?: number;
}

export interface RequestTrace extends StatementTrace {
  traceId: string;
  spanId: string;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string } }[];
  status: { code: number };
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const STATUS_UNSET = 0;
const STATUS_ERROR = 2;
const MAX_BUFFERED = 5000;
const MAX_STATEMENTS_PER_REQUEST = 200;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** Wall-clock nanoseconds from a monotonic reading (spans need Unix time). */
const origin = { wallNs: BigInt(Date.now()) * 1_000_000n, monoNs: process.hrtime.bigint() };
const nowNs = () => process.hrtime.bigint();
const unixNano = (monoNs: bigint) => String(origin.wallNs + (monoNs - origin.monoNs));

const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
const int = (key: string, value: number) => ({ key, value: { intValue: String(value) } });

export function traceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TraceConfig | undefined {
  const explicit = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url = explicit || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url || (env.OTEL_TRACES_EXPORTER ?? '').toLowerCase() === 'none') return undefined;
  return { url, serviceName: env.OTEL_SERVICE_NAME || 'ops-server' };
}

export function registerTracing(app: FastifyInstance, config: TraceConfig): void {
  const buffer: OtlpSpan[] = [];
  let dropped = 0;
  const traces = new WeakMap<object, { trace: RequestTrace; start: bigint; spans: OtlpSpan[]; parent?: string }>();

  const push = (spans: OtlpSpan[]) => {
    const room = MAX_BUFFERED - buffer.length;
    if (room < spans.length) dropped += spans.length - Math.max(0, room);
    buffer.push(...spans.slice(0, Math.max(0, room)));
  };

  let exporting: Promise<void> | undefined;
  const flush = async () => {
    await exporting;
    if (buffer.length === 0) return;
    const spans = buffer.splice(0, buffer.length);
    const payload = {
      resourceSpans: [
        {
          resource: { attributes: [str('service.name', config.serviceName)] },
          scopeSpans: [{ scope: { name: 'ops-server' }, spans }],
        },
      ],
    };
    exporting = fetch(config.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(5000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) app.log.warn({ status: response.status, spans: spans.length }, 'trace export refused');
      })
      .catch((error: unknown) => app.log.warn({ err: error, spans: spans.length }, 'trace export failed'))
      .finally(() => {
        exporting = undefined;
      });
    await exporting;
    if (dropped > 0) {
      app.log.warn({ dropped }, 'trace spans dropped (collector slower than the traffic)');
      dropped = 0;
    }
  };
  const timer = setInterval(() => void flush(), config.flushMs ?? 1000);
  timer.unref();

  // After app.ts's hook that opens the request's SQL scope: the trace rides on that scope.
  app.addHook('onRequest', async (request) => {
    const incoming = request.headers.traceparent;
    const parsed = typeof incoming === 'string' ? TRACEPARENT.exec(incoming) : null;
    const traceId = parsed && !/^0+$/.test(parsed[1]!) ? parsed[1]! : randomBytes(16).toString('hex');
    const spanId = randomBytes(8).toString('hex');
    const spans: OtlpSpan[] = [];
    const trace: RequestTrace = {
      traceId,
      spanId,
      statement(text, startNs, endNs, failed) {
        if (spans.length >= MAX_STATEMENTS_PER_REQUEST) return;
        spans.push({
          traceId,
          spanId: randomBytes(8).toString('hex'),
          parentSpanId: spanId,
          name: `db ${/^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query'}`,
          kind: SPAN_KIND_CLIENT,
          startTimeUnixNano: unixNano(startNs),
          endTimeUnixNano: unixNano(endNs),
          attributes: [str('db.system', 'postgresql'), str('db.query.text', text.slice(0, 2000))],
          status: { code: failed ? STATUS_ERROR : STATUS_UNSET },
        });
      },
    };
    traces.set(request, { trace, start: nowNs(), spans, parent: parsed?.[2] });
    if (request.sqlScope) request.sqlScope.trace = trace;
    request.log = request.log.child({ trace_id: traceId });
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = traces.get(request);
    if (!entry) return;
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    push([
      {
        traceId: entry.trace.traceId,
        spanId: entry.trace.spanId,
        ...(entry.parent ? { parentSpanId: entry.parent } : {}),
        name: `${request.method} ${route ?? 'unmatched'}`,
        kind: SPAN_KIND_SERVER,
        startTimeUnixNano: unixNano(entry.start),
        endTimeUnixNano: unixNano(nowNs()),
        attributes: [
          str('http.request.method', request.method),
          ...(route ? [str('http.route', route)] : []),
          str('url.path', request.url.split('?')[0]!.slice(0, 500)),
          int('http.response.status_code', status),
          str('http.request.id', request.id),
        ],
        status: { code: status >= 500 ? STATUS_ERROR : STATUS_UNSET },
      },
      ...entry.spans,
    ]);
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
}
