import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, raiseTicket, richText } from '../../test/factories/helpdesk';
import { helpdeskFlowTickets } from '../helpdesk/index';
import { runSlaSweep } from './sla-sweep';

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let reader: TestUser;
let employee: TestUser;

const ALWAYS_HOURS = {
  timezone: 'Australia/Sydney',
  days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]])),
};
const NONE = '01900000-0000-7000-8000-000000000000';

beforeAll(async () => {
  process.env.SLA_SWEEP_CRON = 'off';
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  agent = await insertUser(t, { userType: 2 }); // tickets, not teams
  reader = await insertUser(t, { userType: 3 }); // Service Account: helpdesk read only
  employee = await insertUser(t, { userType: 6 });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = admin.token) =>
  t.request({ method, url, token, payload: payload as never });

async function team(members: string[], assignment: string, name = `Team ${Math.random().toString(36).slice(2, 8)}`) {
  const response = await call('POST', '/api/helpdesk/teams/', { name, members, assignment });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; members: string[] };
}

async function rule(body: Record<string, unknown>) {
  const response = await call('POST', '/api/helpdesk/routing-rules/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function policy(body: Record<string, unknown>) {
  const response = await call('POST', '/api/helpdesk/sla-policies/', {
    name: 'Policy',
    position: 10,
    first_response_minutes: 60,
    resolution_minutes: 240,
    business_hours: ALWAYS_HOURS,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

const BASES = ['/api/helpdesk/teams/', '/api/helpdesk/routing-rules/', '/api/helpdesk/sla-policies/'];

describe('access', () => {
  it('answers 401 without credentials and 403 without the permission, on every new path', async () => {
    for (const base of BASES) {
      for (const [method, url] of [
        ['GET', base],
        ['POST', base],
        ['GET', `${base}${NONE}/`],
        ['PUT', `${base}${NONE}/`],
        ['PATCH', `${base}${NONE}/`],
        ['DELETE', `${base}${NONE}/`],
      ] as const) {
        expect(
          (await t.request({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode,
        ).toBe(401);
        for (const user of [employee, agent]) {
          const response = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, user.token);
          expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
        }
      }
    }
  });

  it('read permission lists but does not create', async () => {
    for (const base of BASES) {
      expect((await call('GET', base, undefined, reader.token)).statusCode).toBe(200);
      expect((await call('POST', base, {}, reader.token)).statusCode).toBe(403);
    }
  });

  it('answers 404 for unknown ids on detail, replace, change and delete', async () => {
    const bodies: Record<string, unknown> = {
      '/api/helpdesk/teams/': { name: 'Nobody' },
      '/api/helpdesk/routing-rules/': { position: 1, team: NONE },
      '/api/helpdesk/sla-policies/': {
        name: 'X',
        position: 1,
        first_response_minutes: 1,
        resolution_minutes: 2,
        business_hours: ALWAYS_HOURS,
      },
    };
    for (const base of BASES) {
      expect((await call('GET', `${base}${NONE}/`)).statusCode).toBe(404);
      expect((await call('PATCH', `${base}${NONE}/`, {})).statusCode).toBe(404);
      expect((await call('PUT', `${base}${NONE}/`, bodies[base])).statusCode).toBe(404);
      expect((await call('DELETE', `${base}${NONE}/`)).statusCode).toBe(404);
    }
  });
});

describe('teams', () => {
  it('creates, shows, lists, changes and deletes a team', async () => {
    const created = await team([agent.id, admin.id], 'ROUND_ROBIN', 'Kitchen support');
    expect(created).toMatchObject({ name: 'Kitchen support', assignment: 'ROUND_ROBIN' });
    expect([...created.members].sort()).toEqual([agent.id, admin.id].sort());
    expect((await call('GET', `/api/helpdesk/teams/${created.id}/`)).json().name).toBe('Kitchen support');
    const list = await call(
      'GET',
      `/api/helpdesk/teams/?search=kitchen&filters=${encodeURIComponent(JSON.stringify({ assignment: 'ROUND_ROBIN' }))}`,
    );
    expect(list.json().results.map((r: { id: string }) => r.id)).toContain(created.id);
    const patched = await call('PATCH', `/api/helpdesk/teams/${created.id}/`, { members: [agent.id], assignment: 'LEAST_OPEN' });
    expect(patched.json()).toMatchObject({ members: [agent.id], assignment: 'LEAST_OPEN', name: 'Kitchen support' });
    const put = await call('PUT', `/api/helpdesk/teams/${created.id}/`, { name: 'Kitchen help' });
    expect(put.json()).toMatchObject({ name: 'Kitchen help', assignment: 'MANUAL', members: [] });
    expect((await call('DELETE', `/api/helpdesk/teams/${created.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/api/helpdesk/teams/${created.id}/`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    const before = (await call('GET', '/api/helpdesk/teams/')).json().count;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{}, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Bad method', assignment: 'RANDOM' }, 'assignment'],
      [{ name: 'Bad member', members: ['not-a-uuid'] }, 'members'],
      [{ name: 'Unknown member', members: [NONE] }, 'members'],
      [{ name: 'Members not a list', members: 'x' }, 'members'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/helpdesk/teams/', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(Object.keys(response.json())).toContain(field);
    }
    await team([], 'MANUAL', 'Unique name');
    const duplicate = await call('POST', '/api/helpdesk/teams/', { name: 'unique NAME' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toHaveProperty('name');
    expect((await call('GET', '/api/helpdesk/teams/')).json().count).toBe(before + 1);
  });
});

describe('routing rules', () => {
  it('validates references and choices', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ position: 1 }, 'team'],
      [{ position: 1, team: NONE }, 'team'],
      [{ position: -1, team: NONE }, 'position'],
      [{ position: 'first', team: NONE }, 'position'],
      [{ position: 1, team: NONE, ticket_type: 'BUG' }, 'ticket_type'],
      [{ position: 1, team: NONE, priority: 'SOON' }, 'priority'],
      [{ position: 1, team: NONE, industry: NONE }, 'industry'],
      [{ position: 1, team: NONE, legal_entity: NONE }, 'legal_entity'],
      [{ position: 1, team: NONE, cost_centre: NONE }, 'cost_centre'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/helpdesk/routing-rules/', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(Object.keys(response.json())).toContain(field);
    }
  });

  it('creates, changes and deletes a rule; lists by position', async () => {
    const owner = await team([], 'MANUAL');
    const second = await rule({ position: 900, team: owner.id, priority: 'LOW', ticket_type: 'FEEDBACK' });
    const first = await rule({ position: 899, team: owner.id });
    const list = (
      await call('GET', `/api/helpdesk/routing-rules/?filters=${encodeURIComponent(JSON.stringify({ team: owner.id }))}`)
    ).json();
    expect(list.results.map((r: { id: string }) => r.id)).toEqual([first.id, second.id]);
    expect(list.results[0]).toMatchObject({
      ticket_type: null,
      priority: null,
      industry: null,
      legal_entity: null,
      cost_centre: null,
      team: owner.id,
    });
    const patched = await call('PATCH', `/api/helpdesk/routing-rules/${first.id}/`, { priority: 'HIGH' });
    expect(patched.json()).toMatchObject({ priority: 'HIGH', position: 899 });
    expect((await call('DELETE', `/api/helpdesk/routing-rules/${first.id}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/helpdesk/routing-rules/${second.id}/`)).statusCode).toBe(204);
  });
});

describe('routing and assignment', () => {
  it('round robin spreads 100 new tickets evenly over the active members, with a history entry saying why', async () => {
    const members = await Promise.all(
      [1, 2, 3, 4].map((i) => insertUser(t, { userType: 2, firstName: 'Robin', lastName: `${i}` })),
    );
    const rr = await team(
      members.map((m) => m.id),
      'ROUND_ROBIN',
      'Problem desk',
    );
    await rule({ position: 1, ticket_type: 'PROBLEM', team: rr.id });
    const ids: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      // Ten at once: the counter's row lock makes concurrent assignments take turns.
      const created = await Promise.all(Array.from({ length: 10 }, () => insertTicket(t, admin, { ticket_type: 'PROBLEM' })));
      ids.push(...created.map((c) => c.id as string));
    }
    const counts = new Map<string, number>();
    for (const id of ids) {
      const ticket = (await call('GET', `/api/helpdesk/tickets/${id}/`)).json();
      expect(ticket.team).toEqual({ id: rr.id, name: 'Problem desk' });
      counts.set(ticket.assignee.id, (counts.get(ticket.assignee.id) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual([25, 25, 25, 25]);
    const history = (await call('GET', `/api/helpdesk/tickets/${ids[0]}/history/`)).json().results;
    const teamEntry = history.find((h: { field: string }) => h.field === 'team');
    expect(teamEntry).toMatchObject({ to_value: 'Problem desk', changed_by: null });
    expect(teamEntry.reason).toMatch(/Routing rule at position 1 matched; team Problem desk; round robin/);
    expect(history.find((h: { field: string }) => h.field === 'assignee').reason).toBe(teamEntry.reason);
    // The team is a filter and an ordering of the ticket list.
    const list = await call(
      'GET',
      `/api/helpdesk/tickets/?limit=1&ordering=team&filters=${encodeURIComponent(JSON.stringify({ team: rr.id }))}`,
    );
    expect(list.json().count).toBe(100);
  });

  it('least open picks the member with the fewest open tickets; inactive members are skipped', async () => {
    const [busy, idle, some, gone] = await Promise.all(
      [1, 2, 3, 4].map((i) => insertUser(t, { userType: 2, firstName: 'Least', lastName: `${i}` })),
    );
    for (let i = 0; i < 3; i++) await insertTicket(t, admin, { ticket_type: 'INCIDENT', assignee: busy!.id });
    await insertTicket(t, admin, { ticket_type: 'INCIDENT', assignee: some!.id });
    const closed = await insertTicket(t, admin, { ticket_type: 'INCIDENT', assignee: idle!.id });
    await call('PATCH', `/api/helpdesk/tickets/${closed.id}/`, { ticket_status: 'CLOSED' });
    const lo = await team([busy!.id, idle!.id, some!.id, gone!.id], 'LEAST_OPEN', 'Alerts desk');
    // A member who left (no open tickets at all) is not picked.
    await t.database.db.execute(sql`update auth_user set is_active = false where id = ${gone!.id}`);
    await rule({ position: 2, ticket_type: 'ALERTS', team: lo.id });
    const first = await insertTicket(t, admin, { ticket_type: 'ALERTS' });
    expect(first.assignee.id).toBe(idle!.id); // 0 open (its closed ticket does not count)
    const second = await insertTicket(t, admin, { ticket_type: 'ALERTS' });
    expect([idle!.id, some!.id]).toContain(second.assignee.id); // both have 1 open now
    const given = await insertTicket(t, admin, { ticket_type: 'ALERTS', assignee: busy!.id });
    expect(given.assignee.id).toBe(busy!.id); // an assignee given by staff is kept
    expect(given.team.id).toBe(lo.id);
  });

  it('a help-drawer ticket is routed too; no matching rule leaves it unrouted', async () => {
    const manual = await team([agent.id], 'MANUAL', 'Service desk');
    await rule({ position: 3, ticket_type: 'SERVICE_REQUEST', priority: 'MEDIUM', team: manual.id });
    const id = await raiseTicket(t, employee, { kind: 'service-request' });
    const ticket = (await call('GET', `/api/helpdesk/tickets/${id}/`)).json();
    expect(ticket.team).toEqual({ id: manual.id, name: 'Service desk' });
    expect(ticket.assignee).toBeNull();
    const unrouted = await insertTicket(t, admin, { ticket_type: 'ISSUE', priority: 'LOW' });
    expect(unrouted.team).toBeNull();
  });
});

describe('handing a ticket to another team', () => {
  it('staff change the team; the history names both teams; an unknown team is a 400 naming the field and changes nothing', async () => {
    const kitchens = await team([agent.id], 'MANUAL', 'Kitchens');
    const facilities = await team([agent.id], 'MANUAL', 'Facilities');
    const ticket = await insertTicket(t, admin, { ticket_type: 'ISSUE', priority: 'LOW' });
    expect((await call('PATCH', `/api/helpdesk/tickets/${ticket.id}/`, { team: kitchens.id })).json().team).toEqual({ id: kitchens.id, name: 'Kitchens' });
    const moved = await call('PATCH', `/api/helpdesk/tickets/${ticket.id}/`, { team: facilities.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().team).toEqual({ id: facilities.id, name: 'Facilities' });
    const refused = await call('PATCH', `/api/helpdesk/tickets/${ticket.id}/`, { team: NONE, title: 'Renamed' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['team']);
    const after = (await call('GET', `/api/helpdesk/tickets/${ticket.id}/`)).json();
    expect(after).toMatchObject({ team: { id: facilities.id }, title: ticket.title });
    const history = (await call('GET', `/api/helpdesk/tickets/${ticket.id}/history/`)).json() as { field: string; from_value: string | null; to_value: string | null }[] | { results: { field: string; from_value: string | null; to_value: string | null }[] };
    const entries = (Array.isArray(history) ? history : history.results).filter((entry) => entry.field === 'team');
    expect(entries.map((entry) => [entry.from_value, entry.to_value])).toEqual(expect.arrayContaining([[null, 'Kitchens'], ['Kitchens', 'Facilities']]));
  });
});

describe('SLA policies', () => {
  it('validates business hours, holidays and targets', async () => {
    const valid = { name: 'P', position: 1, first_response_minutes: 10, resolution_minutes: 20, business_hours: ALWAYS_HOURS };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, first_response_minutes: 0 }, 'first_response_minutes'],
      [{ ...valid, resolution_minutes: 1.5 }, 'resolution_minutes'],
      [{ ...valid, business_hours: { timezone: 'Mars/Olympus', days: { mon: [['08:00', '17:00']] } } }, 'business_hours'],
      [{ ...valid, business_hours: { timezone: 'UTC', days: { mon: [['17:00', '08:00']] } } }, 'business_hours'],
      [{ ...valid, business_hours: { timezone: 'UTC', days: { mon: [['8am', '5pm']] } } }, 'business_hours'],
      [{ ...valid, business_hours: { timezone: 'UTC', days: { funday: [['08:00', '17:00']] } } }, 'business_hours'],
      [{ ...valid, business_hours: { timezone: 'UTC', days: {} } }, 'business_hours'],
      [{ ...valid, business_hours: { timezone: 'UTC', days: { __proto__: [['08:00', '17:00']] } } }, 'business_hours'],
      [{ ...valid, holidays: ['2026-02-30'] }, 'holidays'],
      [{ ...valid, holidays: ['x'] }, 'holidays'],
      [{ ...valid, industry: NONE }, 'industry'],
      [{ ...valid, ticket_type: 'BUG' }, 'ticket_type'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/helpdesk/sla-policies/', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(Object.keys(response.json())).toContain(field);
    }
    const created = await policy({
      name: 'Holidays sorted',
      position: 999,
      priority: 'LOW',
      ticket_type: 'PROBLEM',
      holidays: ['2026-12-25', '2026-01-01', '2026-12-25'],
    });
    const shown = (await call('GET', `/api/helpdesk/sla-policies/${created.id}/`)).json();
    expect(shown).toMatchObject({ holidays: ['2026-01-01', '2026-12-25'], business_hours: ALWAYS_HOURS, industry: null });
    expect((await call('DELETE', `/api/helpdesk/sla-policies/${created.id}/`)).statusCode).toBe(204);
  });

  it('starts the clock, counts the first staff reply (not the requester), pauses on hold and recomputes on priority and policy change', async () => {
    const normal = await policy({ name: 'Feedback', position: 5, ticket_type: 'FEEDBACK' });
    const urgent = await policy({
      name: 'Urgent feedback',
      position: 4,
      ticket_type: 'FEEDBACK',
      priority: 'URGENT',
      first_response_minutes: 15,
      resolution_minutes: 60,
    });
    const id = await raiseTicket(t, employee, { kind: 'feedback' });
    const url = `/api/helpdesk/tickets/${id}/`;
    let ticket = (await call('GET', url)).json();
    const created = Date.parse(ticket.created_at);
    expect(ticket.sla_status).toBe('ON_TRACK');
    expect(Date.parse(ticket.first_response_due_at) - created).toBe(60 * 60_000);
    expect(Date.parse(ticket.due_at) - created).toBe(240 * 60_000);
    expect(ticket.first_responded_at).toBeNull();

    // The requester writing is no response.
    await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${id}/conversations/`,
      token: employee.token,
      payload: { message: richText('Any news?') },
    });
    expect((await call('GET', url)).json().first_responded_at).toBeNull();
    await call('POST', `${url}conversations/`, { message: richText('Looking into it.') });
    ticket = (await call('GET', url)).json();
    expect(ticket.first_responded_at).not.toBeNull();
    const responded = ticket.first_responded_at;
    await call('POST', `${url}conversations/`, { message: richText('Still looking.') });
    expect((await call('GET', url)).json().first_responded_at).toBe(responded);

    // Priority change re-matches the policy and recomputes.
    ticket = (await call('PATCH', url, { priority: 'URGENT' })).json();
    expect(Date.parse(ticket.due_at) - created).toBe(60 * 60_000);
    ticket = (await call('PATCH', url, { priority: 'MEDIUM' })).json();
    expect(Date.parse(ticket.due_at) - created).toBe(240 * 60_000);

    // On hold: PAUSED; two hours on hold move the due time by two hours.
    ticket = (await call('PATCH', url, { ticket_status: 'ON_HOLD' })).json();
    expect(ticket.sla_status).toBe('PAUSED');
    await t.database.db.execute(
      sql`update helpdesk_ticket set sla_paused_at = sla_paused_at - interval '2 hours' where id = ${id}`,
    );
    ticket = (await call('PATCH', url, { ticket_status: 'IN_PROGRESS' })).json();
    expect(ticket.sla_status).toBe('ON_TRACK');
    expect(Date.parse(ticket.due_at) - created).toBe((240 + 120) * 60_000);

    // A changed policy recomputes its open tickets.
    await call('PATCH', `/api/helpdesk/sla-policies/${normal.id}/`, { resolution_minutes: 480 });
    ticket = (await call('GET', url)).json();
    expect(Date.parse(ticket.due_at) - created).toBe((480 + 120) * 60_000);

    // Closing in time: MET.
    ticket = (await call('PATCH', url, { ticket_status: 'CLOSED' })).json();
    expect(ticket.sla_status).toBe('MET');
    await call('DELETE', `/api/helpdesk/sla-policies/${urgent.id}/`);
  });

  it('the sweep moves due tickets to AT_RISK and BREACHED in one statement and notifies assignee and team', async () => {
    const member = await insertUser(t, { userType: 2, firstName: 'Team', lastName: 'Mate' });
    const assignee = await insertUser(t, { userType: 2, firstName: 'Sweep', lastName: 'Assignee' });
    const desk = await team([member.id, assignee.id], 'MANUAL', 'Sweep desk');
    await rule({ position: 0, ticket_type: 'INCIDENT', priority: 'HIGH', team: desk.id });
    await policy({
      name: 'Incidents',
      position: 0,
      ticket_type: 'INCIDENT',
      priority: 'HIGH',
      first_response_minutes: 60,
      resolution_minutes: 240,
    });
    const ticket = await insertTicket(t, admin, { ticket_type: 'INCIDENT', priority: 'HIGH', assignee: assignee.id });
    const paused = await insertTicket(t, admin, { ticket_type: 'INCIDENT', priority: 'HIGH', assignee: assignee.id });
    await call('PATCH', `/api/helpdesk/tickets/${paused.id}/`, { ticket_status: 'ON_HOLD' });
    const created = Date.parse(ticket.created_at);
    const sweep = (minutes: number) =>
      runSlaSweep({
        transaction: (work) => t.database.db.transaction((tx) => work(tx)),
        tickets: helpdeskFlowTickets,
        notifications: t.app.notifications.writer,
        now: new Date(created + minutes * 60_000),
      });
    const notes = async (user: TestUser) =>
      (await call('GET', '/api/notifications/?limit=100', undefined, user.token)).json().results as {
        verb: string;
        data: { ticket_id: string };
      }[];

    expect((await sweep(30)).atRisk).toBe(0);
    const risk = await sweep(46); // 75% of the 60-minute first response
    expect(risk.atRisk).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/helpdesk/tickets/${ticket.id}/`)).json().sla_status).toBe('AT_RISK');
    expect((await call('GET', `/api/helpdesk/tickets/${paused.id}/`)).json().sla_status).toBe('PAUSED');
    expect((await notes(assignee)).filter((n) => n.verb === 'is at risk' && n.data.ticket_id === ticket.id)).toHaveLength(1);
    expect((await notes(member)).filter((n) => n.verb === 'is at risk' && n.data.ticket_id === ticket.id)).toHaveLength(0);
    expect((await sweep(47)).atRisk).toBe(0); // already at risk: nothing moves twice

    await sweep(61);
    expect((await call('GET', `/api/helpdesk/tickets/${ticket.id}/`)).json().sla_status).toBe('BREACHED');
    expect((await notes(assignee)).filter((n) => n.verb === 'breached its SLA' && n.data.ticket_id === ticket.id)).toHaveLength(
      1,
    );
    expect((await notes(member)).filter((n) => n.verb === 'breached its SLA' && n.data.ticket_id === ticket.id)).toHaveLength(1);

    // The staff list filters on sla_status and orders by due time.
    const filters = encodeURIComponent(JSON.stringify({ sla_status: 'BREACHED' }));
    const list = (await call('GET', `/api/helpdesk/tickets/?filters=${filters}&ordering=due_at`)).json();
    expect(list.results.map((r: { id: string }) => r.id)).toContain(ticket.id);
    expect(list.results.every((r: { sla_status: string }) => r.sla_status === 'BREACHED')).toBe(true);
    const bad = await call('GET', `/api/helpdesk/tickets/?filters=${encodeURIComponent(JSON.stringify({ sla_status: 'LATE' }))}`);
    expect(bad.statusCode).toBe(400);

    // Bounded statements per page: the same number for 1 and 100 rows (teams join in the ticket batch).
    const statements = async (limit: number) => {
      const response = await call('GET', `/api/helpdesk/tickets/?filters=${encodeURIComponent(JSON.stringify({ sla_status__in: ['BREACHED', 'AT_RISK', 'ON_TRACK', 'NONE'] }))}&ordering=due_at&limit=${limit}`);
      expect(response.json().results.length).toBe(Math.min(limit, response.json().count));
      return Number(response.headers['x-sql-statements']);
    };
    const few = await statements(1);
    expect(few).toBeGreaterThan(0);
    expect(await statements(100)).toBe(few);
  });

  it('the sweep is one UPDATE whatever the number of tickets', async () => {
    const statements: string[] = [];
    const fake = {
      execute: async (query: unknown) => {
        statements.push(String((query as { queryChunks?: unknown[] }).queryChunks?.length ?? 'q'));
        return { rows: [] };
      },
    };
    const result = await runSlaSweep({
      transaction: (work) => work(fake as never),
      tickets: helpdeskFlowTickets,
      notifications: t.app.notifications.writer,
    });
    expect(result).toEqual({ atRisk: 0, breached: 0 });
    expect(statements).toHaveLength(1);
  });
});
