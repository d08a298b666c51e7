import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API reference at /api/docs/', () => {
  it('serves the reference page, its scripts from this origin only, under the app content security policy', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([]);
    for (const source of sources) {
      const asset = await t.request({ method: 'GET', url: new URL(source, 'http://app.test/api/docs/').pathname });
      expect(asset.statusCode, source).toBe(200);
    }
  });

  it('shows the OpenAPI document of /api/schema/, without the online validator', async () => {
    const initializer = await t.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).not.toContain('validator.swagger.io');
    const document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
    expect(document.openapi).toBe('3.1.0');
    // What the UI loads is the completed document, operation ids and all.
    const shown = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(shown).toEqual(document);
    expect(shown.paths['/api/schema/'].get.operationId).toBeTruthy();
  });
});
