import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { insertBrand } from './test/factories/records';
import { MAX_HEADER_BYTES } from './app';

/**
 * HTTP as DRF answers it: bodies that are not objects, methods a path does
 * not take, and every error Fastify or Node raise before a route runs, all
 * DRF-shaped. The socket tests run over real HTTP on 127.0.0.1.
 */
let t: TestApp;
let admin: TestUser;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

describe('a body that is not an object', () => {
  const cases: [string, string][] = [
    ['null', 'NoneType'],
    ['1', 'int'],
    ['1.5', 'float'],
    ['true', 'bool'],
    ['"name"', 'str'],
    ['[]', 'list'],
    ['[{"name":"x"}]', 'list'],
  ];

  it('answers 400 "Expected a dictionary, but got <type>." on POST, PUT and PATCH, and changes nothing', async () => {
    const brand = await insertBrand(t, admin.token);
    const before = (await t.request({ method: 'GET', url: `/api/operations/brands/${brand.id}/`, token: admin.token })).json();
    const count = async () =>
      (await t.request({ method: 'GET', url: '/api/operations/brands/', token: admin.token })).json().count;
    const brandsBefore = await count();
    for (const [payload, type] of cases) {
      for (const [method, url] of [
        ['PATCH', `/api/operations/brands/${brand.id}/`],
        ['PUT', `/api/operations/brands/${brand.id}/`],
        ['POST', '/api/operations/brands/'],
        ['PATCH', '/api/identity/user/'],
        ['POST', '/api/identity/auth/knox/login/'],
      ] as const) {
        const response = await t.request({
          method,
          url,
          payload,
          token: admin.token,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${method} ${url} ${payload}`).toBe(400);
        expect(response.json()).toEqual({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${type}.`] });
      }
    }
    expect((await t.request({ method: 'GET', url: `/api/operations/brands/${brand.id}/`, token: admin.token })).json()).toEqual(
      before,
    );
    expect(await count()).toBe(brandsBefore);
  });

  it('an empty JSON body is no body, as DRF reads it', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      payload: '',
      token: admin.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('methods a path does not take', () => {
  it('answer 405 with Allow naming the methods it takes', async () => {
    const response = await t.request({ method: 'DELETE', url: '/api/identity/user/', token: admin.token });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
    expect(response.headers.allow).toBe('GET, HEAD, PATCH');
    const item = await t.request({
      method: 'POST',
      url: '/api/operations/brands/0190f5d2-0000-7000-8000-000000000000/',
      token: admin.token,
    });
    expect(item.statusCode).toBe(405);
    expect(item.headers.allow).toBe('DELETE, GET, HEAD, PATCH, PUT');
  });

  it('TRACE, PROPFIND, OPTIONS, QUERY and other methods Node parses answer 405 on a known path, never 404', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'OPTIONS', 'MKCOL', 'COPY', 'PURGE', 'SEARCH', 'QUERY']) {
      const response = await rawRequest(
        `${method} /api/operations/brands/ HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${admin.token}\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status, `${method}: ${response.raw}`).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST');
      expect(JSON.parse(response.body)).toEqual({ detail: `Method "${method}" not allowed.` });
    }
    const unknownPath = await rawRequest('TRACE /api/no-such-thing/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(unknownPath.status).toBe(404);
    expect(JSON.parse(unknownPath.body)).toEqual({ detail: 'Not found.' });
  });
});

describe('errors of the HTTP layer itself are DRF-shaped', () => {
  it('a URL that cannot be decoded, broken JSON, an unsupported media type, a body too large, an unknown route', async () => {
    const cases: [string, Parameters<TestApp['request']>[0], number, Record<string, unknown>][] = [
      ['bad URL', { method: 'DELETE', url: '/api/notifications/%ff/delete/' }, 400, { detail: 'Malformed request.' }],
      ['bad URL in a GET', { method: 'GET', url: '/api/accounts/clients/%E0%A4%A/' }, 400, { detail: 'Malformed request.' }],
      [
        'broken JSON',
        {
          method: 'PATCH',
          url: '/api/identity/user/',
          payload: '{"first_name":',
          headers: { 'content-type': 'application/json' },
        },
        400,
        { detail: 'JSON parse error - the body is not valid JSON.' },
      ],
      [
        'prototype poisoning',
        {
          method: 'PATCH',
          url: '/api/identity/user/',
          payload: '{"__proto__":{"x":1}}',
          headers: { 'content-type': 'application/json' },
        },
        400,
        { detail: 'JSON parse error - the body is not valid JSON.' },
      ],
      [
        'text/plain',
        { method: 'PATCH', url: '/api/identity/user/', payload: 'first_name=x', headers: { 'content-type': 'text/plain' } },
        415,
        { detail: 'Unsupported media type "text/plain" in request.' },
      ],
      [
        'XML',
        { method: 'POST', url: '/api/operations/brands/', payload: '<a/>', headers: { 'content-type': 'application/xml' } },
        415,
        { detail: 'Unsupported media type "application/xml" in request.' },
      ],
      [
        'body too large',
        {
          method: 'POST',
          url: '/api/operations/brands/',
          payload: JSON.stringify({ name: 'x'.repeat(t.config.bodyLimitBytes) }),
          headers: { 'content-type': 'application/json' },
        },
        413,
        { detail: 'Request body is too large.' },
      ],
      ['unknown API route', { method: 'GET', url: '/api/no-such-thing/' }, 404, { detail: 'Not found.' }],
    ];
    for (const [name, request, status, body] of cases) {
      const response = await t.request({ token: admin.token, ...request });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json(), name).toEqual(body);
    }
  });

  it('a request line over the limit answers 414 and headers over it 431, DRF-shaped, and the client reads the answer', async () => {
    const longUrl = await rawRequest(
      `GET /api/accounts/clients/?search=${'a'.repeat(MAX_HEADER_BYTES + 10)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(longUrl.status, longUrl.raw.slice(0, 200)).toBe(414);
    expect(JSON.parse(longUrl.body)).toEqual({ detail: 'Request-URI too long.' });
    const bigHeader = await rawRequest(
      `GET /api/accounts/clients/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(MAX_HEADER_BYTES + 10)}\r\n\r\n`,
    );
    expect(bigHeader.status).toBe(431);
    expect(JSON.parse(bigHeader.body)).toEqual({ detail: 'Request header fields too large.' });
    expect(bigHeader.headers.connection).toBe('close');
  });

  it("a URL of 40 KB, over Node's default limit, is received", async () => {
    const response = await rawRequest(
      `GET /api/accounts/clients/?search=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Token ${admin.token}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status, response.raw.slice(0, 300)).toBeLessThan(500);
    expect(response.status).not.toBe(431);
    expect(response.status).not.toBe(414);
  });

  it('a request Node cannot parse answers 400 DRF-shaped', async () => {
    const response = await rawRequest('GET /api/ HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ detail: 'Malformed request.' });
  });
});

/** Writes raw bytes on a socket and reads the whole answer (the server closes after it). */
function rawRequest(request: string): Promise<{ status: number; headers: Record<string, string>; body: string; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (raw += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      socket.end();
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), raw });
    });
    socket.write(request);
  });
}
