import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@ops/contract/audit/audit.values';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { auditLog } from '../../db/schema/audit';
import { totpFor } from '../identity/mfa-factors';

// The audit trail (platform.md 14.6): GET audit/, retention, the nightly purge, and each action kind written.

let t: TestApp;
let admin: TestUser;
let corporate: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { userType: 1, firstName: 'Ada', lastName: 'Admin' });
  corporate = await insertUser(t, { userType: 2 });
});
afterAll(() => t?.close());

const get = (url: string, user: TestUser | null = admin) => t.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });
const entriesFor = async (userId: string, action: string) =>
  (await get(`/api/audit/?filters=${encodeURIComponent(JSON.stringify({ record_id: userId, action }))}`)).json().results as {
    action: string;
    user: { id: string } | null;
    model: string;
    changes: Record<string, unknown>;
    ip: string | null;
  }[];

describe('GET audit/', () => {
  it('needs the auditentry read permission (the Admin group has it)', async () => {
    expect((await get('/api/audit/', null)).statusCode).toBe(401);
    expect((await get('/api/audit/', corporate)).statusCode).toBe(403);
    expect((await get('/api/audit/retention/', corporate)).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/audit/retention/', token: corporate.token, payload: {} })).statusCode).toBe(403);
    expect((await get('/api/audit/')).statusCode).toBe(200);
  });

  it('records sign-in, failed sign-in and sign-out with who and from where', async () => {
    const user = await insertUser(t, { userType: 2 });
    const login = (password: string) =>
      t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email: user.email, password }, remoteAddress: '203.0.113.7' });
    expect((await login('Wrong-password-1')).statusCode).toBe(400);
    const ok = await login(user.password);
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/identity/auth/knox/logout/', token: ok.json().token, remoteAddress: '203.0.113.8' })).statusCode).toBe(204);

    const [failed] = await entriesFor(user.id, 'login_failed');
    expect(failed).toMatchObject({ action: 'login_failed', model: 'user', ip: '203.0.113.7', user: { id: user.id } });
    expect(failed!.changes).toMatchObject({ event: 'login_failed', email: user.email });
    expect(await entriesFor(user.id, 'login')).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: user.id }), ip: '203.0.113.7' })]);
    expect(await entriesFor(user.id, 'logout')).toEqual([expect.objectContaining({ ip: '203.0.113.8', changes: { via: 'token', scope: 'one' } })]);
  });

  it('records second-factor changes (TOTP confirmed and removed)', async () => {
    const user = await insertUser(t, { userType: 2 });
    const setup = await t.request({ method: 'POST', url: '/api/identity/mfa/totp/setup/', token: user.token });
    const { secret } = setup.json() as { secret: string };
    const code = (offset: number) => totpFor(secret).generate({ timestamp: Date.now() + offset * 1000 });
    expect((await t.request({ method: 'POST', url: '/api/identity/mfa/totp/confirm/', token: user.token, payload: { code: code(-30) } })).statusCode).toBe(200);
    const removed = await t.request({ method: 'DELETE', url: '/api/identity/mfa/totp/', token: user.token, payload: { code: code(0) } });
    expect(removed.statusCode).toBe(204);
    const events = (await entriesFor(user.id, 'mfa_change')).map((entry) => entry.changes.event);
    expect(events).toEqual(expect.arrayContaining(['mfa_totp_enabled', 'mfa_recovery_codes_generated', 'mfa_totp_disabled']));
  });

  it('records permission changes (group membership)', async () => {
    const user = await insertUser(t, { userType: 4 });
    // insertUser joins the default group of the type: a permission change about that user.
    const entries = await entriesFor(user.id, 'permission_change');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]!.changes).toMatchObject({ event: 'group_joined' });
  });

  it('records each list export, and is a list like every other: filters, ordering, paging, CSV', async () => {
    const csv = await get('/api/audit/?format=csv&filters=' + encodeURIComponent(JSON.stringify({ action: 'login' })));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toMatch(/action/i);
    const exports = (await get(`/api/audit/?filters=${encodeURIComponent(JSON.stringify({ action: 'export', user: admin.id }))}`)).json();
    expect(exports.results[0]).toMatchObject({ action: 'export', model: 'auditentry', user: { id: admin.id, full_name: 'Ada Admin' } });
    expect(exports.results[0].changes).toMatchObject({ path: '/api/audit/', format: 'csv' });

    const page = (await get('/api/audit/?limit=2&ordering=at')).json();
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=2');
    expect(page.results[0].at <= page.results[1].at).toBe(true);
    expect((await get('/api/audit/?ordering=changes')).statusCode).toBe(400);
    const bad = await get(`/api/audit/?filters=${encodeURIComponent(JSON.stringify({ action: 'nope' }))}`);
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/audit/?filters=${encodeURIComponent(JSON.stringify({ secret: 1 }))}`)).statusCode).toBe(400);
  });
});

describe('audit/retention/ and the purge', () => {
  const allNull = Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, null]));
  const put = (payload: unknown) => t.request({ method: 'PUT', url: '/api/audit/retention/', token: admin.token, payload: payload as object });

  it('answers every action (null: forever), takes exactly the action names, and a bad body changes nothing', async () => {
    expect((await get('/api/audit/retention/')).json()).toEqual(allNull);
    const unknown = await put({ ...allNull, login: 30, constructor: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ constructor: ['Not an audit action.'] });
    const missing = await put({ login: 30 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('logout');
    expect((await put({ ...allNull, login: 0 })).json()).toHaveProperty('login');
    expect((await put({ ...allNull, login: 1.5 })).statusCode).toBe(400);
    const proto = await t.request({ method: 'PUT', url: '/api/audit/retention/', token: admin.token, headers: { 'content-type': 'application/json' }, payload: `{"__proto__": {"login": 1}, ${JSON.stringify(allNull).slice(1)}` });
    expect(proto.statusCode).toBe(400);
    expect((await get('/api/audit/retention/')).json()).toEqual(allNull);

    const saved = await put({ ...allNull, login: 30, login_failed: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...allNull, login: 30, login_failed: 7 });
    expect((await get('/api/audit/retention/')).json()).toEqual({ ...allNull, login: 30, login_failed: 7 });
  });

  it('the purge removes entries older than their action\'s days and keeps the rest', async () => {
    const user = await insertUser(t, { userType: 2 });
    const now = new Date('2030-06-01T03:17:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await t.database.db.insert(auditLog).values([
      { action: 'login', model: 'user', recordId: user.id, userId: user.id, at: daysAgo(31) },
      { action: 'login', model: 'user', recordId: user.id, userId: user.id, at: daysAgo(29) },
      { action: 'login_failed', model: 'user', recordId: user.id, userId: user.id, at: daysAgo(8) },
      { action: 'logout', model: 'user', recordId: user.id, userId: user.id, at: daysAgo(4000) },
    ]);
    await put({ ...allNull, login: 30, login_failed: 7 });
    const removed = await t.app.auditTrail.purge(now);
    expect(removed.get('login')).toBeGreaterThanOrEqual(1);
    expect(removed.get('login_failed')).toBeGreaterThanOrEqual(1);
    expect(removed.has('logout')).toBe(false);
    const left = await t.database.db.execute(sql`select action, at from audit_log where record_id = ${user.id} and action in ('login', 'login_failed', 'logout') order by at`);
    const rows = ((left as { rows?: unknown[] }).rows ?? left) as { action: string }[];
    expect(rows.map((row) => row.action)).toEqual(['logout', 'login']);
  });
});
