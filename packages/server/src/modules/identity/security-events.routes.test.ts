import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, uniqueEmail, type TestUser } from '../../test/factories/users';
import { identityServiceFor } from './identity-service-for';

let t: TestApp;
let admin: TestUser;
const URL = '/api/identity/security-events/';

beforeAll(async () => {
  t = await createTestApp({ loginFailureLimit: 3, loginFailureAddressLimit: 5 });
  admin = await insertUser(t, { superuser: true });
});
afterAll(() => t?.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1', userAgent = 'SecurityTest/1.0') =>
  t.request({
    method: 'POST',
    url: '/api/identity/auth/knox/login/',
    payload: { email, password },
    remoteAddress,
    headers: { 'user-agent': userAgent },
  });

const eventsOf = async (filters: Record<string, unknown>) =>
  (
    await t.request({ method: 'GET', url: `${URL}?filters=${encodeURIComponent(JSON.stringify(filters))}`, token: admin.token })
  ).json().results as Record<string, unknown>[];

describe('the security log', () => {
  it('records successful and failed sign-ins with address and user agent, never the password', async () => {
    const user = await insertUser(t, { userType: 2 });
    expect((await login(user.email, user.password, '10.1.1.1', 'Browser/42')).statusCode).toBe(200);
    expect((await login(user.email, 'Wrong-password-1', '10.1.1.2', 'Guesser/1')).statusCode).toBe(400);
    expect((await login('nobody@example.test', 'Whatever-1', '10.1.1.3')).statusCode).toBe(400);

    const events = await eventsOf({ email: user.email });
    expect(events.slice(0, 2)).toMatchObject([
      {
        kind: 'login_failed',
        email: user.email,
        user: user.id,
        address: '10.1.1.2',
        user_agent: 'Guesser/1',
        detail: { reason: 'wrong_password' },
      },
      {
        kind: 'login_succeeded',
        email: user.email,
        user: user.id,
        address: '10.1.1.1',
        user_agent: 'Browser/42',
        detail: { via: 'token' },
      },
    ]);
    expect(await eventsOf({ email: 'nobody@example.test' })).toMatchObject([
      { kind: 'login_failed', user: null, detail: { reason: 'unknown_account' } },
    ]);
    const all = await t.request({ method: 'GET', url: `${URL}?limit=1000`, token: admin.token });
    expect(all.body).not.toContain('Wrong-password-1');
    expect(all.body).not.toContain(user.password);
  });

  it('records permission changes made through the CLI and default group membership', async () => {
    const email = uniqueEmail('granted');
    const identity = identityServiceFor(t);
    await identity.createUser({ email, password: 'Granted-2026-pw', userType: 4, actor: 'cli' });
    await identity.grant(email, { permission: 'brand.add' });
    await identity.grant(email, { group: 'Admin' });
    const events = await eventsOf({ email, kind__in: ['permission_granted', 'group_joined'] });
    expect(events.map((e) => [e.kind, e.actor, e.detail])).toEqual([
      ['group_joined', 'cli', { group: 'Admin' }],
      ['permission_granted', 'cli', { permission: 'brand.add' }],
      ['group_joined', 'cli', { group: 'Operation User', reason: 'default group of the user type' }],
    ]);
  });

  it('a refused grant records nothing', async () => {
    const user = await insertUser(t, { userType: 6 });
    await expect(identityServiceFor(t).grant(user.email, { permission: 'nothing.add' })).rejects.toThrow();
    expect(await eventsOf({ email: user.email, kind: 'permission_granted' })).toEqual([]);
  });

  it('is readable by superusers and the Admin group only: 401 anonymous, 403 for other groups', async () => {
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const userType of [2, 3, 4, 5, 6, 7]) {
      const user = await insertUser(t, { userType });
      expect((await t.request({ method: 'GET', url: URL, token: user.token })).statusCode, `user type ${userType}`).toBe(403);
    }
    const groupAdmin = await insertUser(t, { userType: 1 });
    expect((await t.request({ method: 'GET', url: URL, token: groupAdmin.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: URL, token: admin.token, payload: {} })).statusCode).toBe(405);
  });

  it('lists through the list engine: filters, ordering, search and select', async () => {
    const response = await t.request({
      method: 'GET',
      url: `${URL}?ordering=at&limit=2&search=Browser&select=kind,address`,
      token: admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.every((r: Record<string, unknown>) => Object.keys(r).sort().join() === 'address,kind')).toBe(
      true,
    );
    expect((await t.request({ method: 'GET', url: `${URL}?ordering=password`, token: admin.token })).statusCode).toBe(400);
  });
});

describe('sign-in limits', () => {
  it('throttles one account from one address after the per-account limit, and records it', async () => {
    const user = await insertUser(t, { userType: 2 });
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'Wrong-pw-123', '10.2.0.1')).statusCode).toBe(400);
    const refused = await login(user.email, user.password, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address is not blocked by this one's guesses.
    expect((await login(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
    expect((await eventsOf({ email: user.email, kind: 'login_throttled' }))[0]).toMatchObject({
      address: '10.2.0.1',
      detail: { limit: 'account_and_address' },
    });
  });

  it('throttles an address that fails across many accounts, whatever account it tries next', async () => {
    const victims = await Promise.all([1, 2, 3, 4, 5, 6].map(() => insertUser(t, { userType: 6 })));
    // Two failures per account stay under the per-account limit; five in all reach the per-address one.
    for (const victim of victims.slice(0, 3)) {
      await login(victim.email, 'Spray-guess-1', '10.3.0.1');
      if (victim !== victims[2]) await login(victim.email, 'Spray-guess-2', '10.3.0.1');
    }
    const refused = await login(victims[5]!.email, victims[5]!.password, '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Request was throttled/);
    expect((await eventsOf({ address: '10.3.0.1', kind: 'login_throttled' }))[0]).toMatchObject({ detail: { limit: 'address' } });
    // Other addresses sign in normally.
    expect((await login(victims[5]!.email, victims[5]!.password, '10.3.0.2')).statusCode).toBe(200);
  });
});
