import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, raiseTicket } from '../../test/factories/helpdesk';

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let employee: TestUser;
let guest: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  agent = await insertUser(t, { userType: 2, firstName: 'Carl', lastName: 'Corporate' }); // holds ticket.change
  employee = await insertUser(t, { userType: 6, firstName: 'Eve', lastName: 'Employee' });
  guest = await insertUser(t, { userType: 7, firstName: 'Gus', lastName: 'Guest' });
});
afterAll(() => t.close());

const get = async (url: string, token: string) => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const list = (query: Record<string, string>) => get(`/api/helpdesk/tickets/?${new URLSearchParams(query)}`, agent.token);

describe('ticket numbers', () => {
  it('every new ticket takes the next number, from the help drawer (answered with its id) and from staff', async () => {
    const first = await insertTicket(t, agent);
    const raised = await t.request({
      method: 'POST',
      url: '/api/helpdesk/my-tickets/feedback/',
      token: employee.token,
      payload: {
        title: 'Numbered feedback',
        ticket_content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
      },
    });
    expect(raised.statusCode).toBe(201);
    const created = raised.json();
    expect(Object.keys(created).sort()).toEqual(['id', 'number']);
    expect(created.number).toBe(first.number + 1);
    expect((await get(`/api/helpdesk/my-tickets/${created.id}/`, employee.token)).number).toBe(created.number);
    expect((await get(`/api/helpdesk/tickets/${first.id}/`, agent.token)).number).toBeGreaterThanOrEqual(1001);
  });

  it('is read-only: a number in a create or change is ignored', async () => {
    const ticket = await insertTicket(t, agent, { number: 5 });
    expect(ticket.number).not.toBe(5);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket.id}/`,
      token: agent.token,
      payload: { number: 7, priority: 'HIGH' },
    });
    expect(patched.json()).toMatchObject({ number: ticket.number, priority: 'HIGH' });
  });

  it('the list search finds a ticket by 1042 and #1042, and only that ticket; filter number works', async () => {
    const tickets = await Promise.all([1, 2, 3].map(() => insertTicket(t, agent)));
    const wanted = tickets[1];
    for (const search of [String(wanted.number), `#${wanted.number}`]) {
      const found = await list({ search });
      expect(found.results.map((r: { id: string }) => r.id)).toEqual([wanted.id]);
      expect(found.results[0].number).toBe(wanted.number);
    }
    expect((await list({ filters: JSON.stringify({ number: wanted.number }) })).results.map((r: { id: string }) => r.id)).toEqual(
      [wanted.id],
    );
    expect(
      (await list({ filters: JSON.stringify({ number__gte: tickets[2].number }) })).results.map((r: { id: string }) => r.id),
    ).toContain(tickets[2].id);
    // A number in a title still matches as text; "#x" or an over-long number is no number.
    const titled = await insertTicket(t, agent, { title: `Fridge ${wanted.number} door` });
    expect((await list({ search: String(wanted.number) })).results.map((r: { id: string }) => r.id).sort()).toEqual(
      [wanted.id, titled.id].sort(),
    );
    expect((await list({ search: '#99999999999' })).count).toBe(0);
  });

  it("the caller's own list (my-tickets) is searchable by number too", async () => {
    const id = await raiseTicket(t, employee, { title: 'My numbered issue' });
    const { number } = await get(`/api/helpdesk/my-tickets/${id}/`, employee.token);
    const found = await get(`/api/helpdesk/my-tickets/?search=%23${number}`, employee.token);
    expect(found.results.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('notifications and their mail subjects name the ticket by number', async () => {
    const id = await raiseTicket(t, employee, { title: 'Oven numbered' });
    const { number } = await get(`/api/helpdesk/my-tickets/${id}/`, employee.token);
    const mine = await get(`/api/notifications/?search=${encodeURIComponent('Oven numbered')}`, agent.token);
    expect(mine.results[0].description).toBe(`Eve Employee raised an issue: #${number} "Oven numbered"`);
    expect(mine.results[0].data).toMatchObject({ ticket_number: number });
  });
});

describe('ticket history', () => {
  it('records every change of status, priority, assignee and title with who and when', async () => {
    const ticket = await insertTicket(t, admin, { priority: 'LOW', title: 'Old title' });
    const patch = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: `/api/helpdesk/tickets/${ticket.id}/`, token: agent.token, payload });
    expect((await patch({ priority: 'HIGH' })).statusCode).toBe(200);
    expect((await patch({ assignee: agent.id })).statusCode).toBe(200);
    expect((await patch({ assignee: admin.id, title: 'New title', ticket_status: 'IN_PROGRESS' })).statusCode).toBe(200);
    expect((await patch({ assignee: null })).statusCode).toBe(200);
    expect((await patch({ priority: 'HIGH', title: 'New title' })).statusCode).toBe(200); // no change, nothing recorded
    const history = await get(`/api/helpdesk/tickets/${ticket.id}/history/?ordering=changed_at,id`, agent.token);
    const rows = history.results.map((r: Record<string, unknown>) => [r.field, r.from_value, r.to_value]);
    expect(rows).toEqual([
      ['ticket_status', null, null],
      ['priority', 'LOW', 'HIGH'],
      ['assignee', null, 'Carl Corporate'],
      ['ticket_status', 'OPEN', 'IN_PROGRESS'],
      ['title', 'Old title', 'New title'],
      ['assignee', 'Carl Corporate', 'Ada Admin'],
      ['assignee', 'Ada Admin', null],
    ]);
    for (const entry of history.results.slice(1)) {
      expect(entry.changed_by).toEqual({ id: agent.id, full_name: 'Carl Corporate' });
      expect(Date.parse(entry.changed_at)).not.toBeNaN();
    }
    expect(history.results[3]).toMatchObject({ from_status: 'OPEN', to_status: 'IN_PROGRESS' });
    expect(history.results[1]).toMatchObject({ from_status: null, to_status: null });
    const onlyAssignee = await get(
      `/api/helpdesk/tickets/${ticket.id}/history/?filters=${encodeURIComponent('{"field":"assignee"}')}`,
      agent.token,
    );
    expect(onlyAssignee.count).toBe(3);
  });
});

describe('assignee candidates', () => {
  it('lists only active users who may work tickets, never Guest or Employee users', async () => {
    const page = await get('/api/helpdesk/assignees/?limit=1000', agent.token);
    const ids = page.results.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, agent.id]));
    expect(ids).not.toContain(employee.id);
    expect(ids).not.toContain(guest.id);
    expect(page.results.find((u: { id: string }) => u.id === agent.id)).toEqual({
      id: agent.id,
      full_name: 'Carl Corporate',
      email: agent.email,
    });
    const searched = await get('/api/helpdesk/assignees/?search=Carl%20Corporate', agent.token);
    expect(searched.results.map((u: { id: string }) => u.id)).toContain(agent.id);
  });

  it('needs ticket change permission', async () => {
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/assignees/', token: employee.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/assignees/' })).statusCode).toBe(401);
  });
});

describe('ticket number migration', () => {
  it('numbers tickets that existed before it in creation order and continues after them', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((e) => e.tag);
    const numbering = tags.findIndex((tag) => tag.includes('ticket_numbers'));
    const run = async (db: PGlite, tag: string) => {
      for (const statement of fs
        .readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8')
        .split('--> statement-breakpoint')) {
        if (statement.trim()) await db.exec(statement);
      }
    };
    const db = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      for (const tag of tags.slice(0, numbering)) await run(db, tag);
      const user = '01900000-0000-7000-8000-0000000000aa';
      await db.query(`insert into auth_user (id, email, password) values ($1, 'old@example.com', 'x')`, [user]);
      // Stored out of creation order: the newest first.
      const created = ['2024-03-01', '2024-01-01', '2024-02-01'];
      for (const [i, day] of created.entries()) {
        await db.query(
          `insert into helpdesk_ticket (id, title, ticket_type, requester_id, created_at) values ($1, $2, 'ISSUE', $3, $4)`,
          [`01900000-0000-7000-8000-00000000000${i}`, day, user, `${day}T00:00:00Z`],
        );
      }
      for (const tag of tags.slice(numbering)) await run(db, tag);
      const numbered = await db.query<{ title: string; number: number }>(
        'select title, number from helpdesk_ticket order by number',
      );
      expect(numbered.rows).toEqual([
        { title: '2024-01-01', number: 1001 },
        { title: '2024-02-01', number: 1002 },
        { title: '2024-03-01', number: 1003 },
      ]);
      await db.query(
        `insert into helpdesk_ticket (id, title, ticket_type, requester_id) values ('01900000-0000-7000-8000-0000000000ff', 'next', 'ISSUE', $1)`,
        [user],
      );
      expect(
        (await db.query<{ number: number }>(`select number from helpdesk_ticket where title = 'next'`)).rows[0]!.number,
      ).toBe(1004);
    } finally {
      await db.close();
    }
    // Migrating a fresh embedded database from scratch takes a while on a loaded machine.
  }, 300_000);
});
