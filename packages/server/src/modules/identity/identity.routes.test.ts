import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, signIn, uniqueEmail, type TestUser } from '../../test/factories/users';
import { identityServiceFor } from './identity-service-for';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ tokenTtlSeconds: 3600, loginFailureLimit: 3 });
  admin = await insertUser(t, { superuser: true });
});
afterAll(() => t.close());

describe('knox token sign-in', () => {
  it('returns token, expiry and user, and the token authenticates', async () => {
    const user = await insertUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const response = await t.request({
      method: 'POST',
      url: '/api/identity/auth/knox/login/',
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[a-f0-9]{64}$/);
    expect(new Date(body.expiry).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(body.user).toMatchObject({ email: user.email, full_name: 'Ada Lovelace', user_type: 2, is_superuser: false });
    expect(body.user.groups).toEqual([expect.objectContaining({ name: 'Corporate User' })]);
    expect(JSON.stringify(body.user)).not.toContain('password');
    const me = await t.request({ method: 'GET', url: '/api/identity/user/', token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().last_login).not.toBeNull();
  });

  it('answers 400 non_field_errors for wrong credentials and unknown emails alike', async () => {
    const user = await insertUser(t);
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: uniqueEmail(), password: 'whatever1' },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
  });

  it('names missing and over-long fields', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: {} });
    expect(missing.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
    const long = await t.request({
      method: 'POST',
      url: '/api/identity/auth/knox/login/',
      payload: { email: `${'a'.repeat(250)}@x.io`, password: 'p'.repeat(129) },
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json()).sort()).toEqual(['email', 'password']);
  });

  it('rate-limits repeated failures for one account and address with 429', async () => {
    const user = await insertUser(t);
    const attempt = () =>
      t.request({
        method: 'POST',
        url: '/api/identity/auth/knox/login/',
        payload: { email: user.email, password: 'bad-password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().detail).toMatch(/throttled/);
    // Even the right password waits until the window passes.
    const right = await t.request({
      method: 'POST',
      url: '/api/identity/auth/knox/login/',
      payload: { email: user.email, password: user.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('logout deletes only the token used; logoutall deletes every token', async () => {
    const user = await insertUser(t);
    const second = await signIn(t, user.email, user.password);
    const third = await signIn(t, user.email, user.password);
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/knox/logout/', token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: second })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/knox/logoutall/', token: second })).statusCode).toBe(204);
    for (const token of [second, third]) {
      const response = await t.request({ method: 'GET', url: '/api/identity/user/', token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid token.' });
    }
  });

  it('refuses an expired token', async () => {
    const short = await createTestApp({ tokenTtlSeconds: 1 });
    try {
      const user = await insertUser(short);
      expect((await short.request({ method: 'GET', url: '/api/identity/user/', token: user.token })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const response = await short.request({ method: 'GET', url: '/api/identity/user/', token: user.token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid token.' });
    } finally {
      await short.close();
    }
  });

  it('refresh extends a token and status reports its expiry', async () => {
    const user = await insertUser(t);
    const status = await t.request({ method: 'GET', url: '/api/identity/auth/session/status/', token: user.token });
    expect(status.json()).toMatchObject({ detail: 'Authenticated.' });
    const refreshed = await t.request({ method: 'POST', url: '/api/identity/auth/session/refresh/', token: user.token });
    expect(refreshed.statusCode).toBe(200);
    expect(new Date(refreshed.json().session_expiry).getTime()).toBeGreaterThanOrEqual(
      new Date(status.json().session_expiry).getTime(),
    );
  });
});

describe('authentication failures', () => {
  it.each([
    ['no credentials', undefined, 'Authentication credentials were not provided.'],
    ['unknown token', 'Token deadbeef', 'Invalid token.'],
    ['token with extra words', 'Token a b', 'Invalid token header. No credentials provided.'],
    ['empty token', 'Token', 'Invalid token header. No credentials provided.'],
    ['other scheme', 'Bearer abc', 'Authentication credentials were not provided.'],
  ])('%s answers 401', async (_name, authorization, detail) => {
    const response = await t.request({
      method: 'GET',
      url: '/api/identity/user/',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail });
  });
});

describe('session sign-in and CSRF', () => {
  async function csrf() {
    const response = await t.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' });
    const token = response.json().csrftoken as string;
    expect(response.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(token);
    return token;
  }

  it('refuses a session login without the CSRF header', async () => {
    const user = await insertUser(t);
    const token = await csrf();
    const response = await t.request({
      method: 'POST',
      url: '/api/identity/auth/login/',
      cookies: { csrftoken: token },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);
  });

  it('signs in with CSRF, sets an HttpOnly session cookie, and requires CSRF on unsafe session requests', async () => {
    const user = await insertUser(t);
    const token = await csrf();
    const login = await t.request({
      method: 'POST',
      url: '/api/identity/auth/login/',
      cookies: { csrftoken: token },
      headers: { 'x-csrftoken': token },
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().session_expiry).toBeTruthy();
    const session = login.cookies.find((c) => c.name === 'sessionid')!;
    expect(session.httpOnly).toBe(true);
    const newCsrf = login.cookies.find((c) => c.name === 'csrftoken')!.value;
    const cookies = { sessionid: session.value, csrftoken: newCsrf };

    expect((await t.request({ method: 'GET', url: '/api/identity/user/', cookies })).statusCode).toBe(200);
    const status = await t.request({ method: 'GET', url: '/api/identity/auth/session/status/', cookies });
    expect(status.json().session_expiry).toBeTruthy();

    const noHeader = await t.request({ method: 'PATCH', url: '/api/identity/user/', cookies, payload: { first_name: 'X' } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing.' });
    const wrongHeader = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      cookies,
      headers: { 'x-csrftoken': 'f'.repeat(64) },
      payload: { first_name: 'X' },
    });
    expect(wrongHeader.json()).toEqual({ detail: 'CSRF Failed: CSRF token incorrect.' });
    const ok = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      cookies,
      headers: { 'x-csrftoken': newCsrf },
      payload: { first_name: 'Sess' },
    });
    expect(ok.statusCode).toBe(200);

    const refreshed = await t.request({
      method: 'POST',
      url: '/api/identity/auth/session/refresh/',
      cookies,
      headers: { 'x-csrftoken': newCsrf },
    });
    expect(refreshed.statusCode).toBe(200);

    const logout = await t.request({
      method: 'POST',
      url: '/api/identity/auth/logout/',
      cookies,
      headers: { 'x-csrftoken': newCsrf },
    });
    expect(logout.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', cookies })).statusCode).toBe(401);
  });
});

describe('permissions', () => {
  it('superuser holds every permission', async () => {
    const response = await t.request({ method: 'GET', url: '/api/identity/auth/permissions/', token: admin.token });
    const { permissions } = response.json();
    expect(permissions.accounts.client).toEqual({ read: true, add: true, change: true, delete: true });
    expect(permissions.google_sync.directoryuser.delete).toBe(true);
  });

  it('derives flags from the default group of the user type', async () => {
    const site = await insertUser(t, { userType: 5 });
    const { permissions } = (
      await t.request({ method: 'GET', url: '/api/identity/auth/permissions/', token: site.token })
    ).json();
    expect(permissions.accounts.client).toEqual({ read: true, add: false, change: false, delete: false });
    expect(permissions.helpdesk.ticket).toEqual({ read: false, add: false, change: false, delete: false });
    const guest = await insertUser(t, { userType: 7 });
    const guestPerms = (await t.request({ method: 'GET', url: '/api/identity/auth/permissions/', token: guest.token })).json()
      .permissions;
    expect(
      Object.values(guestPerms)
        .flatMap((models) => Object.values(models as object))
        .every((f) => !Object.values(f).some(Boolean)),
    ).toBe(true);
  });

  it('adds direct grants to group permissions', async () => {
    const user = await insertUser(t, { noGroup: true });
    await identityServiceFor(t).grant(user.email, { permission: 'brand.change' });
    const { permissions } = (
      await t.request({ method: 'GET', url: '/api/identity/auth/permissions/', token: user.token })
    ).json();
    expect(permissions.operations.brand).toEqual({ read: false, add: false, change: true, delete: false });
  });

  it('applies a grant on the very next request, though permissions are cached between requests', async () => {
    const user = await insertUser(t, { noGroup: true });
    const brands = () => t.request({ method: 'GET', url: '/api/operations/brands/', token: user.token });
    expect((await brands()).statusCode).toBe(403);
    const cached = await brands();
    expect(cached.statusCode).toBe(403);
    // The cached keys spare the permission query on a repeated request, and the cached token its lookup.
    expect(Number(cached.headers['x-sql-statements'])).toBe(0);
    await identityServiceFor(t).grant(user.email, { permission: 'brand.read' });
    expect((await brands()).statusCode).toBe(200);
  });
});

describe('users list', () => {
  it('serves the public shape to holders of user read, and 403 to others', async () => {
    const corporate = await insertUser(t, { userType: 2, firstName: 'Zed', lastName: 'Public' });
    const response = await t.request({ method: 'GET', url: '/api/identity/users/?search=zed%20public', token: corporate.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([{ id: corporate.id, full_name: 'Zed Public', email: corporate.email }]);
    const employee = await insertUser(t, { userType: 6 });
    const refused = await t.request({ method: 'GET', url: '/api/identity/users/', token: employee.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await t.request({ method: 'GET', url: '/api/identity/users/' })).statusCode).toBe(401);
  });

  it('never lets password hashes be filtered, ordered or selected', async () => {
    for (const url of [
      '/api/identity/users/?filters={"password__startswith":"scrypt"}',
      '/api/identity/users/?ordering=password',
      '/api/identity/users/?select=id,password',
    ]) {
      const response = await t.request({ method: 'GET', url: encodeURI(url), token: admin.token });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('user', () => {
  it('changes first and last name within 150 characters', async () => {
    const user = await insertUser(t);
    const ok = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      token: user.token,
      payload: { first_name: 'Grace', last_name: 'Hopper', email: 'ignored@x.io', is_superuser: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      full_name: 'Grace Hopper',
      email: user.email,
      is_superuser: false,
    });
    const long = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      token: user.token,
      payload: { first_name: 'x'.repeat(151) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ first_name: ['Ensure this field has no more than 150 characters.'] });
    const exact = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      token: user.token,
      payload: { first_name: 'x'.repeat(150) },
    });
    expect(exact.statusCode).toBe(200);
    const unicode = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      token: user.token,
      payload: { first_name: 'Zoë 🍲'.padEnd(150, 'é') },
    });
    expect(unicode.statusCode).toBe(200);
    const nul = await t.request({
      method: 'PATCH',
      url: '/api/identity/user/',
      token: user.token,
      payload: { last_name: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ last_name: ['Null characters are not allowed.'] });
  });
});

describe('method not allowed', () => {
  it('answers 405 for a method the path does not list', async () => {
    const response = await t.request({ method: 'DELETE', url: '/api/identity/user/', token: admin.token });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
  });
});

describe('OpenAPI document', () => {
  it('lists every registered route, as JSON and YAML', async () => {
    const json = await t.request({ method: 'GET', url: '/api/schema/?format=json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toBe('3.1.0');
    for (const entry of t.app.routeTable) {
      expect(document.paths[entry.path], entry.path).toBeDefined();
      expect(document.paths[entry.path][entry.method.toLowerCase()], `${entry.method} ${entry.path}`).toBeDefined();
    }
    const yaml = await t.request({ method: 'GET', url: '/api/schema/?format=yaml' });
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(yaml.body).toContain('openapi: 3.1.0');
  });
});
