import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { threadId } from 'node:worker_threads';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { readLogo, renderQrPng } from './chart-render';
import { DEFAULT_LOGO_DIR } from './charts.plugin';
import { parseChartQuery } from './charts.service';
import { CHARTS_ERRORS } from './charts.errors';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await insertUser(t, { userType: 7 });
});
afterAll(() => t.close());

const chart = (query: string, token?: string) => t.request({ method: 'GET', url: `/api/charts/generate/?${query}`, token });

function decode(body: Buffer): { width: number; height: number; text: string | undefined } {
  const png = PNG.sync.read(body);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { width: png.width, height: png.height, text: code?.data };
}

describe('GET /api/charts/generate/', () => {
  it.each([
    ['300x300', 'https://ops.example.com/cost-center/0190a1b2', ''],
    ['420x260', 'Site: Royal Prince Alfred Hospital, kitchen 2', '&chld=M|4'],
    ['120x120', 'CC1001', '&chld=L|0'],
    ['1000x1000', 'x'.repeat(900), '&chld=H|2'],
  ])('answers a PNG of exactly %s that decodes back to the text', async (chs, chl, extra) => {
    const response = await chart(`cht=qr&chs=${chs}&chl=${encodeURIComponent(chl)}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const [w, h] = chs.split('x').map(Number);
    expect(decode(response.rawPayload)).toEqual({ width: w, height: h, text: chl });
  });

  it('overlays the brand logo in the centre and still decodes at level H', async () => {
    const text = 'https://ops.example.com/clients/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const plain = await chart(`cht=qr&chs=400x400&chl=${encodeURIComponent(text)}`);
    const branded = await chart(`cht=qr&chs=400x400&chl=${encodeURIComponent(text)}&logo=brand`, user.token);
    expect(branded.statusCode).toBe(200);
    expect(decode(branded.rawPayload)).toEqual({ width: 400, height: 400, text });
    // The centre pixel carries the logo's teal, not black or white.
    const centre = PNG.sync.read(branded.rawPayload);
    const i = (200 * 400 + 200) * 4;
    const ring = (200 * 400 + 200 + 12) * 4;
    expect([centre.data[ring], centre.data[ring + 1], centre.data[ring + 2]]).toEqual([0, 121, 107]);
    expect(centre.data[i]).toBe(255);
    expect(Buffer.compare(plain.rawPayload, branded.rawPayload)).not.toBe(0);
    expect((await chart(`cht=qr&chs=400x400&chl=x&logo=none`)).statusCode).toBe(200);
  });

  it('takes a token optionally but refuses a bad one', async () => {
    expect((await chart('cht=qr&chs=100x100&chl=a', user.token)).statusCode).toBe(200);
    expect((await chart('cht=qr&chs=100x100&chl=a', 'not-a-token')).statusCode).toBe(401);
  });

  it.each([
    ['chs=100x100&chl=a', /cht/],
    ['cht=bar&chs=100x100&chl=a', /cht/],
    ['cht=qr&chl=a', /chs/],
    ['cht=qr&chs=100&chl=a', /chs/],
    ['cht=qr&chs=100x100x1&chl=a', /chs/],
    ['cht=qr&chs=49x100&chl=a', /chs/],
    ['cht=qr&chs=100x1001&chl=a', /chs/],
    ['cht=qr&chs=100x100', /chl/],
    ['cht=qr&chs=100x100&chl=', /chl/],
    ['cht=qr&chs=100x100&chl=a&chld=X', /chld/],
    ['cht=qr&chs=100x100&chl=a&chld=H|21', /chld/],
    ['cht=qr&chs=100x100&chl=a&chld=H|', /chld/],
    [`cht=qr&chs=1000x1000&chl=${'x'.repeat(1300)}`, /chl is too long for error correction level H/],
    [`cht=qr&chs=1000x1000&chl=${'x'.repeat(3000)}&chld=L|1`, /chl is too long for error correction level L/],
    [`cht=qr&chs=50x50&chl=${'x'.repeat(200)}`, /chs is too small/],
    ['cht=qr&chs=100x100&chl=a&logo=missing', /logo "missing"/],
    ['cht=qr&chs=100x100&chl=a&logo=../secret', /logo/],
    ['cht=qr&chs=100x100&chl=a&logo=brand&chld=M|1', /logo needs error correction level H/],
  ])('answers 400 {"detail"} naming the bad parameter for %s', async (query, message) => {
    const response = await chart(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toMatch(message);
  });

  it.each([
    ['cht=qr&chs=300x300&chl=CC1001', null],
    ['cht=qr&chs=420x260&chl=Site%3A%20kitchen%202&chld=M|4', null],
    ['cht=qr&chs=400x400&chl=https%3A%2F%2Fops.example.com%2Fclients%2F1&logo=brand', 'brand'],
  ])('answers the same bytes as the renderer drawing in this thread: %s', async (query, logo) => {
    const response = await chart(query);
    expect(response.statusCode).toBe(200);
    const request = parseChartQuery(Object.fromEntries(new URLSearchParams(query)));
    const local = renderQrPng(request, logo ? readLogo(fs.readFileSync(`${DEFAULT_LOGO_DIR}/${logo}.png`)) : null);
    if (!('png' in local)) throw new Error(local.refused.code);
    expect(Buffer.compare(response.rawPayload, Buffer.from(local.png))).toBe(0);
    // The second identical request is answered from the cache with the same bytes.
    expect(Buffer.compare((await chart(query)).rawPayload, response.rawPayload)).toBe(0);
  });

  it('draws in worker threads, not on the main thread: each new render is one the pool completed', async () => {
    const before = t.app.charts.stats().workerRenders;
    const texts = ['worker-a', 'worker-b', 'worker-c'].map((text) => `${text}-${Date.now()}`);
    for (const text of texts) expect((await chart(`cht=qr&chs=600x600&chl=${text}&chld=H|1`)).statusCode).toBe(200);
    // A cached answer is no render.
    expect((await chart(`cht=qr&chs=600x600&chl=${texts[0]}&chld=H|1`)).statusCode).toBe(200);
    const after = t.app.charts.stats();
    expect(after.workerRenders - before).toBe(texts.length);
    expect(after.workerThreadIds.length).toBeGreaterThan(0);
    // The main thread is thread 0; every thread that drew is another one.
    expect(after.workerThreadIds).not.toContain(threadId);
  });

  it('answers 405 to other methods', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(
        (await t.request({ method, url: '/api/charts/generate/?cht=qr&chs=100x100&chl=a', token: user.token })).statusCode,
      ).toBe(405);
    }
  });
});

describe('chart rendering under load', () => {
  it('answers 503 {"detail"} with Retry-After once every render slot and queue place is taken', async () => {
    const small = await createTestApp({ chartWorkers: 1, chartQueue: 1, chartCacheBytes: 0, chartAnonymousLimit: 0 });
    try {
      // Distinct texts, so no two requests share a render: one draws, one waits, the rest find no place.
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          small.request({
            method: 'GET',
            url: `/api/charts/generate/?cht=qr&chs=1000x1000&chl=${'load-' + i + '-'.repeat(400)}`,
          }),
        ),
      );
      const refused = responses.filter((r) => r.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.json()).toEqual({ detail: CHARTS_ERRORS.message('BUSY') });
        expect(r.headers['retry-after']).toBe('1');
      }
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(responses.length - refused.length);
      // Once the burst is over the pool draws again.
      expect((await small.request({ method: 'GET', url: '/api/charts/generate/?cht=qr&chs=100x100&chl=after' })).statusCode).toBe(
        200,
      );
    } finally {
      await small.close();
    }
  });

  it('limits callers without a token per address with 429 and Retry-After, and not callers with one', async () => {
    const limited = await createTestApp({ chartAnonymousLimit: 3, chartAnonymousWindowSeconds: 600 });
    try {
      const signedIn = await insertUser(limited, { userType: 7 });
      const get = (token?: string, remoteAddress = '203.0.113.7') =>
        limited.app.inject({
          method: 'GET',
          url: '/api/charts/generate/?cht=qr&chs=100x100&chl=a',
          remoteAddress,
          headers: token ? { authorization: `Token ${token}` } : {},
        });
      for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      expect(Object.keys(refused.json())).toEqual(['detail']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(signedIn.token)).statusCode).toBe(200);
      expect((await get(undefined, '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
