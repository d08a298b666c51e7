import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { totpFor } from './mfa-factors';
import {
  startLocalOidcProvider,
  type IdTokenTampering,
  type LocalAccount,
  type LocalOidcProvider,
} from '../../test/local-oidc-provider';

/**
 * Sign in with Google (spec platform §13.3) against a real OpenID provider (oidc-provider) on 127.0.0.1:
 * the test plays the browser, following redirects between the app and the provider with cookies.
 */
const APP = 'http://app.test';
const CALLBACK = `${APP}/api/identity/auth/oidc/callback/`;
const accounts = new Map<string, LocalAccount>();
let provider: LocalOidcProvider;
let t: TestApp;
let member: TestUser;
let disabled: TestUser;
let unverified: TestUser;
/** How the provider spoils the ID tokens it issues while a test sets it. */
let tampering: IdTokenTampering | undefined;

beforeAll(async () => {
  provider = await startLocalOidcProvider({
    clientId: 'ops-test',
    clientSecret: 'ops-test-secret',
    redirectUris: [CALLBACK],
    account: (login) => accounts.get(login),
    tamperIdToken: () => tampering,
  });
  t = await createTestApp({
    publicUrl: APP,
    oidc: {
      issuer: provider.issuer,
      clientId: 'ops-test',
      clientSecret: 'ops-test-secret',
      redirectUri: undefined,
      name: 'Google',
    },
  });
  member = await insertUser(t, { firstName: 'Gina', lastName: 'Google' });
  disabled = await insertUser(t);
  await t.database.query('update auth_user set is_active = false where id = $1', [disabled.id]);
  unverified = await insertUser(t);
  // Provider accounts: the e-mail case differs from the stored one (addresses match case-insensitively).
  accounts.set('gina', { email: member.email.toUpperCase(), email_verified: true });
  accounts.set('gone', { email: disabled.email, email_verified: true });
  accounts.set('unverified', { email: unverified.email, email_verified: false });
  accounts.set('stranger', { email: 'stranger@elsewhere.example', email_verified: true });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
function keepAppCookies(jar: Jar, response: LightMyRequestResponse) {
  for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    if (cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()))
      jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
}

/** Starts a sign-in at the app; answers the app's cookies and the provider URL it redirects to. */
async function start(next?: string) {
  const appJar: Jar = new Map();
  const response = await t.request({
    method: 'GET',
    url: `/api/identity/auth/oidc/login/${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  });
  expect(response.statusCode).toBe(302);
  keepAppCookies(appJar, response);
  return { appJar, authorize: new URL(response.headers.location as string) };
}

/** Signs in at the provider as `login` (its form) and answers the URL it sends the browser back to. */
async function atProvider(authorize: URL, login: string): Promise<URL> {
  const jar: Jar = new Map();
  let url = authorize;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    await response.arrayBuffer();
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location')!, url);
      if (location.href.startsWith(CALLBACK)) return location;
      url = location;
      method = 'GET';
      body = undefined;
      continue;
    }
    expect(response.status, `provider answered at ${url.pathname}`).toBe(200);
    // The provider's sign-in form: post the login name to it.
    method = 'POST';
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

/** The provider's redirect back, as the browser delivers it to the app (with the app's cookies). */
async function callback(location: URL, appJar: Jar) {
  const response = await t.request({
    method: 'GET',
    url: `${location.pathname}${location.search}`,
    headers: { cookie: cookieHeader(appJar) },
  });
  expect(response.statusCode).toBe(302);
  keepAppCookies(appJar, response);
  return new URL(response.headers.location as string, APP);
}

/** The sign-in page finishing: exchanges the result cookie for the token. */
const finish = (appJar: Jar) =>
  t.request({ method: 'POST', url: '/api/identity/auth/oidc/token/', headers: { cookie: cookieHeader(appJar) } });

const tokensOf = async (userId: string) =>
  (await t.database.query<{ n: number }>('select count(*)::int as n from auth_token where user_id = $1', [userId]))[0]!.n;

async function signIn(login: string, next?: string) {
  const { appJar, authorize } = await start(next);
  const back = await atProvider(authorize, login);
  const landing = await callback(back, appJar);
  return { appJar, back, landing };
}

describe('the sign-in page', () => {
  it('learns that Google sign-in is on, and where to start it', async () => {
    const response = await t.request({ method: 'GET', url: '/api/identity/auth/oidc/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true, name: 'Google', login_url: '/api/identity/auth/oidc/login/' });
  });

  it('starting sends the browser to the provider with PKCE (S256), state and nonce, remembered in an httpOnly cookie', async () => {
    const { authorize } = await start('/all-tickets');
    expect(authorize.origin).toBe(provider.issuer);
    const params = authorize.searchParams;
    expect(params.get('client_id')).toBe('ops-test');
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('scope')).toContain('openid');
    const response = await t.request({ method: 'GET', url: '/api/identity/auth/oidc/login/' });
    const flow = (response.cookies as { name: string; httpOnly?: boolean; path?: string }[]).find((c) => c.name === 'oidc_flow');
    expect(flow).toMatchObject({ httpOnly: true, path: '/api/identity/auth/oidc/' });
  });

  it('ignores a next that is not a path on this site (no open redirect)', async () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const { appJar, authorize } = await start(next);
      const landing = await callback(await atProvider(authorize, 'gina'), appJar);
      expect(landing.origin, next).toBe(APP);
      expect(Object.fromEntries(landing.searchParams), next).toEqual({ sso: 'done' });
      expect((await finish(appJar)).statusCode).toBe(200);
    }
  });
});

describe('signing in', () => {
  it('a verified e-mail of an active user signs in with a token that works like a password sign-in', async () => {
    const { appJar, landing } = await signIn('gina', '/all-tickets');
    expect(landing.pathname).toBe('/login');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ sso: 'done', next: '/all-tickets' });
    const response = await finish(appJar);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: member.id, email: member.email });
    expect(new Date(body.expiry).getTime()).toBeGreaterThan(Date.now());
    const me = await t.request({ method: 'GET', url: '/api/identity/user/', token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(member.id);
    // Taken once: the page cannot be made to hand it out again.
    expect((await finish(appJar)).statusCode).toBe(400);
    const [event] = await t.database.query<{ kind: string; detail: unknown }>(
      `select kind, detail from identity_security_event where user_id = $1 order by at desc limit 1`,
      [member.id],
    );
    expect(event).toEqual({ kind: 'login_succeeded', detail: { via: 'token', method: 'oidc' } });
    // Sign-out ends it.
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/knox/logout/', token: body.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: body.token })).statusCode).toBe(401);
  });

  it('logout-all ends every token of the user, those of Google sign-ins included', async () => {
    const first = (await finish((await signIn('gina')).appJar)).json().token as string;
    const second = (await finish((await signIn('gina')).appJar)).json().token as string;
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/knox/logoutall/', token: first })).statusCode).toBe(204);
    for (const token of [first, second, member.token]) {
      expect((await t.request({ method: 'GET', url: '/api/identity/user/', token })).statusCode).toBe(401);
    }
  });
});

describe('refused sign-ins create no token and no user', () => {
  it('a wrong state', async () => {
    const before = await tokensOf(member.id);
    const { appJar, authorize } = await start();
    const back = await atProvider(authorize, 'gina');
    back.searchParams.set('state', 'forged-state');
    const landing = await callback(back, appJar);
    expect(landing.searchParams.get('sso_error')).toBe('failed');
    expect(appJar.has('oidc_result')).toBe(false);
    expect((await finish(appJar)).statusCode).toBe(400);
    expect(await tokensOf(member.id)).toBe(before);
  });

  it('a callback without the browser that started the flow (login CSRF)', async () => {
    const before = await tokensOf(member.id);
    const { authorize } = await start();
    const back = await atProvider(authorize, 'gina');
    const landing = await callback(back, new Map());
    expect(landing.searchParams.get('sso_error')).toBe('failed');
    expect(await tokensOf(member.id)).toBe(before);
  });

  it('a replayed code, even with the flow cookie kept', async () => {
    const { appJar, authorize } = await start();
    const flowCookie = new Map(appJar);
    const back = await atProvider(authorize, 'gina');
    expect((await callback(back, appJar)).searchParams.get('sso')).toBe('done');
    expect((await finish(appJar)).statusCode).toBe(200);
    const before = await tokensOf(member.id);
    const replay = await callback(back, flowCookie);
    expect(replay.searchParams.get('sso_error')).toBe('failed');
    expect(flowCookie.has('oidc_result')).toBe(false);
    expect(await tokensOf(member.id)).toBe(before);
  });

  it('an e-mail the provider has not verified', async () => {
    const { appJar, landing } = await signIn('unverified');
    expect(landing.searchParams.get('sso_error')).toBe('unverified_email');
    expect(await tokensOf(unverified.id)).toBe(1);
    expect((await finish(appJar)).statusCode).toBe(400);
    const [event] = await t.database.query<{ kind: string; detail: unknown }>(
      `select kind, detail from identity_security_event where email = $1 order by at desc limit 1`,
      [unverified.email],
    );
    expect(event).toEqual({ kind: 'login_failed', detail: { reason: 'unverified_email', method: 'oidc' } });
  });

  it('an e-mail no user has: no user is created', async () => {
    const users = async () => (await t.database.query<{ n: number }>('select count(*)::int as n from auth_user'))[0]!.n;
    const before = await users();
    const { appJar, landing } = await signIn('stranger');
    expect(landing.searchParams.get('sso_error')).toBe('no_account');
    expect((await finish(appJar)).statusCode).toBe(400);
    expect(await users()).toBe(before);
  });

  it('a disabled user', async () => {
    const { appJar, landing } = await signIn('gone');
    expect(landing.searchParams.get('sso_error')).toBe('no_account');
    expect((await finish(appJar)).statusCode).toBe(400);
    expect(await tokensOf(disabled.id)).toBe(1);
  });
});

describe('refused ID tokens: the code exchange fails and no token is made', () => {
  async function signInWith(how: IdTokenTampering) {
    const before = await tokensOf(member.id);
    tampering = how;
    try {
      const { appJar, landing } = await signIn('gina');
      return { landing, finished: (await finish(appJar)).statusCode, added: (await tokensOf(member.id)) - before };
    } finally {
      tampering = undefined;
    }
  }
  const refused = { sso_error: 'failed', finished: 400, added: 0 };
  const outcome = ({ landing, finished, added }: Awaited<ReturnType<typeof signInWith>>) => ({
    sso_error: landing.searchParams.get('sso_error'),
    finished,
    added,
  });

  it('the provider key signing the token again with nothing changed still signs in (so the refusals below are the change)', async () => {
    expect(outcome(await signInWith({ claims: {} }))).toEqual({ sso_error: null, finished: 200, added: 1 });
  });

  it('a nonce other than the one this sign-in sent (a token from another sign-in)', async () => {
    expect(outcome(await signInWith({ claims: { nonce: 'nonce-of-another-sign-in' } }))).toEqual(refused);
  });

  it('a signature by a key the provider does not publish', async () => {
    expect(outcome(await signInWith({ foreignKey: true }))).toEqual(refused);
  });

  it('another issuer', async () => {
    expect(outcome(await signInWith({ claims: { iss: 'https://accounts.elsewhere.example' } }))).toEqual(refused);
  });

  it('another audience (a token issued to another client)', async () => {
    expect(outcome(await signInWith({ claims: { aud: 'another-client' } }))).toEqual(refused);
  });
});

describe('off unless configured', () => {
  it('says so to the sign-in page and answers 404 to the flow', async () => {
    const plain = await createTestApp({ oidc: undefined });
    try {
      expect((await plain.request({ method: 'GET', url: '/api/identity/auth/oidc/' })).json()).toEqual({
        enabled: false,
        name: null,
        login_url: null,
      });
      expect((await plain.request({ method: 'GET', url: '/api/identity/auth/oidc/login/' })).statusCode).toBe(404);
      expect((await plain.request({ method: 'GET', url: '/api/identity/auth/oidc/callback/?code=x&state=y' })).statusCode).toBe(
        404,
      );
      expect((await plain.request({ method: 'POST', url: '/api/identity/auth/oidc/token/' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('a user with a second factor (spec platform §14.5)', () => {
  it('signs in with Google only with the second factor, unless OIDC_TRUST_MFA', async () => {
    const user = await insertUser(t);
    accounts.set('two-step', { email: user.email, email_verified: true });
    const secret = (await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token })).json().secret as string;
    const code = (offset: number) => totpFor(secret).generate({ timestamp: Date.now() + offset * 1000 });
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/confirm/', token: user.token, payload: { code: code(-30) } })).statusCode).toBe(200);
    const before = await tokensOf(user.id);

    const { appJar } = await signIn('two-step');
    const answer = await finish(appJar);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: ['totp', 'recovery_code'] });
    expect(await tokensOf(user.id)).toBe(before);
    const done = await t.request({ method: 'POST', url: '/api/identity/auth/mfa/', payload: { mfa_token: answer.json().mfa_token, code: code(0) } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);

    // The operator trusts the provider's second factor: a token at once (the running app reads its config object).
    t.config.oidc!.trustMfa = true;
    try {
      const trusted = await signIn('two-step');
      expect((await finish(trusted.appJar)).json()).toMatchObject({ token: expect.any(String), user: { id: user.id } });
    } finally {
      t.config.oidc!.trustMfa = false;
    }
  });
});
