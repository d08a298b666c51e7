import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { insertTicket, multipart, richText } from './test/factories/helpdesk';

/**
 * Malformed credentials (token headers, cookies, CSRF headers) and hostile
 * JSON bodies (over the size limit, broken, deeply nested, prototype keys):
 * each answers a DRF-shaped 4xx, never 500, and grants nothing.
 */
let t: TestApp;
let small: TestApp;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ loginFailureLimit: 1000 });
  small = await createTestApp({ bodyLimitBytes: 4 * 1024 });
  user = await insertUser(t, { userType: 2 });
  admin = await insertUser(t, { superuser: true });
});
afterAll(async () => {
  await t?.close();
  await small?.close();
});

const expectClientError = (response: { statusCode: number; body: string }, label: string) => {
  expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
};

async function sessionOf(who: TestUser) {
  const csrf = await t.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' });
  const csrftoken = csrf.json().csrftoken as string;
  const login = await t.request({
    method: 'POST',
    url: '/api/identity/auth/login/',
    payload: { email: who.email, password: who.password },
    cookies: { csrftoken },
    headers: { 'x-csrftoken': csrftoken },
  });
  expect(login.statusCode, login.body).toBe(200);
  const sessionid = login.cookies.find((c) => c.name === 'sessionid')!.value;
  return { sessionid, csrftoken };
}

describe('malformed token headers', () => {
  const headers = (token: string) => [
    'Token',
    'Token ',
    `Token ${token} extra`,
    `Token ${'x'.repeat(300)}`,
    `Token ${'x'.repeat(100_000)}`,
    `Token ${token.slice(0, -1)}`,
    `Token ${token}x`,
    'Token \u0001\u0002',
    "Token ' OR '1'='1",
    'Token null',
    'Token ../../etc/passwd',
    `Token\t${token.toUpperCase()}`,
    `Bearer ${token}`,
    'Basic YWRtaW46YWRtaW4=',
    '',
    '   ',
  ];

  it('answer 401 on an authenticated endpoint and never reach a handler', async () => {
    for (const authorization of headers(admin.token)) {
      const response = await t.request({ method: 'GET', url: '/api/identity/user/', headers: { authorization } });
      expect(response.statusCode, JSON.stringify(authorization.slice(0, 40))).toBe(401);
      expect(Object.keys(response.json())).toEqual(['detail']);
    }
  });

  it('never grant anything on endpoints with permission or optional access', async () => {
    for (const authorization of headers(admin.token)) {
      for (const url of ['/api/accounts/clients/', '/api/helpdesk/tickets/', '/api/notifications/counts/']) {
        const response = await t.request({ method: 'GET', url, headers: { authorization } });
        expect(response.statusCode, `${url} ${authorization.slice(0, 30)}`).toBe(401);
      }
      // Logout takes an optional credential: a malformed one is refused or treated as anonymous, and ends nothing.
      const logout = await t.request({ method: 'POST', url: '/api/identity/auth/logout/', headers: { authorization } });
      expect([200, 401], `${authorization.slice(0, 30)}: ${logout.body}`).toContain(logout.statusCode);
    }
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', token: admin.token })).statusCode).toBe(200);
  });

  it('a token in the query string or a cookie is not a credential', async () => {
    expect((await t.request({ method: 'GET', url: `/api/identity/user/?token=${admin.token}` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/identity/user/', cookies: { token: admin.token, sessionid: admin.token } })).statusCode).toBe(401);
  });
});

describe('malformed cookies', () => {
  it.each([
    ['a long session id', 'sessionid=' + 'x'.repeat(5000)],
    ['a broken percent encoding', 'sessionid=%E0%A4%A; csrftoken=%ZZ'],
    ['no value', 'sessionid'],
    ['separators only', '=;;=; ;'],
    ['duplicated names', 'sessionid=a; sessionid=b; sessionid=c'],
    ['quotes and unicode', 'sessionid="\u00e9\u00e8"; csrftoken="x'],
    ['an SQL fragment', "sessionid=' OR 1=1 --"],
  ])('%s answers 401 on an authenticated endpoint', async (_name, cookie) => {
    const response = await t.request({ method: 'GET', url: '/api/identity/user/', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(401);
    const unsafe = await t.request({ method: 'POST', url: '/api/identity/auth/logout/', headers: { cookie, 'x-csrftoken': 'x' } });
    expectClientError({ statusCode: unsafe.statusCode === 200 ? 400 : unsafe.statusCode, body: unsafe.body }, 'logout');
  });
});

describe('malformed CSRF headers on a session', () => {
  it('refuse an unsafe request with 403 "CSRF Failed" for every wrong header, and change nothing', async () => {
    const { sessionid, csrftoken } = await sessionOf(user);
    const cases: [string, Record<string, string>, Record<string, string>][] = [
      ['no header', { sessionid, csrftoken }, {}],
      ['an empty header', { sessionid, csrftoken }, { 'x-csrftoken': '' }],
      ['another token', { sessionid, csrftoken }, { 'x-csrftoken': csrftoken.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) }],
      ['a shorter token', { sessionid, csrftoken }, { 'x-csrftoken': csrftoken.slice(1) }],
      ['a very long token', { sessionid, csrftoken }, { 'x-csrftoken': 'x'.repeat(10_000) }],
      ['non-ASCII bytes', { sessionid, csrftoken }, { 'x-csrftoken': Buffer.from('é'.repeat(csrftoken.length / 2), 'utf8').toString('latin1') }],
      ['no CSRF cookie', { sessionid }, { 'x-csrftoken': csrftoken }],
      ['the session key as token', { sessionid, csrftoken }, { 'x-csrftoken': sessionid }],
    ];
    for (const [name, cookies, headers] of cases) {
      const response = await t.request({ method: 'PATCH', url: '/api/identity/user/', cookies, headers, payload: { first_name: 'Changed' } });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(response.json().detail, name).toMatch(/^CSRF Failed/);
    }
    const me = await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token });
    expect(me.json().first_name).not.toBe('Changed');
    // The right header passes, so the refusals above were about the header alone.
    const ok = await t.request({ method: 'PATCH', url: '/api/identity/user/', cookies: { sessionid, csrftoken }, headers: { 'x-csrftoken': csrftoken }, payload: { first_name: 'Session' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the session login itself refuses a missing or wrong CSRF token', async () => {
    const csrftoken = (await t.request({ method: 'GET', url: '/api/identity/auth/csrftoken/' })).json().csrftoken as string;
    for (const headers of [{}, { 'x-csrftoken': 'wrong' }, { 'x-csrftoken': `${csrftoken} ` }]) {
      const response = await t.request({ method: 'POST', url: '/api/identity/auth/login/', cookies: { csrftoken }, headers, payload: { email: user.email, password: user.password } });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    }
  });
});

describe('hostile JSON bodies', () => {
  it('over the size limit answer 413 on every kind of endpoint', async () => {
    const smallAdmin = await insertUser(small, { superuser: true });
    const big = 'x'.repeat(8 * 1024);
    const ticket = await insertTicket(small, smallAdmin);
    const cases = [
      ['POST', '/api/identity/auth/knox/login/', { email: 'a@b.c', password: big }, undefined],
      ['POST', '/api/accounts/clients/', { name: big }, smallAdmin.token],
      ['PATCH', '/api/identity/user/', { first_name: big }, smallAdmin.token],
      ['POST', '/api/helpdesk/tickets/', { title: 'Big', ticket_type: 'ISSUE', ticket_content: richText(big) }, smallAdmin.token],
      ['POST', `/api/helpdesk/tickets/${ticket.id}/conversations/`, { message: richText(big) }, smallAdmin.token],
      ['POST', '/api/helpdesk/my-tickets/issue/', { title: 'Big', ticket_content: richText(big) }, smallAdmin.token],
      ['POST', '/api/identity/page-setting/', { page: 'BIG', layout: 'GRID', page_setting: { filters: { name: big } } }, smallAdmin.token],
    ] as const;
    for (const [method, url, payload, token] of cases) {
      const response = await small.request({ method, url, payload, token });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large.' });
    }
    expect(Number((await small.database.query<{ n: number }>('select count(*)::int as n from helpdesk_ticket'))[0]!.n)).toBe(1);
  });

  it('broken JSON, the wrong content type, prototype keys and deep nesting answer 4xx', async () => {
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const bodies: [string, string, string][] = [
      ['broken JSON', '{"title": "x",', 'application/json'],
      ['a JSON string', '"just a string"', 'application/json'],
      ['a JSON array', '[1,2,3]', 'application/json'],
      ['null', 'null', 'application/json'],
      ['text/plain', 'title=x', 'text/plain'],
      ['a form', 'title=x', 'application/x-www-form-urlencoded'],
      ['__proto__', '{"title":"x","ticket_type":"ISSUE","__proto__":{"isSuperuser":true}}', 'application/json'],
      ['constructor.prototype', '{"title":"x","ticket_type":"ISSUE","constructor":{"prototype":{"isSuperuser":true}}}', 'application/json'],
      ['deeply nested content', `{"title":"x","ticket_type":"ISSUE","ticket_content":${deep(5000)}}`, 'application/json'],
      ['deeply nested arrays', `{"title":"x","ticket_type":"ISSUE","ticket_content":{"a":${deepArray(50_000)}}}`, 'application/json'],
      ['a lone surrogate', '{"title":"\\ud800","ticket_type":"ISSUE"}', 'application/json'],
      ['a NUL character', '{"title":"a\\u0000b","ticket_type":"ISSUE"}', 'application/json'],
    ];
    for (const [name, payload, contentType] of bodies) {
      for (const url of ['/api/helpdesk/tickets/', '/api/helpdesk/my-tickets/issue/']) {
        const response = await t.request({ method: 'POST', url, token: admin.token, payload, headers: { 'content-type': contentType } });
        if (name === 'a lone surrogate' && response.statusCode === 201) continue;
        expectClientError(response, `${name} on ${url}`);
      }
    }
    for (const [name, payload] of [
      ['deeply nested page setting', `{"page":"DEEP","layout":"GRID","page_setting":${deep(5000)}}`],
      ['deeply nested filters', `{"page":"DEEP2","layout":"GRID","page_setting":{"filters":${deep(5000)}}}`],
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/identity/page-setting/', token: admin.token, payload, headers: { 'content-type': 'application/json' } });
      expectClientError(response, name!);
    }
    const me = await t.request({ method: 'GET', url: '/api/identity/user/', token: user.token });
    expect(me.json().is_superuser).toBe(false);
    expect(({} as Record<string, unknown>).isSuperuser).toBeUndefined();
  });

  it('deeply nested rich text in the help drawer form answers 400', async () => {
    for (const depth of [5000, 50_000]) {
      const form = multipart({ title: 'Deep', ticket_content: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` });
      const response = await t.request({ method: 'POST', url: '/api/helpdesk/my-tickets/issue/', token: user.token, payload: form.payload, headers: form.headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual(['ticket_content']);
    }
  });

  it('deeply nested list filters answer 400', async () => {
    const filters = encodeURIComponent(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`);
    const response = await t.request({ method: 'GET', url: `/api/helpdesk/tickets/?filters=${filters}`, token: admin.token });
    expectClientError(response, 'filters');
  });
});

describe('hostile path parameters', () => {
  it('every route answers 4xx (never 5xx) for ids that are not ids', async () => {
    const HOSTILE_IDS = ['x', '0', '-1', '1e400', '%00', '%2e%2e', '..%2f..%2fetc', 'a'.repeat(190), '%C3%A9', '%F0%9F%8D%94', '00000000-0000-0000-0000-00000000000g', '{id}', 'null'];
    const failures: string[] = [];
    for (const entry of t.app.routeTable.filter((e) => /\{\w+\}/.test(e.path) && !e.endpoint.streaming)) {
      for (const id of HOSTILE_IDS) {
        const url = entry.path.replace(/\{\w+\}/g, id);
        const response = await t.request({ method: entry.method, url, token: admin.token, payload: ['POST', 'PUT', 'PATCH'].includes(entry.method) ? {} : undefined });
        if (response.statusCode >= 500) failures.push(`${entry.method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
