import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories/users';
import { hashesStarted } from '../../platform/passwords';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ loginFailureLimit: 10 });
});
afterAll(() => t.close());

describe('login throttle under concurrency', () => {
  it('counts each attempt before hashing: of 40 concurrent wrong passwords 10 are checked (400) and 30 answer 429 unhashed', async () => {
    const user = await insertUser(t);
    const before = hashesStarted();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email: user.email, password: 'wrong-password' }, remoteAddress: '10.9.0.1' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(hashesStarted() - before).toBe(10);
    // The limit holds for the right password too, still without hashing.
    const right = await t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email: user.email, password: user.password }, remoteAddress: '10.9.0.1' });
    expect(right.statusCode).toBe(429);
    expect(hashesStarted() - before).toBe(10);
  });

  it('a successful sign-in clears the attempts it counted', async () => {
    const user = await insertUser(t);
    const attempt = (password: string) =>
      t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email: user.email, password }, remoteAddress: '10.9.0.2' });
    for (let i = 0; i < 9; i++) expect((await attempt('wrong-password')).statusCode).toBe(400);
    expect((await attempt(user.password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-password')).statusCode).toBe(400);
    expect((await attempt('wrong-password')).statusCode).toBe(429);
  });
});
