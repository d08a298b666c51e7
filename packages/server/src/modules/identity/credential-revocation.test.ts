import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertToken, insertUser, type TestUser } from '../../test/factories/users';
import { identityServiceFor } from './identity-service-for';

/**
 * Two server instances on one database, each caching token and session lookups
 * in process: a revocation made through either (or straight in the database, as
 * another process would) stops the credential on both within a second. On
 * PostgreSQL the second instance has its own pool and its own LISTEN
 * connection; on PGlite both apps share the embedded database in this process.
 */
let t: TestApp;
let second: { app: FastifyInstance; database: Database; close(): Promise<void> };

const WITHIN_MS = 1000;

beforeAll(async () => {
  t = await createTestApp();
  const database =
    t.database.engine === 'postgres'
      ? openPostgres(String((t.database.pool!.options as { connectionString: string }).connectionString), 3)
      : t.database;
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  second = {
    app,
    database,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
  await Promise.all([t.app.credentialRevocations, second.app.credentialRevocations]);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const instances = () => [t.app, second.app] as const;

function get(app: FastifyInstance, url: string, auth: { token?: string; cookies?: Record<string, string> }) {
  const options: InjectOptions = { method: 'GET', url, cookies: auth.cookies };
  if (auth.token) options.headers = { authorization: `Token ${auth.token}` };
  return app.inject(options);
}

/** Status of `GET /api/identity/user/` on an instance. */
const whoAmI = async (app: FastifyInstance, auth: { token?: string; cookies?: Record<string, string> }) =>
  (await get(app, '/api/identity/user/', auth)).statusCode;

/** Polls until the credential is refused (401), for at most WITHIN_MS; answers how long it took. */
async function refusedWithin(app: FastifyInstance, auth: { token?: string; cookies?: Record<string, string> }): Promise<number> {
  const start = Date.now();
  for (;;) {
    const status = await whoAmI(app, auth);
    if (status === 401) return Date.now() - start;
    expect(status).toBe(200);
    if (Date.now() - start > WITHIN_MS) throw new Error(`still accepted after ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Both instances accept the credential, and the second request on each is served from the cache (no statement). */
async function cachedOnBoth(auth: { token?: string; cookies?: Record<string, string> }) {
  for (const app of instances()) {
    expect(await whoAmI(app, auth)).toBe(200);
    const again = await get(app, '/api/identity/auth/session/status/', auth);
    expect(again.statusCode).toBe(200);
    expect(Number(again.headers['x-sql-statements'])).toBe(0);
  }
}

describe('credential cache across two instances', () => {
  it('serves a cached token without a statement, and a logout on one instance ends it on the other within a second', async () => {
    const user = await insertUser(t);
    await cachedOnBoth({ token: user.token });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/identity/auth/knox/logout/',
      headers: { authorization: `Token ${user.token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect(await whoAmI(t.app, { token: user.token })).toBe(401);
    expect(await refusedWithin(second.app, { token: user.token })).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('logout-all on the second instance ends every token of the user on the first', async () => {
    const user = await insertUser(t);
    const other = await insertToken(t, user.id);
    await cachedOnBoth({ token: user.token });
    await cachedOnBoth({ token: other });
    const logout = await second.app.inject({
      method: 'POST',
      url: '/api/identity/auth/knox/logoutall/',
      headers: { authorization: `Token ${user.token}` },
    });
    expect(logout.statusCode).toBe(204);
    for (const token of [user.token, other]) {
      expect(await refusedWithin(t.app, { token })).toBeLessThanOrEqual(WITHIN_MS);
      expect(await whoAmI(second.app, { token })).toBe(401);
    }
  });

  it('a password reset (the CLI, another identity service) ends tokens and sessions on both instances', async () => {
    const user = await insertUser(t);
    const cookies = await sessionCookies(user);
    await cachedOnBoth({ token: user.token });
    await cachedOnBoth({ cookies });
    await identityServiceFor(t).setPassword(user.email, 'A-new-password-that-is-long-9', { skipPolicy: true });
    for (const app of instances()) {
      expect(await refusedWithin(app, { token: user.token })).toBeLessThanOrEqual(WITHIN_MS);
      expect(await refusedWithin(app, { cookies })).toBeLessThanOrEqual(WITHIN_MS);
    }
  });

  it('deactivation written straight to the database (another process) reaches both instances within a second', async () => {
    const user = await insertUser(t);
    await cachedOnBoth({ token: user.token });
    // Not through any service in this process: only the database's notification can tell the caches.
    await t.database.query('update auth_user set is_active = false where id = $1', [user.id]);
    for (const app of instances()) expect(await refusedWithin(app, { token: user.token })).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('a token deleted straight in the database (expired-token cleanup, another process) is refused within a second', async () => {
    const user = await insertUser(t);
    await cachedOnBoth({ token: user.token });
    await t.database.query('delete from auth_token where user_id = $1', [user.id]);
    for (const app of instances()) expect(await refusedWithin(app, { token: user.token })).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('ending a token from the sessions page (identity/sessions/{id}/) on one instance ends it on the other', async () => {
    const user = await insertUser(t);
    const other = await insertToken(t, user.id);
    await cachedOnBoth({ token: other });
    const list = await t.app.inject({ method: 'GET', url: '/api/identity/sessions/', headers: { authorization: `Token ${user.token}` } });
    const target = (list.json() as { id: string; current: boolean }[]).find((s) => !s.current)!;
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/identity/sessions/${target.id}/`, headers: { authorization: `Token ${user.token}` } });
    expect(ended.statusCode).toBe(204);
    expect(await whoAmI(t.app, { token: other })).toBe(401);
    expect(await refusedWithin(second.app, { token: other })).toBeLessThanOrEqual(WITHIN_MS);
    expect(await whoAmI(second.app, { token: user.token })).toBe(200);
  });

  it('a session logout on the first instance ends the session on the second', async () => {
    const user = await insertUser(t);
    const cookies = await sessionCookies(user);
    await cachedOnBoth({ cookies });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/identity/auth/logout/',
      cookies,
      headers: { 'x-csrftoken': cookies.csrftoken },
    });
    expect(logout.statusCode).toBe(200);
    expect(await refusedWithin(second.app, { cookies })).toBeLessThanOrEqual(WITHIN_MS);
  });
});

async function sessionCookies(user: TestUser): Promise<{ sessionid: string; csrftoken: string }> {
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).json().csrftoken as string;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/identity/auth/login/',
    cookies: { csrftoken: csrf },
    headers: { 'x-csrftoken': csrf },
    payload: { email: user.email, password: user.password },
  });
  expect(login.statusCode).toBe(200);
  return {
    sessionid: login.cookies.find((c) => c.name === 'sessionid')!.value,
    csrftoken: login.cookies.find((c) => c.name === 'csrftoken')!.value,
  };
}
