import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let corporate: TestUser;

const base = '/api/automations';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  // The Admin group holds the automations permissions (every new model's go to it).
  editor = await insertUser(t, { userType: 1, firstName: 'Ada', lastName: 'Admin' });
  corporate = await insertUser(t, { userType: 2 });
});
afterAll(() => t.close());

const rule = (overrides: Json = {}): Json => ({
  name: 'High tickets',
  trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
  conditions: { priority: 'HIGH' },
  actions: [{ type: 'notify', to: ['assignee'], message: 'Ticket {{ticket.number}}: {{record.title}}' }],
  ...overrides,
});
const post = (url: string, payload: Json, user: TestUser = editor) => t.request({ method: 'POST', url, token: user.token, payload });
const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

describe('automation rules', () => {
  it('creates, reads, changes and deletes a rule; every change is a version', async () => {
    const created = await post(`${base}/rules/`, { ...rule(), version: 99, id: '00000000-0000-4000-8000-000000000000' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'High tickets', active: true, version: 1, conditions: { priority: 'HIGH' } });
    expect(body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    const patched = await t.request({ method: 'PATCH', url: `${base}/rules/${body.id}/`, token: editor.token, payload: { name: 'Urgent tickets', version: 50 } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Urgent tickets', version: 2 });
    const versions = (await t.request({ method: 'GET', url: `${base}/rules/${body.id}/versions/`, token: editor.token })).json();
    expect(versions.map((v: Json) => v.version)).toEqual([2, 1]);
    expect(versions[1].rule.name).toBe('High tickets');
    expect(versions[0].edited_by.full_name).toBe('Ada Admin');
    const restored = await post(`${base}/rules/${body.id}/versions/1/restore/`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ name: 'High tickets', version: 3 });
    expect((await post(`${base}/rules/${body.id}/versions/9/restore/`, {})).statusCode).toBe(404);
    const list = (await t.request({ method: 'GET', url: `${base}/rules/?filters=${encodeURIComponent(JSON.stringify({ name__icontains: 'high' }))}`, token: editor.token })).json();
    expect(list.results.map((r: Json) => r.id)).toContain(body.id);
    expect((await t.request({ method: 'DELETE', url: `${base}/rules/${body.id}/`, token: editor.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `${base}/rules/${body.id}/`, token: editor.token })).statusCode).toBe(404);
  });

  it.each([
    ['unknown event', { trigger: { event: 'ticket.exploded', model: null, cron: null, timezone: null } }, ['trigger', 'event']],
    ['record event without a model', { trigger: { event: 'record.created', model: 'invoice', cron: null, timezone: null }, conditions: {} }, ['trigger', 'model']],
    ['unknown field in conditions', { conditions: { nonsense__icontains: 'x' } }, ['conditions']],
    ['bad value in conditions', { conditions: { priority: 'SOMETIMES' } }, ['conditions']],
    ['changed on a created event', { changed: ['priority'] }, ['changed']],
    ['unknown changed field', { trigger: { event: 'ticket.updated', model: null, cron: null, timezone: null }, changed: ['colour'] }, ['changed']],
    ['unknown team', { actions: [{ type: 'assign', team: '0190a0a0-0000-7000-8000-000000000001', user: null }] }, ['actions', '0', 'team']],
    ['unknown user', { actions: [{ type: 'assign', team: null, user: '0190a0a0-0000-7000-8000-000000000001' }] }, ['actions', '0', 'user']],
    ['unknown variable', { actions: [{ type: 'notify', to: ['assignee'], message: 'Hello {{record.colour}}' }] }, ['actions', '0', 'message']],
    ['ticket variable on a client', { trigger: { event: 'record.created', model: 'client', cron: null, timezone: null }, conditions: {}, actions: [{ type: 'email', to: ['a@example.com'], subject: '{{ticket.number}}', body: 'x' }] }, ['actions', '0', 'subject']],
    ['invalid cron', { trigger: { event: 'schedule', model: 'ticket', cron: 'every tuesday', timezone: 'Australia/Sydney' } }, ['trigger', 'cron']],
    ['invalid time zone', { trigger: { event: 'schedule', model: 'ticket', cron: '0 9 * * 1', timezone: 'Mars/Olympus' } }, ['trigger', 'timezone']],
    ['cron on a ticket event', { trigger: { event: 'ticket.created', model: null, cron: '0 9 * * 1', timezone: null } }, ['trigger', 'cron']],
    ['unknown webhook', { actions: [{ type: 'webhook', webhook: '0190a0a0-0000-7000-8000-000000000001' }] }, ['actions', '0', 'webhook']],
    ['set_fields on a field not settable', { actions: [{ type: 'set_fields', fields: { number: 5 } }] }, ['actions', '0', 'fields']],
    ['unknown action type', { actions: [{ type: 'explode' }] }, ['actions', '0']],
    ['set_fields on a client (only tickets take it)', { trigger: { event: 'record.updated', model: 'client', cron: null, timezone: null }, conditions: {}, actions: [{ type: 'set_fields', fields: { name: 'x' } }] }, ['actions', '0', 'type']],
    ['set_fields on a site check run', { trigger: { event: 'sitecheck.failed', model: null, cron: null, timezone: null }, conditions: {}, actions: [{ type: 'set_fields', fields: { status: 'DONE' } }] }, ['actions', '0', 'type']],
    ['set_fields on a scheduled cost centre', { trigger: { event: 'schedule', model: 'cost_centre', cron: '0 9 * * 1', timezone: 'Australia/Sydney' }, conditions: {}, actions: [{ type: 'set_fields', fields: { name: 'x' } }] }, ['actions', '0', 'type']],
  ])('refuses %s with a 400 naming the field, saving nothing', async (_name, overrides, path) => {
    const before = await count('automation_rule');
    const response = await post(`${base}/rules/`, rule(overrides));
    expect(response.statusCode, response.body).toBe(400);
    let node: Json = response.json();
    for (const part of path) {
      expect(node, `${response.body} at ${part}`).toHaveProperty([part]);
      node = node[part];
    }
    expect(await count('automation_rule')).toBe(before);
  });

  it('accepts a schedule with a valid cron and time zone', async () => {
    const response = await post(`${base}/rules/`, rule({ trigger: { event: 'schedule', model: 'ticket', cron: '0 9 * * 1', timezone: 'Australia/Sydney' }, actions: [] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().trigger).toEqual({ event: 'schedule', model: 'ticket', cron: '0 9 * * 1', timezone: 'Australia/Sydney' });
  });

  it('refuses callers without the permission', async () => {
    expect((await post(`${base}/rules/`, rule(), corporate)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${base}/rules/`, token: corporate.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${base}/runs/`, token: corporate.token })).statusCode).toBe(403);
    expect((await post(`${base}/rules/dry-run/`, rule(), corporate)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${base}/rules/` })).statusCode).toBe(401);
  });
});

describe('conditional writes of rules (If-Match)', () => {
  const url = (id: string) => `${base}/rules/${id}/`;
  async function created(): Promise<{ id: string; etag: string }> {
    const response = await post(`${base}/rules/`, rule({ name: 'Versioned', active: false }));
    expect(response.statusCode, response.body).toBe(201);
    const read = await t.request({ method: 'GET', url: url(response.json().id), token: editor.token });
    expect(read.headers.etag).toMatch(/^"automation_rule-.+-1"$/);
    return { id: response.json().id, etag: String(read.headers.etag) };
  }

  it('a write with the current ETag succeeds and answers the next one; a stale one is a 412 with the rule now, changing nothing', async () => {
    const { id, etag } = await created();
    const first = await t.request({ method: 'PATCH', url: url(id), token: editor.token, headers: { 'if-match': etag }, payload: { name: 'First' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(etag.replace(/-1"$/, '-2"'));
    const second = await t.request({ method: 'PATCH', url: url(id), token: editor.token, headers: { 'if-match': etag }, payload: { name: 'Second' } });
    expect(second.statusCode, second.body).toBe(412);
    expect(second.json().current).toMatchObject({ id, name: 'First', version: 2 });
    expect(second.headers.etag).toBe(first.headers.etag);
    const put = await t.request({ method: 'PUT', url: url(id), token: editor.token, headers: { 'if-match': etag }, payload: rule({ name: 'Put', active: false }) });
    expect(put.statusCode, put.body).toBe(412);
    const versions = (await t.request({ method: 'GET', url: `${url(id)}versions/`, token: editor.token })).json();
    expect(versions.map((v: Json) => v.version)).toEqual([2, 1]);
    const now = await t.request({ method: 'PUT', url: url(id), token: editor.token, headers: { 'if-match': String(first.headers.etag) }, payload: rule({ name: 'Put', active: false }) });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({ name: 'Put', version: 3 });
  });

  it('a stale DELETE is a 412 and deletes nothing; a current one deletes', async () => {
    const { id, etag } = await created();
    await t.request({ method: 'PATCH', url: url(id), token: editor.token, payload: { name: 'Moved on' } });
    const stale = await t.request({ method: 'DELETE', url: url(id), token: editor.token, headers: { 'if-match': etag } });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().current).toMatchObject({ id, name: 'Moved on' });
    const fresh = (await t.request({ method: 'GET', url: url(id), token: editor.token })).headers.etag;
    expect((await t.request({ method: 'DELETE', url: url(id), token: editor.token, headers: { 'if-match': String(fresh) } })).statusCode).toBe(204);
  });

  it('without If-Match writes as before; a malformed If-Match is a 400 naming it; `*` and weak tags', async () => {
    const { id, etag } = await created();
    expect((await t.request({ method: 'PATCH', url: url(id), token: editor.token, payload: { name: 'No header' } })).statusCode).toBe(200);
    const malformed = await t.request({ method: 'PATCH', url: url(id), token: editor.token, headers: { 'if-match': 'not-a-tag' }, payload: { name: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('If-Match');
    const current = String((await t.request({ method: 'GET', url: url(id), token: editor.token })).headers.etag);
    expect((await t.request({ method: 'PATCH', url: url(id), token: editor.token, headers: { 'if-match': `W/${current}` }, payload: { name: 'Weak' } })).statusCode).toBe(412);
    expect((await t.request({ method: 'PATCH', url: url(id), token: editor.token, headers: { 'if-match': '*' }, payload: { name: 'Any' } })).statusCode).toBe(200);
    expect(etag).not.toBe(current);
  });

  it('restoring a version with the current ETag restores it; with a stale one it is a 412 with the rule now, restoring nothing', async () => {
    const { id, etag } = await created();
    const restore = (version: number, headers: Record<string, string>, user: TestUser = editor) =>
      t.request({ method: 'POST', url: `${url(id)}versions/${version}/restore/`, token: user.token, headers, payload: {} });
    const moved = await t.request({ method: 'PATCH', url: url(id), token: editor.token, headers: { 'if-match': etag }, payload: { name: 'Moved on' } });
    expect(moved.statusCode, moved.body).toBe(200);
    // Chosen while looking at version 1: the rule has moved on since.
    const stale = await restore(1, { 'if-match': etag });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({ detail: 'This record was changed by someone else.', current: { id, name: 'Moved on', version: 2 } });
    expect(stale.headers.etag).toBe(moved.headers.etag);
    const versions = async () => (await t.request({ method: 'GET', url: `${url(id)}versions/`, token: editor.token })).json().map((v: Json) => v.version);
    expect(await versions()).toEqual([2, 1]);
    // Malformed: a 400 naming If-Match, nothing restored; no permission: 403 as before.
    const malformed = await restore(1, { 'if-match': 'version 2' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('If-Match');
    expect((await restore(1, { 'if-match': String(moved.headers.etag) }, corporate)).statusCode).toBe(403);
    expect(await versions()).toEqual([2, 1]);

    const fresh = await restore(1, { 'if-match': String(moved.headers.etag) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ name: 'Versioned', version: 3 });
    expect(fresh.headers.etag).toBe(String(moved.headers.etag).replace(/-2"$/, '-3"'));
    // Without If-Match a restore works as before.
    expect((await restore(2, {})).json()).toMatchObject({ name: 'Moved on', version: 4 });
  });
});

describe('dry run', () => {
  it('answers matches, a sample and what each action would do, changing nothing', async () => {
    const ticket = await insertTicket(t, admin, { priority: 'HIGH', title: 'Fridge warm' });
    await insertTicket(t, admin, { priority: 'LOW', title: 'Door squeaks' });
    const tickets = await t.database.query<{ v: string }>(`select string_agg(id::text || priority || title || updated_at::text, ',' order by id) as v from helpdesk_ticket`);
    const notifications = await count('notifications_notification');
    const response = await post(`${base}/rules/dry-run/`, rule({ actions: [{ type: 'set_fields', fields: { priority: 'URGENT' } }, { type: 'notify', to: ['assignee'], message: 'Look at {{record.title}}' }] }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.matched).toBeGreaterThanOrEqual(1);
    expect(body.sample.map((s: Json) => s.id)).toContain(ticket.id);
    expect(body.sample.every((s: Json) => s.model === 'ticket')).toBe(true);
    expect(body.actions[0]).toMatchObject({ type: 'set_fields' });
    expect(body.actions[1].would).toContain('Look at ');
    const after = await t.database.query<{ v: string }>(`select string_agg(id::text || priority || title || updated_at::text, ',' order by id) as v from helpdesk_ticket`);
    expect(after).toEqual(tickets);
    expect(await count('notifications_notification')).toBe(notifications);
    expect(await count('automation_run')).toBe(0);
  });

  it('names the subject by its title and teams, users and webhooks by their names, not their ids', async () => {
    await insertTicket(t, admin, { priority: 'HIGH', title: 'Walk-in cooler alarm' });
    const [team] = await t.database.query<{ id: string }>(`insert into helpdesk_team (id, name) values (gen_random_uuid(), 'Clinical Team') returning id`);
    const assignee = await insertUser(t, { userType: 1, firstName: 'Noor', lastName: 'Named' });
    const response = await post(
      `${base}/rules/dry-run/`,
      rule({
        actions: [
          { type: 'set_fields', fields: { priority: 'URGENT' } },
          { type: 'assign', team: team!.id, user: assignee.id },
          { type: 'notify', to: ['assignee', assignee.id], message: 'Look' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { sample: { title: string }[]; actions: { would: string }[] };
    const subject = `ticket "${body.sample[0]!.title}"`;
    expect(body.actions.map((action) => action.would)).toEqual([
      `Would set priority to "URGENT" on ${subject}.`,
      `Would assign ${subject} to team "Clinical Team" and user "Noor Named".`,
      'Would notify assignee, Noor Named: "Look".',
    ]);
  });

  it('checks the rule like a save (400 naming the field)', async () => {
    const response = await post(`${base}/rules/dry-run/`, rule({ conditions: { bogus: 1 } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('conditions');
  });
});

describe('webhooks', () => {
  it('shows the secret once, then masked', async () => {
    const created = await post(`${base}/webhooks/`, { name: 'Out', url: 'https://93.184.215.14/hook', events: ['ticket.created'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const read = await t.request({ method: 'GET', url: `${base}/webhooks/${created.json().id}/`, token: editor.token });
    expect(read.json().secret).toBe('whsec_****');
  });

  it.each(['http://127.0.0.1/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://[fd00:ec2::254]/', 'http://[::1]/', 'http://localhost:9/x', 'ftp://example.com/'])(
    'refuses %s when saved (400 naming url)',
    async (url) => {
      const response = await post(`${base}/webhooks/`, { name: 'Bad', url, events: [] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toHaveProperty('url');
    },
  );
});
