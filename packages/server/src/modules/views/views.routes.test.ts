import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';

let t: TestApp;
let adminType: TestUser; // Admin group: holds view.share by default
let alice: TestUser; // Corporate user: no view.share
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  adminType = await insertUser(t, { userType: 1 });
  alice = await insertUser(t, { userType: 2 });
  bob = await insertUser(t, { userType: 2 });
});
afterAll(() => t.close());

const settings = {
  filters: { name__icontains: 'cat' },
  sorting: ['-created_at'],
  renaming: { name: 'Client' },
  visible_fields: ['name'],
  column_order: ['name'],
  column_widths: { name: 240 },
};

async function create(user: TestUser, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/identity/views/', token: user.token, payload: body });
}

const listNames = async (user: TestUser, page = 'CLIENTS') => {
  const response = await t.request({
    method: 'GET',
    url: `/api/identity/views/?filters=${encodeURIComponent(JSON.stringify({ page }))}`,
    token: user.token,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().results as { name: string }[]).map((v) => v.name);
};

describe('views', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/identity/views/' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/identity/views/', payload: { page: 'CLIENTS', name: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('saves a named view with its settings and lists own and shared views only', async () => {
    const mine = await create(alice, { page: 'CLIENTS', name: 'Catering clients', settings });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      page: 'CLIENTS',
      name: 'Catering clients',
      shared: false,
      is_default: false,
      is_owner: true,
      owner: { id: alice.id },
      settings,
    });
    expect((await create(bob, { page: 'CLIENTS', name: 'Bob private' })).statusCode).toBe(201);
    const shared = await create(adminType, { page: 'CLIENTS', name: 'Team view', shared: true, settings });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ shared: true });
    expect((await listNames(alice)).sort()).toEqual(['Catering clients', 'Team view']);
    expect((await listNames(bob)).sort()).toEqual(['Bob private', 'Team view']);
    // Another page's views are not this page's.
    expect(await listNames(alice, 'BRANDS')).toEqual([]);
    // A shared view is not the reader's to change.
    const seen = await t.request({ method: 'GET', url: `/api/identity/views/${shared.json().id}/`, token: alice.token });
    expect(seen.json()).toMatchObject({ is_owner: false, owner: { id: adminType.id } });
  });

  it('validates the body (400 naming the field) and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'No page' }, 'page'],
      [{ page: 'clients', name: 'Lower case page' }, 'page'],
      [{ page: 'CLIENTS' }, 'name'],
      [{ page: 'CLIENTS', name: '   ' }, 'name'],
      [{ page: 'CLIENTS', name: 'x'.repeat(101) }, 'name'],
      [{ page: 'CLIENTS', name: 'Bad settings', settings: { sorting: 'name' } }, 'settings'],
      [{ page: 'CLIENTS', name: 'Huge', settings: { filters: {}, extra: 'x'.repeat(70 * 1024) } }, 'settings'],
      [{ page: 'CLIENTS', name: 'Bad shared', shared: 'yes' }, 'shared'],
    ];
    for (const [body, field] of cases) {
      const response = await create(alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty(field);
    }
    const duplicate = await create(alice, { page: 'CLIENTS', name: 'CATERING CLIENTS' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toHaveProperty('name');
    expect((await listNames(alice)).sort()).toEqual(['Catering clients', 'Team view']);
  });

  it('sharing without view.share is 403 and shares nothing', async () => {
    const refused = await create(alice, { page: 'CLIENTS', name: 'Try to share', shared: true });
    expect(refused.statusCode).toBe(403);
    expect(await listNames(bob)).not.toContain('Try to share');
    const own = (await create(alice, { page: 'CLIENTS', name: 'Later share' })).json();
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/identity/views/${own.id}/`,
      token: alice.token,
      payload: { shared: true },
    });
    expect(patch.statusCode).toBe(403);
    expect(await listNames(bob)).not.toContain('Later share');
    // Renaming (without touching shared) needs no permission.
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/identity/views/${own.id}/`,
      token: alice.token,
      payload: { name: 'Renamed', shared: false },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', shared: false });
  });

  it('only the owner changes or deletes a view: someone else’s is 404, shared or not', async () => {
    const privateView = (await create(bob, { page: 'CLIENTS', name: 'Bob only' })).json();
    const sharedView = (await create(adminType, { page: 'CLIENTS', name: 'Shared by admin', shared: true })).json();
    for (const id of [privateView.id, sharedView.id]) {
      expect(
        (await t.request({ method: 'PATCH', url: `/api/identity/views/${id}/`, token: alice.token, payload: { name: 'Hijack' } }))
          .statusCode,
      ).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/api/identity/views/${id}/`, token: alice.token })).statusCode).toBe(404);
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/identity/views/${privateView.id}/`, token: alice.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/identity/views/${privateView.id}/make-default/`, token: alice.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/identity/views/${sharedView.id}/`, token: bob.token })).json().name).toBe(
      'Shared by admin',
    );
    expect((await t.request({ method: 'GET', url: '/api/identity/views/not-a-uuid/', token: bob.token })).statusCode).toBe(404);
    // The owner can.
    expect(
      (await t.request({ method: 'DELETE', url: `/api/identity/views/${privateView.id}/`, token: bob.token })).statusCode,
    ).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/identity/views/${privateView.id}/`, token: bob.token })).statusCode).toBe(
      404,
    );
  });

  it('keeps a default per user and page, own or shared; unsharing drops it for others', async () => {
    const shared = (await create(adminType, { page: 'BRANDS', name: 'Brands shared', shared: true })).json();
    const own = (await create(bob, { page: 'BRANDS', name: 'Brands mine' })).json();
    const makeDefault = (user: TestUser, id: string) =>
      t.request({ method: 'POST', url: `/api/identity/views/${id}/make-default/`, token: user.token });
    expect((await makeDefault(bob, shared.id)).json()).toMatchObject({ is_default: true });
    // Someone else's default is not mine.
    expect(
      (await t.request({ method: 'GET', url: `/api/identity/views/${shared.id}/`, token: adminType.token })).json().is_default,
    ).toBe(false);
    // One default per page: a new one replaces it.
    expect((await makeDefault(bob, own.id)).json().is_default).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: `/api/identity/views/${shared.id}/`, token: bob.token })).json().is_default,
    ).toBe(false);
    await makeDefault(bob, shared.id);
    const unshare = await t.request({
      method: 'PATCH',
      url: `/api/identity/views/${shared.id}/`,
      token: adminType.token,
      payload: { shared: false },
    });
    expect(unshare.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/identity/views/${shared.id}/`, token: bob.token })).statusCode).toBe(404);
    const cleared = await t.request({ method: 'POST', url: `/api/identity/views/${own.id}/clear-default/`, token: bob.token });
    expect(cleared.json().is_default).toBe(false);
  });

  it('lists in a bounded number of statements (owners and defaults batched)', async () => {
    for (let i = 0; i < 8; i++) await create(adminType, { page: 'TICKETS', name: `Shared ${i}`, shared: true });
    const response = await t.request({
      method: 'GET',
      url: `/api/identity/views/?filters=${encodeURIComponent('{"page":"TICKETS"}')}`,
      token: bob.token,
    });
    expect(response.json().count).toBe(8);
    const statements = Number(response.headers['x-sql-statements']);
    if (!Number.isNaN(statements)) expect(statements).toBeLessThanOrEqual(8);
  });

  it('reports view.share in the permissions map: Admin group yes, others no', async () => {
    const flags = async (user: TestUser) =>
      (await t.request({ method: 'GET', url: '/api/identity/auth/permissions/', token: user.token })).json().permissions.identity
        .view;
    expect((await flags(adminType)).share).toBe(true);
    expect((await flags(alice)).share).toBe(false);
  });
});
