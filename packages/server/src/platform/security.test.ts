import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

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
    const closedCsp = String((await closed.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).headers['content-security-policy']);
    expect(closedCsp).toContain("frame-src 'self' blob:");
    expect(closedCsp).toContain("connect-src 'self';");
    const openCsp = String((await open.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).headers['content-security-policy']);
    expect(openCsp).toContain("connect-src 'self' https://tiles.example");
    expect(openCsp).toContain("img-src 'self' data: blob: https://tiles.example");
  });
});

describe('CORS', () => {
  it('is closed by default', async () => {
    const response = await closed.request({ method: 'GET', url: '/api/identity/auth/csrftoken/', headers: { origin: 'https://partner.example' } });
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
    const other = await open.request({ method: 'GET', url: '/api/identity/auth/csrftoken/', headers: { origin: 'https://evil.example' } });
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
      const response = await small.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email: 'a@b.c', password: 'x'.repeat(4000) } });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large.' });
    } finally {
      await small.close();
    }
  });
});
