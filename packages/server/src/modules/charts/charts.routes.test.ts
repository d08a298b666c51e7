import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';

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

  it('answers 405 to other methods', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(
        (await t.request({ method, url: '/api/charts/generate/?cht=qr&chs=100x100&chl=a', token: user.token })).statusCode,
      ).toBe(405);
    }
  });
});
