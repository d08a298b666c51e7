import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadConfig } from './config';
import { insertUser } from '../test/factories/users';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { securityHeaderOptions } from './security-headers';

let closed: TestApp;
let open: TestApp;

beforeAll(async () => {
  closed = await createTestApp();
  open = await createTestApp({ corsOrigins: ['https://partner.example'], mapTileOrigins: ['https://tiles.example'] });
});
afterAll(async () => {
  await closed.close();
  await open.close();
});

describe('security headers', () => {
  it('sends CSP with frame-ancestors none, nosniff and no HSTS without TLS', async () => {
    const response = await closed.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets attachment previews frame object URLs, and map tiles come only from MAP_TILE_ORIGINS', async () => {
    const closedCsp = String(
      (await closed.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).headers['content-security-policy'],
    );
    expect(closedCsp).toContain("frame-src 'self' blob:");
    expect(closedCsp).toContain("connect-src 'self';");
    const openCsp = String(
      (await open.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).headers['content-security-policy'],
    );
    expect(openCsp).toContain("connect-src 'self' https://tiles.example");
    expect(openCsp).toContain("img-src 'self' data: blob: https://tiles.example");
  });
});

describe('security headers computed once', () => {
  /** What @fastify/helmet (which built a helmet middleware per request) answers for the same options. */
  async function pluginHeaders(config: Parameters<typeof securityHeaderOptions>[0]) {
    const bare = Fastify();
    await bare.register(fastifyHelmet, securityHeaderOptions(config));
    bare.get('/', async () => ({}));
    const response = await bare.inject({ method: 'GET', url: '/' });
    await bare.close();
    const ours = new Set(['content-type', 'content-length', 'date', 'connection']);
    return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !ours.has(name)));
  }

  it.each([
    ['an API answer', '/api/identity/auth/csrftoken/'],
    ['a 404', '/api/no-such-endpoint/'],
  ])('sends on %s exactly the headers and values helmet sets for the options', async (_name, url) => {
    for (const [app, config] of [
      [closed, { mapStyleUrl: undefined, mapTileOrigins: [] }],
      [open, { mapStyleUrl: undefined, mapTileOrigins: ['https://tiles.example'] }],
    ] as [TestApp, Parameters<typeof securityHeaderOptions>[0]][]) {
      const expected = await pluginHeaders(config);
      expect(Object.keys(expected).length).toBeGreaterThan(8);
      const response = await app.request({ method: 'GET', url });
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers[name]]));
      expect(sent).toEqual(expected);
    }
  });
});

describe('online basemap (MAP_STYLE_URL, MAP_TILE_ORIGINS)', () => {
  let mapped: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-web-'));
  const styleUrl = 'https://maps.example/styles/streets.json?key=a&name="x"';

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Ops</title></head><body><div id="root"></div></body></html>',
    );
    mapped = await createTestApp({
      webDist,
      mapStyleUrl: styleUrl,
      mapTileOrigins: ['https://tiles.example', 'https://*.glyphs.example'],
    });
  });
  afterAll(async () => {
    await mapped.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('lets the browser fetch the style from its own origin and tiles from MAP_TILE_ORIGINS, nothing else', async () => {
    const csp = String(
      (await mapped.request({ method: 'GET', url: '/directory/clients-map' })).headers['content-security-policy'],
    );
    expect(csp).toContain("connect-src 'self' https://maps.example https://tiles.example https://*.glyphs.example;");
    expect(csp).toContain("img-src 'self' data: blob: https://maps.example https://tiles.example https://*.glyphs.example;");
    expect(csp).toContain("default-src 'self';");
  });

  it('hands the style URL to the web app in index.html, escaped, on every client route and on /index.html', async () => {
    for (const url of ['/', '/directory/clients-map', '/index.html']) {
      const response = await mapped.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(
        '<meta name="ops-map-style" content="https://maps.example/styles/streets.json?key=a&amp;name=&quot;x&quot;" />',
      );
    }
  });

  it('leaves index.html as built when no style is configured', async () => {
    const plain = await createTestApp({ webDist });
    const response = await plain.request({ method: 'GET', url: '/directory/clients-map' });
    expect(response.body).not.toContain('ops-map-style');
    expect(response.body).toContain('<div id="root">');
    expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self';");
    await plain.close();
  });
});

describe('map settings in the environment', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads MAP_STYLE_URL (URL or path) and MAP_TILE_ORIGINS, dropping trailing slashes', () => {
    vi.stubEnv('MAP_STYLE_URL', 'https://maps.example/style.json');
    vi.stubEnv('MAP_TILE_ORIGINS', 'https://tiles.example/, https://*.cdn.example:8443');
    expect(loadConfig()).toMatchObject({
      mapStyleUrl: 'https://maps.example/style.json',
      mapTileOrigins: ['https://tiles.example', 'https://*.cdn.example:8443'],
    });
    vi.stubEnv('MAP_STYLE_URL', '/basemap/style.json');
    expect(loadConfig().mapStyleUrl).toBe('/basemap/style.json');
  });

  it.each([
    ['MAP_TILE_ORIGINS', "https://tiles.example; script-src 'unsafe-inline'"],
    ['MAP_TILE_ORIGINS', 'tiles.example'],
    ['MAP_TILE_ORIGINS', 'https://tiles.example/path'],
    ['MAP_STYLE_URL', 'javascript:alert(1)'],
    ['MAP_STYLE_URL', '//maps.example/style.json'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    vi.stubEnv(name, value);
    expect(() => loadConfig()).toThrow(name);
  });
});

describe('CORS', () => {
  it('is closed by default', async () => {
    const response = await closed.request({
      method: 'GET',
      url: '/api/identity/auth/csrftoken/',
      headers: { origin: 'https://partner.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers listed origins, including preflight, and ignores others', async () => {
    const preflight = await open.request({
      method: 'OPTIONS',
      url: '/api/identity/user/',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    // Conditional writes (platform.md 14.6): another origin's front end reads the ETag and sends If-Match.
    expect(preflight.headers['access-control-allow-headers']).toContain('If-Match');
    const read = await open.request({ method: 'GET', url: '/api/identity/auth/csrftoken/', headers: { origin: 'https://partner.example' } });
    expect(read.headers['access-control-expose-headers']).toContain('ETag');
    const other = await open.request({
      method: 'GET',
      url: '/api/identity/auth/csrftoken/',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the DRF shape', async () => {
    const response = await closed.request({ method: 'GET', url: '/api/nothing/here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answer 413 for a JSON body over the limit', async () => {
    const small = await createTestApp({ bodyLimitBytes: 1024 });
    try {
      const response = await small.request({
        method: 'POST',
        url: '/api/identity/auth/knox/login/',
        payload: { email: 'a@b.c', password: 'x'.repeat(4000) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large.' });
    } finally {
      await small.close();
    }
  });
});

describe('HSTS behind TLS', () => {
  it('is sent when a trusted proxy says the client used https, and not for http or an untrusted header', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const https = await proxied.request({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.request({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is the client's word, not the connection's.
    const spoofed = await closed.request({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on every answer when SECURE_COOKIES declares TLS in front', async () => {
    const secure = await createTestApp({ secureCookies: true });
    try {
      for (const url of ['/healthz', '/api/identity/auth/csrftoken/', '/api/nothing/']) {
        expect((await secure.request({ method: 'GET', url })).headers['strict-transport-security']).toContain('max-age=31536000');
      }
    } finally {
      await secure.close();
    }
  });
});

describe('cookies', () => {
  async function sessionCookies(t: TestApp) {
    const user = await insertUser(t);
    const csrf = await t.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' });
    const csrftoken = csrf.json().csrftoken as string;
    const login = await t.request({
      method: 'POST',
      url: '/api/identity/auth/login/',
      payload: { email: user.email, password: user.password },
      cookies: { csrftoken },
      headers: { 'x-csrftoken': csrftoken },
    });
    expect(login.statusCode).toBe(200);
    return {
      csrf: csrf.cookies.find((c) => c.name === 'csrftoken')!,
      session: login.cookies.find((c) => c.name === 'sessionid')!,
    };
  }

  it('the session cookie is HttpOnly and SameSite=Lax; the CSRF cookie is readable by the page but SameSite=Lax; neither is Secure over plain http', async () => {
    const { csrf, session } = await sessionCookies(closed);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(csrf.secure).toBeFalsy();
  });

  it('with SECURE_COOKIES both cookies are Secure', async () => {
    const secure = await createTestApp({ secureCookies: true });
    try {
      const { csrf, session } = await sessionCookies(secure);
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
      expect(csrf).toMatchObject({ sameSite: 'Lax', secure: true });
    } finally {
      await secure.close();
    }
  });
});

describe('request ids', () => {
  it('every answer carries X-Request-Id; an incoming one is kept only behind a trusted proxy and only in a plain shape', async () => {
    const first = await closed.request({ method: 'GET', url: '/healthz' });
    const second = await closed.request({ method: 'GET', url: '/api/nothing/' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(
      (await closed.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-123' } })).headers['x-request-id'],
    ).not.toBe('lb-123');
    const proxied = await createTestApp({ trustProxy: true });
    try {
      expect(
        (await proxied.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-123.abc' } })).headers[
          'x-request-id'
        ],
      ).toBe('lb-123.abc');
      const hostile = await proxied.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x\u00e9"<script>' } });
      expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });
});

describe('global rate limit', () => {
  it('is off by default', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => closed.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });

  it('when RATE_LIMIT_MAX is set, answers 429 in the DRF shape with Retry-After past the ceiling per address; health and metrics stay open', async () => {
    const limited = await createTestApp({ rateLimitMax: 5, rateLimitWindowSeconds: 60, metricsToken: 'scrape-secret' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await limited.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const refused = await limited.request({ method: 'GET', url: '/api/identity/user/' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own budget.
      expect(
        (await limited.request({ method: 'GET', url: '/api/identity/auth/csrftoken/', remoteAddress: '10.9.8.7' })).statusCode,
      ).toBe(200);
      expect((await limited.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await limited.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('logs', () => {
  it('never contain a token, password, session key, CSRF token or cookie, while requests are logged with their id', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logLevel: 'trace' }, { logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const user = await insertUser(logged);
      const token = user.token;
      await logged.request({ method: 'GET', url: '/api/identity/user/', token });
      await logged.request({
        method: 'POST',
        url: '/api/identity/auth/knox/login/',
        payload: { email: user.email, password: `${user.password}-wrong` },
      });
      const csrf = (await logged.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).json().csrftoken as string;
      const login = await logged.request({
        method: 'POST',
        url: '/api/identity/auth/login/',
        payload: { email: user.email, password: user.password },
        cookies: { csrftoken: csrf },
        headers: { 'x-csrftoken': csrf },
      });
      const session = login.cookies.find((c) => c.name === 'sessionid')!.value;
      await logged.request({
        method: 'PATCH',
        url: '/api/identity/user/',
        payload: { first_name: 'Logged' },
        cookies: { sessionid: session, csrftoken: csrf },
        headers: { 'x-csrftoken': csrf },
      });
      await logged.request({ method: 'GET', url: '/api/nothing/', token });
      await logged.request({ method: 'POST', url: '/api/identity/auth/knox/logout/', token });

      const text = lines.join('');
      expect(lines.length).toBeGreaterThanOrEqual(7);
      for (const secret of [token, token.slice(0, 15), user.password, csrf, session]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/Token [A-Za-z0-9]{20,}/);
      // Structured JSON, one line per request (the seven above), each with its request id.
      const requestLines = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: unknown }).filter((l) => l.req);
      expect(requestLines.length).toBe(7);
      expect(requestLines.every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true);
    } finally {
      await logged.close();
    }
  });
});

describe('built web assets', () => {
  let served: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-web-'));
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3f9a1c.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3f9a1c.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-3f9a1c.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(webDist, 'zod-config.js'), 'globalThis.x = 1;\n');
    fs.writeFileSync(path.join(webDist, 'sw.js'), "self.addEventListener('push', () => {});\n");
    fs.writeFileSync(path.join(webDist, 'sitechecks-sw.js'), "self.addEventListener('fetch', () => {});\n");
    served = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await served.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the pre-compressed copy the browser accepts, brotli first, and the file itself to others', async () => {
    const brotli = await served.request({
      method: 'GET',
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await served.request({ method: 'GET', url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await served.request({
      method: 'GET',
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep content-hashed assets for a year and other files for an hour', async () => {
    const hashed = await served.request({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await served.request({ method: 'GET', url: '/zod-config.js' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('public, max-age=3600');
    const page = await served.request({ method: 'GET', url: '/clients' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/sw.js', '/sitechecks-sw.js'])('serves the service worker at %s as a script the browser checks on every registration update', async (url) => {
    const worker = await served.request({ method: 'GET', url });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // The page's policy allows a same-origin worker.
    expect(String(worker.headers['content-security-policy'])).toMatch(/worker-src 'self'/);
  });
});
