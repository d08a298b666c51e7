import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_MAX_BYTES } from '@ops/contract/telemetry/telemetry.endpoints';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { traceConfigFromEnv } from '../../platform/tracing';
import { CLIENT_ERRORS_PER_MINUTE } from './telemetry.plugin';

type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
  status: { code: number };
};
interface Received {
  path: string;
  body: { resourceSpans?: { resource: { attributes: unknown[] }; scopeSpans: { spans: Span[] }[] }[]; [field: string]: unknown };
}

/** A local stand-in for an OTLP collector and an error tracker: records every JSON POST by path. */
function fakeReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (d) => (text += d));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(text) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    received,
    raw: () => JSON.stringify(received),
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    port: () => (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Waits until a received body satisfies `match` (the exporters post asynchronously). */
    async waitFor<T>(match: (entry: Received) => T | undefined): Promise<T> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        for (const entry of received) {
          const found = match(entry);
          if (found !== undefined) return found;
        }
        if (Date.now() > deadline) throw new Error(`nothing matching was received: ${JSON.stringify(received).slice(0, 2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

const receiver = fakeReceiver();
let t: TestApp;
let user: TestUser;
const SECRET = 'Token 0123456789abcdef0123456789abcdef01234567';

beforeAll(async () => {
  const base = await receiver.start();
  t = await createTestApp(
    { tracing: { url: `${base}/v1/traces`, serviceName: 'ops-test', flushMs: 50 }, errorReportingUrl: `${base}/errors` },
    {
      extend: (app) =>
        app.get('/api/test-fault/', async () => {
          throw new Error(`boom while calling the source with ${SECRET} and password=hunter2`);
        }),
    },
  );
  user = await insertUser(t);
});
afterAll(async () => {
  await t?.close();
  await receiver.close();
});

const spansOf = (entry: Received): Span[] =>
  entry.path === '/v1/traces' ? (entry.body.resourceSpans ?? []).flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)) : [];
const attribute = (span: Span, key: string) => span.attributes.find((a) => a.key === key)?.value;

describe('tracing (OTLP/HTTP JSON)', () => {
  it('is off unless an OTLP endpoint is configured', () => {
    expect(traceConfigFromEnv({})).toBeUndefined();
    expect(traceConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'ops-server',
    });
    expect(traceConfigFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/traces', OTEL_SERVICE_NAME: 'ops-a' })).toEqual({
      url: 'http://c/traces',
      serviceName: 'ops-a',
    });
    expect(traceConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('exports a server span per request, continuing the caller trace, with a child span per SQL statement and no query string', async () => {
    const traceId = 'a'.repeat(31) + '1';
    const parent = 'b'.repeat(15) + '2';
    const response = await t.request({
      method: 'GET',
      url: '/api/notifications/?unread=true&token=should-not-leak',
      token: user.token,
      headers: { traceparent: `00-${traceId}-${parent}-01` },
    });
    expect(response.statusCode).toBe(200);
    const server = await receiver.waitFor((entry) => spansOf(entry).find((s) => s.traceId === traceId && s.kind === 2));
    expect(server.parentSpanId).toBe(parent);
    expect(server.name).toBe('GET /api/notifications/');
    expect(attribute(server, 'http.route')).toEqual({ stringValue: '/api/notifications/' });
    expect(attribute(server, 'url.path')).toEqual({ stringValue: '/api/notifications/' });
    // proto3 JSON writes an int64 as a number or a string; collectors take both.
    expect(Number(attribute(server, 'http.response.status_code')?.intValue)).toBe(200);
    expect(attribute(server, 'http.request.id')).toEqual({ stringValue: response.headers['x-request-id'] });
    const statements = receiver.received.flatMap(spansOf).filter((s) => s.traceId === traceId && s.kind === 3);
    // Authentication and the list page ran SQL; every statement is under the request's span.
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(
      statements.every((s) => s.parentSpanId === server.spanId && attribute(s, 'db.system')?.stringValue === 'postgresql'),
    ).toBe(true);
    expect(statements.some((s) => /notifications_notification/.test(attribute(s, 'db.query.text')?.stringValue ?? ''))).toBe(
      true,
    );
    expect(receiver.raw()).not.toContain('should-not-leak');
    expect(receiver.raw()).not.toContain(user.token);
    expect(receiver.received.find((e) => e.path === '/v1/traces')!.body.resourceSpans![0]!.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'ops-test' },
    });
  });

  it('starts a new trace without a traceparent and marks a 500 as an error span', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test-fault/' });
    expect(response.statusCode).toBe(500);
    const span = await receiver.waitFor((entry) => spansOf(entry).find((s) => s.name === 'GET /api/test-fault/'));
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.parentSpanId).toBeUndefined();
    expect(span.status.code).toBe(2);
  });
});

describe('trace sampling (OTEL_TRACES_SAMPLER)', () => {
  it('exports nothing under always_off, even for a caller that sampled its trace', async () => {
    const base = `http://127.0.0.1:${receiver.port()}`;
    const previous = process.env.OTEL_TRACES_SAMPLER;
    process.env.OTEL_TRACES_SAMPLER = 'always_off';
    const unsampled = await createTestApp({ tracing: { url: `${base}/v1/traces`, serviceName: 'ops-off', flushMs: 20 } });
    if (previous === undefined) delete process.env.OTEL_TRACES_SAMPLER;
    else process.env.OTEL_TRACES_SAMPLER = previous;
    const traceId = 'c'.repeat(31) + '3';
    const response = await unsampled.request({
      method: 'GET',
      url: '/api/test-missing/',
      headers: { traceparent: `00-${traceId}-${'d'.repeat(15)}4-01` },
    });
    expect(response.statusCode).toBe(404);
    await unsampled.close(); // shutting down flushes whatever the SDK holds
    expect(receiver.raw()).not.toContain(traceId);
    expect(receiver.raw()).not.toContain('ops-off');
  });
});

describe('error reporting (ERROR_REPORTING_URL)', () => {
  it('posts an unhandled server error with its request id and route, without credentials', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test-fault/?session=abc', token: user.token });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'A server error occurred.' });
    const requestId = response.headers['x-request-id'];
    const report = await receiver.waitFor((entry) =>
      entry.path === '/errors' && entry.body.request_id === requestId ? entry.body : undefined,
    );
    expect(report).toMatchObject({
      source: 'server',
      status: 500,
      method: 'GET',
      route: '/api/test-fault/',
      path: '/api/test-fault/',
      service: 'ops-test',
    });
    expect(report.message).toContain('boom while calling the source');
    expect(report.stack).toContain('telemetry.test.ts');
    expect(JSON.stringify(report)).not.toContain('0123456789abcdef0123456789abcdef');
    expect(JSON.stringify(report)).not.toContain('hunter2');
    expect(JSON.stringify(report)).not.toContain(user.token);
  });

  it('POST /api/client-errors/ takes a web app error from anyone, logs it and forwards it', async () => {
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/client-errors/',
      payload: {
        kind: 'error',
        message: 'TypeError: x is undefined',
        stack: 'at render (app.js:1:2)',
        source: 'http://ops/assets/app.js?v=1',
        line: 1,
        column: 2,
        page: '/login?next=/clients',
      },
    });
    expect(anonymous.statusCode, anonymous.body).toBe(204);
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/client-errors/',
      token: user.token,
      payload: { kind: 'unhandledrejection', message: 'Failed to fetch', page: '/clients/' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(204);

    const first = await receiver.waitFor((e) =>
      e.path === '/errors' && e.body.request_id === anonymous.headers['x-request-id'] ? e.body : undefined,
    );
    expect(first).toMatchObject({
      source: 'web',
      kind: 'error',
      message: 'TypeError: x is undefined',
      script: 'http://ops/assets/app.js',
      line: 1,
      column: 2,
      page: '/login',
      user_id: null,
    });
    const second = await receiver.waitFor((e) =>
      e.path === '/errors' && e.body.request_id === signedIn.headers['x-request-id'] ? e.body : undefined,
    );
    expect(second).toMatchObject({ source: 'web', kind: 'unhandledrejection', page: '/clients/', user_id: user.id });
  });

  it('POST /api/client-errors/ is in the OpenAPI document, open to anonymous callers', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
    const operation = document.paths['/api/client-errors/']?.post;
    expect(operation?.summary).toMatch(/^Report an error the web app caught/);
    expect(operation?.requestBody?.content?.['application/json']?.schema?.required).toEqual(
      expect.arrayContaining(['kind', 'message', 'page']),
    );
    expect(t.app.routeTable.find((e) => e.path === '/api/client-errors/')?.endpoint.access).toEqual({ kind: 'optional' });
  });

  it('POST /api/client-errors/ answers 400 naming the field, and 413 above its body limit', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/client-errors/', payload: { kind: 'error', page: '/' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['message']);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/client-errors/',
      payload: { kind: 'error', message: 'm', page: '/', cookie: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    const big = await t.request({
      method: 'POST',
      url: '/api/client-errors/',
      payload: { kind: 'error', message: 'm', page: '/', stack: 'x'.repeat(CLIENT_ERROR_MAX_BYTES) },
    });
    expect(big.statusCode).toBe(413);
  });

  it(`POST /api/client-errors/ allows ${CLIENT_ERRORS_PER_MINUTE} reports per address and minute, then answers 429`, async () => {
    const limited = await createTestApp({}, {});
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= CLIENT_ERRORS_PER_MINUTE; i++) {
        statuses.push(
          (
            await limited.request({
              method: 'POST',
              url: '/api/client-errors/',
              payload: { kind: 'error', message: `m${i}`, page: '/' },
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, CLIENT_ERRORS_PER_MINUTE).every((s) => s === 204)).toBe(true);
      const last = await limited.request({
        method: 'POST',
        url: '/api/client-errors/',
        payload: { kind: 'error', message: 'again', page: '/' },
      });
      expect(statuses.at(-1)).toBe(429);
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
