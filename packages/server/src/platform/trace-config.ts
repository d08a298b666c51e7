/**
 * Whether tracing is on, read from the OpenTelemetry variables (see tracing.ts). Apart from the
 * SDK: configuration reads this on every start, and the SDK's modules (~5 MB of heap) load
 * only when tracing is on (app.ts imports tracing.ts then).
 */
export interface TraceConfig {
  url: string;
  serviceName: string;
  /** Export interval; tests shorten it. */
  flushMs?: number;
}

export function traceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TraceConfig | undefined {
  const explicit = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url = explicit || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url || (env.OTEL_TRACES_EXPORTER ?? '').toLowerCase() === 'none') return undefined;
  return { url, serviceName: env.OTEL_SERVICE_NAME || 'ops-server' };
}
