import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapGetter,
  trace,
  type HrTime,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import type { StatementTrace } from './db';
import type { TraceConfig } from './trace-config';

export { traceConfigFromEnv, type TraceConfig } from './trace-config';

/**
 * Optional tracing through the OpenTelemetry SDK: one SERVER span per request
 * and one CLIENT span per SQL statement under it, batched and exported by the
 * SDK's OTLP/HTTP exporter to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or
 * OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. Off when neither is set. Sampling
 * follows OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default: parent-based,
 * always on); an incoming W3C `traceparent` continues the caller's trace.
 *
 * Spans come from the app's own hooks (a Fastify hook per request, the SQL
 * scope's statement callback) rather than the require-hook instrumentations:
 * the production server is one esbuild bundle, which module patching cannot
 * reach (docs/decisions.md). Attributes carry the route and statement text,
 * never query strings, parameters or headers.
 */

export interface RequestTrace extends StatementTrace {
  traceId: string;
  spanId: string;
}

const MAX_QUEUED_SPANS = 5000;
const MAX_STATEMENTS_PER_REQUEST = 200;

/** Wall-clock time of a monotonic reading (statement timings are hrtime.bigint()). */
const origin = { wallNs: BigInt(Date.now()) * 1_000_000n, monoNs: process.hrtime.bigint() };
function hrTime(monoNs: bigint): HrTime {
  const unixNs = origin.wallNs + (monoNs - origin.monoNs);
  return [Number(unixNs / 1_000_000_000n), Number(unixNs % 1_000_000_000n)];
}

export function registerTracing(app: FastifyInstance, config: TraceConfig): void {
  // A provider of the app's own, never the global one: several apps (tests, instances) each export their spans.
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: config.url, timeoutMillis: 5000 }), {
        scheduledDelayMillis: config.flushMs ?? 1000,
        maxQueueSize: MAX_QUEUED_SPANS,
      }),
    ],
  });
  const tracer = provider.getTracer('ops-server');
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<object, Span>();

  // After app.ts's hook that opens the request's SQL scope: the trace rides on that scope.
  app.addHook('onRequest', async (request) => {
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0]!.slice(0, 500) },
      },
      parent,
    );
    spans.set(request, span);
    const { traceId, spanId } = span.spanContext();
    const underRequest = trace.setSpan(ROOT_CONTEXT, span);
    let statements = 0;
    const requestTrace: RequestTrace = {
      traceId,
      spanId,
      statement(text, startNs, endNs, failed) {
        if (!span.isRecording() || ++statements > MAX_STATEMENTS_PER_REQUEST) return;
        tracer
          .startSpan(
            `db ${/^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query'}`,
            {
              kind: SpanKind.CLIENT,
              startTime: hrTime(startNs),
              attributes: { 'db.system': 'postgresql', 'db.query.text': text.slice(0, 2000) },
            },
            underRequest,
          )
          .setStatus({ code: failed ? SpanStatusCode.ERROR : SpanStatusCode.UNSET })
          .end(hrTime(endNs));
      },
    };
    if (request.sqlScope) request.sqlScope.trace = requestTrace;
    request.log = request.log.child({ trace_id: traceId });
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    span.updateName(`${request.method} ${route ?? 'unmatched'}`);
    span.setAttributes({
      ...(route ? { 'http.route': route } : {}),
      'http.response.status_code': status,
      'http.request.id': request.id,
    });
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
