import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';

let t: TestApp;
let admin: TestUser;
let watcher: TestUser;
let outsider: TestUser;
let scoped: TestUser;
let client: { id: string; name: string };
let otherClient: { id: string };
let costCentre: { id: string };
let legalEntity: { id: string };

const url = '/api/notifications/watches/';

/** A user who may read tickets, clients and cost centres but is not staff (so no "created" notification of their own). */
async function reader(): Promise<TestUser> {
  const user = await insertUser(t, { userType: 7 });
  for (const permission of ['ticket.read', 'client.read', 'costcentre.read']) await grant(t, user.email, permission);
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  watcher = await reader();
  outsider = await insertUser(t, { userType: 7, noGroup: true });
  legalEntity = await insertLegalEntity(t, admin.token);
  client = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity.id })) as { id: string; name: string };
  otherClient = await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity.id });
  costCentre = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: legalEntity.id });
  // A Site user allocated to the other client only: this client is outside their scope.
  scoped = await insertUser(t, { userType: 5 });
  await allocate(t, scoped.id, { clientId: otherClient.id });
});
afterAll(() => t.close());

const watch = (user: TestUser, payload: unknown) => t.request({ method: 'POST', url, token: user.token, payload: payload as object });
const watchedChanges = (user: TestUser) =>
  t.database.query<{ verb: string; target_id: string; kind: string; description: string }>(
    "select verb, target_id, kind, description from notifications_notification where recipient_id = $1 and kind = 'watched_change' order by timestamp, id",
    [user.id],
  );

describe('watches API', () => {
  it('watches a readable client, lists it, answers the same watch twice, and stops watching', async () => {
    const user = await reader();
    const res = await watch(user, { model: 'client', id: client.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ model: 'client', object_id: client.id });
    expect((await watch(user, { model: 'client', id: client.id })).json().id).toBe(res.json().id);
    const list = await t.request({ method: 'GET', url, token: user.token });
    expect(list.json()).toEqual([res.json()]);
    // Another user cannot remove it.
    expect((await t.request({ method: 'DELETE', url: `${url}${res.json().id}/`, token: watcher.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `${url}${res.json().id}/`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url, token: user.token })).json()).toEqual([]);
  });

  it('answers 404 for what the caller cannot read: no permission, outside their allocation, or unknown', async () => {
    const ticket = await insertTicket(t, admin, { client: client.id });
    for (const payload of [
      { model: 'client', id: client.id },
      { model: 'ticket', id: ticket.id },
      { model: 'cost_centre', id: costCentre.id },
    ]) {
      expect((await watch(outsider, payload)).statusCode, JSON.stringify(payload)).toBe(404);
    }
    expect((await watch(scoped, { model: 'client', id: client.id })).statusCode).toBe(404);
    expect((await watch(scoped, { model: 'cost_centre', id: costCentre.id })).statusCode).toBe(404);
    expect((await watch(admin, { model: 'ticket', id: costCentre.id })).statusCode).toBe(404);
    expect((await watch(admin, { model: 'client', id: '01890000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    const rows = await t.database.query('select 1 from notifications_watch where user_id in ($1, $2)', [outsider.id, scoped.id]);
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['an unknown model', { model: 'site', id: '01890000-0000-7000-8000-000000000000' }, 'model'],
    ['a bad id', { model: 'client', id: 'nope' }, 'id'],
    ['a missing id', { model: 'client' }, 'id'],
  ])('refuses %s with 400 naming the field', async (_name, payload, field) => {
    const res = await watch(watcher, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toContain(field);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url, payload: { model: 'client', id: client.id } })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `${url}01890000-0000-7000-8000-000000000000/` })).statusCode).toBe(401);
  });
});

describe('watchers are notified', () => {
  it('of a new ticket at a watched client or cost centre, once each, the actor never', async () => {
    const both = await reader();
    expect((await watch(both, { model: 'client', id: client.id })).statusCode).toBe(201);
    expect((await watch(both, { model: 'cost_centre', id: costCentre.id })).statusCode).toBe(201);
    expect((await watch(admin, { model: 'client', id: client.id })).statusCode).toBe(201);
    const ticket = await insertTicket(t, admin, { cost_centre: costCentre.id });
    const seen = await watchedChanges(both);
    expect(seen).toEqual([{ verb: 'raised a ticket at', target_id: ticket.id, kind: 'watched_change', description: expect.stringContaining('a site you watch') }]);
    expect((await watchedChanges(admin)).filter((n) => n.target_id === ticket.id)).toEqual([]);
  });

  it('of changes to a watched ticket, and not with watched changes off in-app', async () => {
    const on = await reader();
    const off = await reader();
    const ticket = await insertTicket(t, admin, { client: otherClient.id });
    for (const user of [on, off]) expect((await watch(user, { model: 'ticket', id: ticket.id })).statusCode).toBe(201);
    const prefs = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences/',
      token: off.token,
      payload: { channels: { watched_change: { in_app: false, email: false, push: false } }, quiet_hours: null, digest: 'NONE', digest_time: '08:00' },
    });
    expect(prefs.statusCode).toBe(200);
    const res = await t.request({ method: 'PATCH', url: `/api/helpdesk/tickets/${ticket.id}/`, token: admin.token, payload: { priority: 'HIGH' } });
    expect(res.statusCode).toBe(200);
    expect(await watchedChanges(on)).toEqual([{ verb: 'changed', target_id: ticket.id, kind: 'watched_change', description: expect.stringContaining('priority') }]);
    expect(await watchedChanges(off)).toEqual([]);
  });

  it('of changes to a watched client (records write through their audit), the changer not', async () => {
    const user = await reader();
    expect((await watch(user, { model: 'client', id: otherClient.id })).statusCode).toBe(201);
    expect((await watch(admin, { model: 'client', id: otherClient.id })).statusCode).toBe(201);
    const res = await t.request({ method: 'PATCH', url: `/api/accounts/clients/${otherClient.id}/`, token: admin.token, payload: { name: 'Renamed Watched Client' } });
    expect(res.statusCode).toBe(200);
    expect(await watchedChanges(user)).toEqual([
      { verb: 'changed', target_id: otherClient.id, kind: 'watched_change', description: 'The client Renamed Watched Client you watch was changed' },
    ]);
    expect((await watchedChanges(admin)).filter((n) => n.target_id === otherClient.id)).toEqual([]);
    // A write that changes nothing is not a change.
    const same = await t.request({ method: 'PATCH', url: `/api/accounts/clients/${otherClient.id}/`, token: admin.token, payload: { name: 'Renamed Watched Client' } });
    expect(same.statusCode).toBe(200);
    expect(await watchedChanges(user)).toHaveLength(1);
  });

  it('200 watchers of a site get their notifications from ONE insert statement (as many statements as 1 watcher)', async () => {
    const legal = await insertLegalEntity(t, admin.token);
    const capture = async (watchers: number) => {
      const site = await insertClient(t, admin.token, { owner: admin.id, legal_entity: legal.id });
      const users = await t.database.query<{ id: string }>(
        `insert into auth_user (id, email, password, first_name, last_name)
         select gen_random_uuid(), 'watcher.' || n || '.' || $1 || '@example.test', '!', 'Watcher', 'N' || n from generate_series(1, $2::int) n returning id`,
        [site.id, watchers],
      );
      await t.database.query(
        `insert into notifications_watch (id, user_id, model, object_id) select gen_random_uuid(), u, 'client', $1::uuid from unnest($2::uuid[]) u`,
        [site.id, users.map((u) => u.id)],
      );
      const res = await t.request({
        method: 'POST',
        url: '/api/helpdesk/tickets/',
        token: admin.token,
        headers: { 'x-debug-sql': '1' },
        payload: { title: 'At a busy site', ticket_type: 'INCIDENT', ticket_content: { type: 'doc', content: [] }, client: site.id },
      });
      expect(res.statusCode).toBe(201);
      const statements = JSON.parse(Buffer.from(String(res.headers['x-debug-sql']), 'base64').toString('utf8')) as { sql: string }[];
      const stored = await t.database.query<{ n: number }>(
        "select count(*)::int as n from notifications_notification where target_id = $1 and kind = 'watched_change'",
        [res.json().id],
      );
      return { statements, stored: stored[0]!.n };
    };
    const one = await capture(1);
    const many = await capture(200);
    expect(one.stored).toBe(1);
    expect(many.stored).toBe(200);
    const watcherInserts = many.statements.filter((s) => /insert into "notifications_notification".*select distinct/is.test(s.sql));
    expect(watcherInserts).toHaveLength(1);
    expect(many.statements.length).toBe(one.statements.length);
  });
});
