import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@ops/contract/dashboard/dashboard.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';
import { allocate, insertClient, insertLegalEntity } from '../../test/factories/records';

let t: TestApp;
let admin: TestUser;
let scoped: TestUser;
let guest: TestUser;
let clientA: { id: string; name: string };
let clientB: { id: string; name: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  scoped = await insertUser(t, { userType: 5 }); // a Site user: bound to the allocation
  for (const permission of ['ticket.read', 'ticket.change', 'client.read']) await grant(t, scoped.email, permission);
  guest = await insertUser(t, { userType: 7 });
  const le = await insertLegalEntity(t, admin.token);
  clientA = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Harbour Health' })) as never;
  clientB = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Bayside Schools' })) as never;
  await allocate(t, scoped.id, { clientId: clientA.id });
  ids.a1 = (await insertTicket(t, admin, { client: clientA.id, priority: 'HIGH', assignee: scoped.id })).id;
  ids.a2 = (await insertTicket(t, admin, { client: clientA.id, priority: 'LOW' })).id;
  ids.b1 = (await insertTicket(t, admin, { client: clientB.id, priority: 'URGENT' })).id;
  ids.b2 = (await insertTicket(t, admin, { client: clientB.id, priority: 'MEDIUM', assignee: admin.id })).id;
  ids.old = (await insertTicket(t, admin, { client: clientA.id, priority: 'LOW' })).id;
  const db = t.database.db;
  await db.execute(sql`update helpdesk_ticket set sla_status = 'BREACHED', due_at = now() - interval '1 hour' where id = ${ids.a2}`);
  await db.execute(sql`update helpdesk_ticket set sla_status = 'AT_RISK', due_at = now() + interval '1 hour' where id = ${ids.b1}`);
  // Closed and created before the 30-day window: counted nowhere.
  await db.execute(sql`update helpdesk_ticket set ticket_status = 'CLOSED', created_at = now() - interval '40 days' where id = ${ids.old}`);
  await t.request({ method: 'PATCH', url: `/api/accounts/clients/${clientB.id}/`, token: admin.token, payload: { name: 'Bayside Schools Group' } });
});
afterAll(() => t.close());

async function dashboard(user: TestUser) {
  const response = await t.request({ method: 'GET', url: '/api/helpdesk/dashboard/', token: user.token, headers: { 'x-debug-sql': '1' } });
  return { status: response.statusCode, body: response.json() as Dashboard, statements: Number(response.headers['x-sql-statements']) };
}

const byKey = <T extends { count: number }>(rows: T[], key: keyof T) => Object.fromEntries(rows.map((row) => [row[key], row.count]));

describe('GET /api/helpdesk/dashboard/', () => {
  it('counts every ticket for an unbounded user: mine, unassigned, overdue, at risk, by status and priority in 30 days', async () => {
    const { status, body } = await dashboard(admin);
    expect(status).toBe(200);
    const tickets = body.tickets;
    expect(tickets).toMatchObject({ assigned_to_me_open: 1, unassigned_open: 2, overdue: 1, at_risk: 1 });
    expect(byKey(tickets.by_status, 'ticket_status')).toEqual({ OPEN: 4, ON_HOLD: 0, IN_PROGRESS: 0, REOPENED: 0, CLOSED: 0 });
    expect(byKey(tickets.by_priority, 'priority')).toEqual({ LOW: 1, MEDIUM: 1, HIGH: 1, URGENT: 1 });
    expect(tickets.attention.map((ticket) => [ticket.id, ticket.sla_status])).toEqual([
      [ids.a2, 'BREACHED'],
      [ids.b1, 'AT_RISK'],
    ]);
    expect(body.client_changes!.map((change) => change.client.name)).toContain('Bayside Schools Group');
    const update = body.client_changes!.find((change) => change.action === 'update')!;
    expect(update).toMatchObject({ client: { id: clientB.id }, fields: ['name'], user: { id: admin.id } });
  });

  it('gives a scoped user only the counts and client changes inside the allocation', async () => {
    const { status, body } = await dashboard(scoped);
    expect(status).toBe(200);
    const tickets = body.tickets;
    expect(tickets).toMatchObject({ assigned_to_me_open: 1, unassigned_open: 1, overdue: 1, at_risk: 0 });
    expect(byKey(tickets.by_priority, 'priority')).toEqual({ LOW: 1, MEDIUM: 0, HIGH: 1, URGENT: 0 });
    expect(tickets.attention.map((ticket) => ticket.id)).toEqual([ids.a2]);
    expect(new Set(body.client_changes!.map((change) => change.client.id))).toEqual(new Set([clientA.id]));
  });

  it('leaves out the client changes when the caller may not read clients', async () => {
    const ticketsOnly = await insertUser(t, { userType: 7, noGroup: true });
    await grant(t, ticketsOnly.email, 'ticket.read');
    const { status, body } = await dashboard(ticketsOnly);
    expect(status).toBe(200);
    expect(body.tickets.unassigned_open).toBe(2);
    expect(body.client_changes).toBeNull();
  });

  it('refuses a user without ticket read permission (403), even one who reads clients, and an anonymous caller (401)', async () => {
    const clientsOnly = await insertUser(t, { userType: 7, noGroup: true });
    await grant(t, clientsOnly.email, 'client.read');
    expect((await dashboard(clientsOnly)).status).toBe(403);
    expect((await dashboard(guest)).status).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/dashboard/' })).statusCode).toBe(401);
  });

  it('runs a fixed, small number of statements', async () => {
    const { statements } = await dashboard(admin);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(6);
  });

  it('is documented as helpdesk_dashboard_retrieve with its 403', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
    const operation = document.paths['/api/helpdesk/dashboard/'].get;
    expect(operation.operationId).toBe('helpdesk_dashboard_retrieve');
    expect(Object.keys(operation.responses)).toContain('403');
  });
});
