import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** What one fixed-concurrency run measured. Latencies in milliseconds. */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  firstError?: string;
}

export interface LoadOptions {
  concurrency: number;
  durationMs: number;
  warmupMs?: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `one` from `concurrency` loops for a bounded time (after an unrecorded
 * warm-up). The same driver measures HTTP requests and direct SQL replays, so
 * their ratio compares like with like.
 */
export async function runLoad(one: (i: number) => Promise<void>, options: LoadOptions): Promise<LoadResult> {
  const { concurrency, durationMs, warmupMs = 1000 } = options;
  let counter = 0;
  const loop = async (until: number, record: number[] | null, state: { errors: number; firstError?: string }) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        await one(counter++);
        record?.push(performance.now() - started);
      } catch (error) {
        state.errors += 1;
        state.firstError ??= error instanceof Error ? error.message : String(error);
        if (state.errors > 1000) return;
      }
    }
  };
  if (warmupMs > 0) {
    const warm = { errors: 0 } as { errors: number; firstError?: string };
    const until = performance.now() + warmupMs;
    await Promise.all(Array.from({ length: concurrency }, () => loop(until, null, warm)));
  }
  const latencies: number[] = [];
  const state = { errors: 0 } as { errors: number; firstError?: string };
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(Array.from({ length: concurrency }, () => loop(until, latencies, state)));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors: state.errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    firstError: state.firstError,
  };
}

export interface HttpRequestSpec {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The status a successful answer has (default 200). */
  expect?: number;
  /** Under load, request `i` goes to `paths[i % paths.length]` instead of `path` (a detail of a different row each time). */
  paths?: string[];
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A keep-alive HTTP client for one server: one socket per concurrent loop. */
export function httpClient(baseUrl: string, sockets: number) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  function send(spec: HttpRequestSpec, options: { keepBody?: boolean; extraHeaders?: Record<string, string> } = {}): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const body = typeof spec.body === 'string' ? Buffer.from(spec.body) : spec.body;
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: spec.method,
          path: spec.path,
          // Captured SQL travels in a response header that can be large.
          maxHeaderSize: 16 * 1024 * 1024,
          headers: { ...spec.headers, ...options.extraHeaders, ...(body ? { 'content-length': String(body.length) } : {}) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (options.keepBody) chunks.push(chunk);
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
  return {
    send,
    /** For the load loop: resolves when the answer has the expected status, rejects otherwise. */
    async expectOk(spec: HttpRequestSpec): Promise<HttpAnswer> {
      const answer = await send(spec);
      if (answer.status !== (spec.expect ?? 200)) throw new Error(`${spec.method} ${spec.path}: ${answer.status}`);
      return answer;
    },
    async json<T = unknown>(spec: HttpRequestSpec): Promise<T> {
      const answer = await send(spec, { keepBody: true });
      if (answer.status !== (spec.expect ?? 200)) throw new Error(`${spec.method} ${spec.path}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
      return JSON.parse(answer.body.toString()) as T;
    },
    close: () => agent.destroy(),
  };
}
export type HttpClient = ReturnType<typeof httpClient>;
