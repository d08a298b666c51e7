import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories/users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const read = (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/identity/app-setting/${query}`, token });

describe("a new user's time zone comes from the browser", () => {
  it('takes the browser zone when the settings are created, and ignores it afterwards', async () => {
    const user = await insertUser(t);
    const first = await read(user.token, '?timezone=Europe/Berlin');
    expect(first.statusCode).toBe(200);
    expect(first.json().timezone).toBe('Europe/Berlin');
    // A later read from another browser does not move a zone the user already has.
    const later = await read(user.token, '?timezone=America/New_York');
    expect(later.json().timezone).toBe('Europe/Berlin');
  });

  it('keeps a zone the user saved', async () => {
    const user = await insertUser(t);
    const saved = await t.request({
      method: 'PATCH',
      url: '/api/identity/app-setting/',
      token: user.token,
      payload: { timezone: 'Asia/Tokyo' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await read(user.token, '?timezone=Europe/Berlin')).json().timezone).toBe('Asia/Tokyo');
  });

  it('uses the default without a browser zone', async () => {
    const user = await insertUser(t);
    expect((await read(user.token)).json().timezone).toBe('Australia/Sydney');
  });

  it('refuses an unknown zone with a 400 naming the field, creating nothing', async () => {
    const user = await insertUser(t);
    const bad = await read(user.token, '?timezone=Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().timezone).toEqual(['Unknown time zone.']);
    const tooLong = await read(user.token, `?timezone=${'A'.repeat(40)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toHaveProperty('timezone');
    // Nothing was created by the refused reads: the next plain read starts from the default.
    expect((await read(user.token)).json().timezone).toBe('Australia/Sydney');
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await read(undefined, '?timezone=Europe/Berlin')).statusCode).toBe(401);
  });
});
