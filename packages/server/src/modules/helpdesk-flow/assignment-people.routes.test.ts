import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, raiseTicket } from '../../test/factories/helpdesk';

// Issue 38 point 8: routing is the help desk's business, and only people are handed tickets.
let t: TestApp;
let bootstrap: TestUser;
let service: TestUser;
let agent: TestUser;
let employee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Like ensure-admin's account: a superuser of user type Admin named "Admin".
  bootstrap = await insertUser(t, { superuser: true, userType: 1, firstName: 'Admin', lastName: '' });
  service = await insertUser(t, { userType: 3, firstName: 'Service', lastName: 'Account' });
  agent = await insertUser(t, { userType: 2, firstName: 'Agnes', lastName: 'Agent' });
  employee = await insertUser(t, { userType: 6, firstName: 'Eddie', lastName: 'Employee' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, token = bootstrap.token) =>
  t.request({ method, url, token, payload: payload as never });

async function routeTo(assignment: string, ticketType: string, position: number) {
  const team = await call('POST', '/api/helpdesk/teams/', {
    name: `${assignment} ${ticketType} desk`,
    members: [bootstrap.id, service.id, agent.id],
    assignment,
  });
  expect(team.statusCode, team.body).toBe(201);
  const rule = await call('POST', '/api/helpdesk/routing-rules/', { position, ticket_type: ticketType, team: team.json().id });
  expect(rule.statusCode, rule.body).toBe(201);
}

describe('automatic assignment picks people only', () => {
  it.each([
    ['ROUND_ROBIN', 'PROBLEM', 1],
    ['LEAST_OPEN', 'INCIDENT', 2],
  ])('%s never hands a ticket to the bootstrap superuser or a service account', async (assignment, ticketType, position) => {
    await routeTo(assignment, ticketType, position);
    const assignees = new Set<string>();
    for (let i = 0; i < 6; i++) assignees.add((await insertTicket(t, bootstrap, { ticket_type: ticketType })).assignee.id);
    expect([...assignees]).toEqual([agent.id]);
  });
});

describe("the requester's side of the history", () => {
  it('shows status, priority and title changes without routing notes, assignee or team; staff still see all', async () => {
    await routeTo('ROUND_ROBIN', 'ISSUE', 3);
    const id = await raiseTicket(t, employee, { kind: 'issue' });
    for (const change of [{ ticket_status: 'IN_PROGRESS' }, { priority: 'HIGH' }, { title: 'Oven door stuck' }, { assignee: bootstrap.id }]) {
      const response = await call('PATCH', `/api/helpdesk/tickets/${id}/`, change);
      expect(response.statusCode, response.body).toBe(200);
    }

    const staff = (await call('GET', `/api/helpdesk/tickets/${id}/history/`)).json().results as { field: string; reason: string | null }[];
    expect(staff.map((e) => e.field)).toEqual(expect.arrayContaining(['assignee', 'team', 'ticket_status', 'priority', 'title']));
    const shared = staff.filter((e) => ['ticket_status', 'priority', 'title'].includes(e.field));
    expect(staff.find((e) => e.field === 'team')!.reason).toMatch(/^Routing rule at position 3 matched/);

    const own = await call('GET', `/api/helpdesk/my-tickets/${id}/history/`, undefined, employee.token);
    expect(own.statusCode).toBe(200);
    const entries = own.json().results as { field: string; reason: string | null; to_value: string | null; to_status: string | null }[];
    expect(entries.map((e) => e.field).sort()).toEqual(shared.map((e) => e.field).sort());
    expect(entries.map((e) => e.field)).toEqual(expect.arrayContaining(['priority', 'ticket_status', 'title']));
    expect(entries.every((e) => e.reason === null)).toBe(true);
    expect(JSON.stringify(own.json())).not.toMatch(/Routing rule|round robin|ROUND_ROBIN ISSUE desk|Agnes/);
    expect(own.json().count).toBe(shared.length);
  });
});
