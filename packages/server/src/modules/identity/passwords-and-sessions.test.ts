import { randomBytes, scryptSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, uniqueEmail } from '../../test/factories/users';
import { COMMANDS } from '../../cli/commands';
import { ensureAdmin } from './ensure-admin';
import { identityServiceFor } from './identity-service-for';
import { rowsOf } from '../../list-query/list-page';

// Each of these tests hashes several passwords at N=2^17: seconds apiece on a loaded machine.
const HASHING = 120_000;

let t: TestApp;
const SESSION_TTL = 7200;
const ABSOLUTE_TTL = 3600 * 5;

beforeAll(async () => {
  t = await createTestApp({ sessionTtlSeconds: SESSION_TTL, sessionAbsoluteTtlSeconds: ABSOLUTE_TTL });
});
afterAll(() => t?.close());

const storedHash = async (email: string) => (await identityServiceFor(t).findUserByEmail(email))!.password;
const knoxLogin = (email: string, password: string) => t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email, password } });

async function sessionLogin(email: string, password: string) {
  const csrf = (await t.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).json().csrftoken as string;
  const login = await t.request({
    method: 'POST',
    url: '/api/identity/auth/login/',
    cookies: { csrftoken: csrf },
    headers: { 'x-csrftoken': csrf },
    payload: { email, password },
  });
  expect(login.statusCode).toBe(200);
  const newCsrf = login.cookies.find((c) => c.name === 'csrftoken')!.value;
  return {
    cookies: { sessionid: login.cookies.find((c) => c.name === 'sessionid')!.value, csrftoken: newCsrf },
    csrf: newCsrf,
    expiry: new Date(login.json().session_expiry as string),
  };
}

const statusWith = async (credentials: { token?: string; cookies?: Record<string, string> }) =>
  (await t.request({ method: 'GET', url: '/api/identity/user/', ...credentials })).statusCode;

describe('a password change revokes every sign-in', () => {
  it('the CLI set-password ends the tokens and sessions of that user only', async () => {
    const user = await insertUser(t);
    const other = await insertUser(t);
    const session = await sessionLogin(user.email, user.password);
    expect(await statusWith({ token: user.token })).toBe(200);
    expect(await statusWith({ cookies: session.cookies })).toBe(200);

    await COMMANDS['set-password']!({ config: t.config, database: t.database, print: () => undefined }, ['--email', user.email, '--password', 'Brand-new-pass-1']);

    expect(await statusWith({ token: user.token })).toBe(401);
    expect(await statusWith({ cookies: session.cookies })).toBe(401);
    expect(await statusWith({ token: other.token })).toBe(200);
    expect((await knoxLogin(user.email, user.password)).statusCode).toBe(400);
    expect((await knoxLogin(user.email, 'Brand-new-pass-1')).statusCode).toBe(200);
  }, HASHING);

  it('a changed ADMIN_PASSWORD resets the admin on start and revokes its sign-ins; an unchanged one keeps them', async () => {
    const admin = await insertUser(t, { superuser: true });
    const printed: string[] = [];
    const start = (adminPassword: string) => ensureAdmin({ config: { ...t.config, adminEmail: admin.email, adminPassword }, database: t.database, print: (line) => printed.push(line) });

    await start(admin.password);
    expect(await statusWith({ token: admin.token })).toBe(200);
    expect(printed).toEqual([]);

    await start('Rotated-admin-pw-2');
    expect(await statusWith({ token: admin.token })).toBe(401);
    expect(printed).toEqual([`password of ${admin.email} reset from ADMIN_PASSWORD; its sessions and tokens are revoked`]);
    expect((await knoxLogin(admin.email, 'Rotated-admin-pw-2')).statusCode).toBe(200);
  }, HASHING);
});

describe('password hashes', () => {
  it('re-hashes a hash made with older scrypt parameters at the next successful sign-in, and only then', async () => {
    const password = 'Legacy-password-1';
    const salt = randomBytes(16);
    const legacy = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
    const email = uniqueEmail('legacy');
    await identityServiceFor(t).createUser({ email, password, passwordHash: legacy, userType: 2 });

    expect((await knoxLogin(email, 'Wrong-password-9')).statusCode).toBe(400);
    expect(await storedHash(email)).toBe(legacy);

    expect((await knoxLogin(email, password)).statusCode).toBe(200);
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(/^scrypt\$65536\$8\$2\$/);
    expect((await knoxLogin(email, password)).statusCode).toBe(200);
    expect(await storedHash(email)).toBe(upgraded);
  }, HASHING);
});

describe('session lifetime', () => {
  it('a refresh slides the expiry but never past the absolute lifetime from sign-in', async () => {
    const user = await insertUser(t);
    const session = await sessionLogin(user.email, user.password);
    expect(session.expiry.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_TTL * 1000);
    // Signed in four and a half hours ago: the absolute end is half an hour away, the sliding one two hours.
    await t.database.db.execute(sql`update auth_session set created_at = now() - interval '4 hours 30 minutes' where user_id = ${user.id}`);
    const refreshed = await t.request({ method: 'POST', url: '/api/identity/auth/session/refresh/', cookies: session.cookies, headers: { 'x-csrftoken': session.csrf } });
    expect(refreshed.statusCode).toBe(200);
    const expiry = new Date(refreshed.json().session_expiry as string).getTime();
    expect(expiry).toBeLessThanOrEqual(Date.now() + 1800 * 1000);
    expect(expiry).toBeGreaterThan(Date.now() + 1700 * 1000);
    const [stored] = rowsOf<{ expiry: string }>(await t.database.db.execute(sql`select expiry from auth_session where user_id = ${user.id}`));
    expect(new Date(stored!.expiry).getTime()).toBe(expiry);
  }, HASHING);

  it('an API token refresh slides its expiry but never past the absolute lifetime from sign-in', async () => {
    const user = await insertUser(t);
    const token = (await knoxLogin(user.email, user.password)).json().token as string;
    await t.database.db.execute(sql`update auth_token set created_at = now() - interval '4 hours 30 minutes' where user_id = ${user.id}`);
    const refreshed = await t.request({ method: 'POST', url: '/api/identity/auth/session/refresh/', headers: { authorization: `Token ${token}` } });
    expect(refreshed.statusCode).toBe(200);
    const expiry = new Date(refreshed.json().session_expiry as string).getTime();
    expect(expiry).toBeLessThanOrEqual(Date.now() + 1800 * 1000);
    expect(expiry).toBeGreaterThan(Date.now() + 1700 * 1000);
  }, HASHING);

  it('an API token past its absolute lifetime is refused even before its expiry', async () => {
    const user = await insertUser(t);
    const token = (await knoxLogin(user.email, user.password)).json().token as string;
    const me = () => t.request({ method: 'GET', url: '/api/identity/user/', headers: { authorization: `Token ${token}` } });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.execute(sql`update auth_token set created_at = now() - interval '5 hours 1 minute', expiry = now() + interval '1 hour' where user_id = ${user.id}`);
    // Written behind the server's back: its cached token learns of it through the database's
    // notification (at once on PGlite, asynchronously on PostgreSQL), as in the session case below.
    await expect.poll(async () => (await me()).statusCode, { timeout: 10_000, interval: 20 }).toBe(401);
  }, HASHING);

  it('a session past its absolute lifetime is refused even before its sliding expiry', async () => {
    const user = await insertUser(t);
    const session = await sessionLogin(user.email, user.password);
    expect(await statusWith({ cookies: session.cookies })).toBe(200);
    await t.database.db.execute(sql`update auth_session set created_at = now() - interval '5 hours 1 minute', expiry = now() + interval '1 hour' where user_id = ${user.id}`);
    // Written behind the server's back: its cached session learns of it through the database's
    // notification (at once on PGlite, within milliseconds on PostgreSQL).
    await expect.poll(() => statusWith({ cookies: session.cookies }), { timeout: 10_000, interval: 20 }).toBe(401);
  }, HASHING);
});
