import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { myTicketEndpoints, staffTicketEndpoints } from '@ops/contract/helpdesk/helpdesk.endpoints';
import { notificationEndpoints } from '@ops/contract/notifications/notifications.endpoints';
import { TICKET_STATUS_TRANSITIONS, TICKET_STATUSES, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, multipart, raiseTicket, richText, SAMPLE_FILES } from '../../test/factories/helpdesk';

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let reader: TestUser;
let employee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  agent = await insertUser(t, { userType: 2, firstName: 'Carl', lastName: 'Corporate' }); // ticket read/add/change
  reader = await insertUser(t, { userType: 3 }); // Service Account: ticket read only
  employee = await insertUser(t, { userType: 6 }); // no ticket permissions
});
afterAll(() => t.close());

const urlFor = (id: string) => `/api/helpdesk/tickets/${id}/`;

describe('staff access', () => {
  it('answers 401 without a token on every staff path', async () => {
    for (const [method, url] of [
      ['GET', '/api/helpdesk/tickets/'],
      ['POST', '/api/helpdesk/tickets/'],
      ['GET', urlFor('01900000-0000-7000-8000-000000000000')],
    ] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('refuses users without ticket permissions (403) on tickets, conversations and attachments', async () => {
    const ticket = await raiseTicket(t, employee);
    const attempts = [
      ['GET', '/api/helpdesk/tickets/'],
      ['POST', '/api/helpdesk/tickets/'],
      ['GET', urlFor(ticket)],
      ['PATCH', urlFor(ticket)],
      ['DELETE', urlFor(ticket)],
      ['GET', `${urlFor(ticket)}history/`],
      ['GET', `${urlFor(ticket)}conversations/`],
      ['POST', `${urlFor(ticket)}conversations/`],
      ['GET', `${urlFor(ticket)}attachments/`],
    ] as const;
    for (const [method, url] of attempts) {
      const response = await t.request({
        method,
        url,
        token: employee.token,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
    }
    // The same user still reaches the ticket through my-tickets.
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/`, token: employee.token })).statusCode,
    ).toBe(200);
  });

  it('read permission lists and shows but does not create, change or delete', async () => {
    const ticket = await insertTicket(t, admin);
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/tickets/', token: reader.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: urlFor(ticket.id), token: reader.token })).statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/helpdesk/tickets/',
          token: reader.token,
          payload: { title: 'x', ticket_type: 'ISSUE' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'PATCH', url: urlFor(ticket.id), token: reader.token, payload: { priority: 'LOW' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: urlFor(ticket.id), token: agent.token })).statusCode).toBe(403);
  });

  it('a direct grant of ticket.read opens the staff list', async () => {
    const user = await insertUser(t, { userType: 7 });
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/tickets/', token: user.token })).statusCode).toBe(403);
    await grant(t, user.email, 'ticket.read');
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/tickets/', token: user.token })).statusCode).toBe(200);
  });

  it('answers 405 for methods a path does not list', async () => {
    expect((await t.request({ method: 'DELETE', url: '/api/helpdesk/tickets/', token: admin.token })).statusCode).toBe(405);
    expect(
      (await t.request({ method: 'POST', url: `${urlFor('01900000-0000-7000-8000-000000000000')}history/`, token: admin.token }))
        .statusCode,
    ).toBe(405);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/helpdesk/my-tickets/01900000-0000-7000-8000-000000000000/',
          token: admin.token,
        })
      ).statusCode,
    ).toBe(405);
  });
});

describe('staff tickets CRUD', () => {
  it('creates a ticket for a requester with an assignee; requester defaults to the caller; status starts OPEN whatever is sent', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/helpdesk/tickets/',
      token: agent.token,
      payload: {
        title: ' Fridge alarm ',
        ticket_type: 'ALERTS',
        priority: 'URGENT',
        requester: employee.id,
        assignee: agent.id,
        ticket_content: richText('Temp 9C'),
        ticket_status: 'CLOSED',
        meta_data: { hacked: true },
        id: '01900000-0000-7000-8000-000000000009',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      title: 'Fridge alarm',
      ticket_type: 'ALERTS',
      priority: 'URGENT',
      ticket_status: 'OPEN',
      requester: { id: employee.id, email: employee.email },
      assignee: { id: agent.id, full_name: 'Carl Corporate', email: agent.email },
      created_by: { id: agent.id, full_name: 'Carl Corporate' },
      updated_by: { id: agent.id, full_name: 'Carl Corporate' },
      ticket_content: richText('Temp 9C'),
    });
    expect(body.id).not.toBe('01900000-0000-7000-8000-000000000009');
    expect(body.meta_data).toMatchObject({ source: 'staff' });
    expect(body.meta_data).not.toHaveProperty('hacked');
    const own = await insertTicket(t, agent);
    expect(own.requester.id).toBe(agent.id);
    expect(own.priority).toBe('MEDIUM');
  });

  it.each([
    ['title missing', { ticket_type: 'ISSUE' }, { title: ['This field is required.'] }],
    [
      'title too long',
      { title: 'x'.repeat(256), ticket_type: 'ISSUE' },
      { title: ['Ensure this field has no more than 255 characters.'] },
    ],
    ['ticket_type missing', { title: 'x' }, { ticket_type: ['This field is required.'] }],
    ['ticket_type unknown', { title: 'x', ticket_type: 'BUG' }, { ticket_type: ['"BUG" is not a valid choice.'] }],
    [
      'priority unknown',
      { title: 'x', ticket_type: 'ISSUE', priority: 'CRITICAL' },
      { priority: ['"CRITICAL" is not a valid choice.'] },
    ],
    ['requester not a uuid', { title: 'x', ticket_type: 'ISSUE', requester: 'bob' }, { requester: ['Must be a valid UUID.'] }],
    [
      'requester unknown',
      { title: 'x', ticket_type: 'ISSUE', requester: '01900000-0000-7000-8000-000000000000' },
      { requester: ['Invalid pk "01900000-0000-7000-8000-000000000000" - object does not exist.'] },
    ],
    [
      'assignee unknown',
      { title: 'x', ticket_type: 'ISSUE', assignee: '01900000-0000-7000-8000-000000000000' },
      { assignee: ['Invalid pk "01900000-0000-7000-8000-000000000000" - object does not exist.'] },
    ],
    [
      'ticket_content not an object',
      { title: 'x', ticket_type: 'ISSUE', ticket_content: [1] },
      { ticket_content: ['Must be a JSON object.'] },
    ],
  ])('POST answers 400 when %s and creates nothing', async (_name, payload, errors) => {
    const before = (await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1', token: admin.token })).json().count;
    const response = await t.request({ method: 'POST', url: '/api/helpdesk/tickets/', token: admin.token, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect((await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1', token: admin.token })).json().count).toBe(
      before,
    );
  });

  it('PUT replaces (title and ticket_type required), PATCH changes only what is sent', async () => {
    const ticket = await insertTicket(t, admin, { priority: 'LOW' });
    const missing = await t.request({ method: 'PUT', url: urlFor(ticket.id), token: agent.token, payload: { priority: 'HIGH' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ title: ['This field is required.'], ticket_type: ['This field is required.'] });
    const put = await t.request({
      method: 'PUT',
      url: urlFor(ticket.id),
      token: agent.token,
      payload: { title: 'Renamed', ticket_type: 'PROBLEM', priority: 'HIGH' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      title: 'Renamed',
      ticket_type: 'PROBLEM',
      priority: 'HIGH',
      ticket_status: 'OPEN',
      updated_by: { id: agent.id },
    });
    const patch = await t.request({
      method: 'PATCH',
      url: urlFor(ticket.id),
      token: agent.token,
      payload: { assignee: agent.id },
    });
    expect(patch.json()).toMatchObject({ title: 'Renamed', priority: 'HIGH', assignee: { id: agent.id } });
    const unassign = await t.request({
      method: 'PATCH',
      url: urlFor(ticket.id),
      token: agent.token,
      payload: { assignee: null },
    });
    expect(unassign.json().assignee).toBeNull();
    const blank = await t.request({ method: 'PATCH', url: urlFor(ticket.id), token: agent.token, payload: { title: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ title: ['This field may not be blank.'] });
    expect((await t.request({ method: 'GET', url: urlFor(ticket.id), token: agent.token })).json().title).toBe('Renamed');
  });

  it('lists in the list form with filters, search and ordering', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await insertTicket(t, admin, { title: `${tag} alpha`, priority: 'HIGH', ticket_type: 'ISSUE' });
    const b = await insertTicket(t, admin, { title: `${tag} beta`, priority: 'LOW', ticket_type: 'ISSUE', assignee: agent.id });
    const list = await t.request({
      method: 'GET',
      url: `/api/helpdesk/tickets/?search=${tag}&ordering=title`,
      token: agent.token,
    });
    expect(list.json().results.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect(list.json().results[0]).not.toHaveProperty('ticket_content');
    expect(list.json().results[0]).not.toHaveProperty('meta_data');
    const filtered = await t.request({
      method: 'GET',
      url: `/api/helpdesk/tickets/?search=${tag}&filters=${encodeURIComponent(JSON.stringify({ assignee: agent.id, priority__in: ['LOW', 'HIGH'] }))}`,
      token: agent.token,
    });
    expect(filtered.json().results.map((r: { id: string }) => r.id)).toEqual([b.id]);
    const byEmail = await t.request({
      method: 'GET',
      url: `/api/helpdesk/tickets/?search=${tag}&filters=${encodeURIComponent(JSON.stringify({ assignee__email__iexact: agent.email.toUpperCase() }))}`,
      token: agent.token,
    });
    expect(byEmail.json().count).toBe(1);
    const selected = await t.request({
      method: 'GET',
      url: `/api/helpdesk/tickets/?search=${tag}&select=id,requester.email&ordering=-title`,
      token: agent.token,
    });
    expect(selected.json().results[0]).toEqual({ id: b.id, requester: { email: admin.email } });
    expect(
      (await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?ordering=ticket_content', token: agent.token })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/helpdesk/tickets/?filters=${encodeURIComponent('{"ticket_status":"DONE"}')}`,
          token: agent.token,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a list request runs a bounded number of SQL statements whatever the page size', async () => {
    for (let i = 0; i < 5; i++) await insertTicket(t, admin, { assignee: agent.id });
    // Both requests with the token and permissions cached (the first request of a token looks them up).
    await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1', token: agent.token });
    const small = await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1', token: agent.token });
    const large = await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=50', token: agent.token });
    expect(Number(large.headers['x-sql-statements'])).toBe(Number(small.headers['x-sql-statements']));
  });

  it('deletes a ticket with its messages, attachments, files and history', async () => {
    const ticket = await raiseTicket(t, employee, {
      files: [{ field: 'attachments[0][attachment]', filename: 'a.txt', content: SAMPLE_FILES.txt() }],
    });
    const message = await t.request({
      method: 'POST',
      url: `${urlFor(ticket)}conversations/`,
      token: admin.token,
      payload: { message: richText('on it') },
    });
    const upload = multipart({}, [{ field: 'attachment', filename: 'b.png', content: SAMPLE_FILES.png() }]);
    await t.request({
      method: 'POST',
      url: `/api/helpdesk/tickets/conversations/${message.json().id}/attachments/`,
      token: admin.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    const dir = `${t.config.uploadsDir}/helpdesk/tickets/${ticket}`;
    expect(fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length).toBe(2);
    const removed = await t.request({ method: 'DELETE', url: urlFor(ticket), token: admin.token });
    expect(removed.statusCode).toBe(204);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')) : []).toEqual([]);
    expect((await t.request({ method: 'GET', url: urlFor(ticket), token: admin.token })).statusCode).toBe(404);
    const leftovers = await t.database.query<{ n: number }>(
      `select (select count(*) from helpdesk_conversation where ticket_id = $1) + (select count(*) from helpdesk_attachment where ticket_id = $1) + (select count(*) from helpdesk_ticket_history where ticket_id = $1) as n`,
      [ticket],
    );
    expect(Number(leftovers[0]!.n)).toBe(0);
    expect((await t.request({ method: 'DELETE', url: urlFor(ticket), token: admin.token })).statusCode).toBe(404);
  });
});

describe('status workflow', () => {
  const allowed = Object.entries(TICKET_STATUS_TRANSITIONS).flatMap(([from, tos]) =>
    tos.map((to) => [from, to] as [TicketStatus, TicketStatus]),
  );
  const refused = TICKET_STATUSES.flatMap((from) =>
    TICKET_STATUSES.filter((to) => to !== from && !TICKET_STATUS_TRANSITIONS[from].includes(to)).map(
      (to) => [from, to] as [TicketStatus, TicketStatus],
    ),
  );

  /** Walks a fresh ticket to `status` along allowed moves. */
  async function ticketIn(status: TicketStatus): Promise<string> {
    const ticket = (await insertTicket(t, admin, { requester: employee.id })).id;
    const path: Record<TicketStatus, TicketStatus[]> = {
      OPEN: [],
      IN_PROGRESS: ['IN_PROGRESS'],
      ON_HOLD: ['ON_HOLD'],
      CLOSED: ['CLOSED'],
      REOPENED: ['CLOSED', 'REOPENED'],
    };
    for (const step of path[status]) {
      const response = await t.request({
        method: 'PATCH',
        url: urlFor(ticket),
        token: admin.token,
        payload: { ticket_status: step },
      });
      expect(response.statusCode).toBe(200);
    }
    return ticket;
  }

  it.each(allowed)('allows %s -> %s and records it in the history', async (from, to) => {
    const ticket = await ticketIn(from);
    const response = await t.request({
      method: 'PATCH',
      url: urlFor(ticket),
      token: agent.token,
      payload: { ticket_status: to },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().ticket_status).toBe(to);
    const history = (await t.request({ method: 'GET', url: `${urlFor(ticket)}history/`, token: agent.token })).json().results;
    expect(history.at(-1)).toMatchObject({
      ticket,
      from_status: from,
      to_status: to,
      changed_by: { id: agent.id, full_name: 'Carl Corporate' },
    });
    expect(new Date(history.at(-1).changed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each(refused)('refuses %s -> %s with 400 and changes nothing', async (from, to) => {
    const ticket = await ticketIn(from);
    const before = (await t.request({ method: 'GET', url: `${urlFor(ticket)}history/`, token: agent.token })).json().count;
    const response = await t.request({
      method: 'PATCH',
      url: urlFor(ticket),
      token: agent.token,
      payload: { ticket_status: to, title: 'changed too' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ticket_status: [`Cannot change status from ${from} to ${to}.`] });
    const after = (await t.request({ method: 'GET', url: urlFor(ticket), token: agent.token })).json();
    expect(after.ticket_status).toBe(from);
    expect(after.title).not.toBe('changed too');
    expect((await t.request({ method: 'GET', url: `${urlFor(ticket)}history/`, token: agent.token })).json().count).toBe(before);
  });

  it('sending the current status again is no change and adds no history', async () => {
    const ticket = await ticketIn('ON_HOLD');
    const response = await t.request({
      method: 'PATCH',
      url: urlFor(ticket),
      token: agent.token,
      payload: { ticket_status: 'ON_HOLD' },
    });
    expect(response.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${urlFor(ticket)}history/`, token: agent.token })).json().count).toBe(2);
  });
});

describe('staff conversations', () => {
  it('sends to the requester by default; PUT, PATCH and DELETE a message (with its files)', async () => {
    const ticket = await raiseTicket(t, employee);
    const sent = await t.request({
      method: 'POST',
      url: `${urlFor(ticket)}conversations/`,
      token: agent.token,
      payload: { message: richText('We are on it'), copy: [admin.id, admin.id] },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      sender: { id: agent.id },
      recipient: { id: employee.id },
      copy: [{ id: admin.id, email: admin.email }],
    });
    const id = sent.json().id;
    const base = `${urlFor(ticket)}conversations/${id}/`;

    const put = await t.request({
      method: 'PUT',
      url: base,
      token: agent.token,
      payload: { message: richText('Edited'), copy: [] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      message: richText('Edited'),
      copy: [],
      recipient: { id: employee.id },
      updated_by: { id: agent.id },
    });
    const putMissing = await t.request({ method: 'PUT', url: base, token: agent.token, payload: { copy: [] } });
    expect(putMissing.json()).toEqual({ message: ['This field is required.'] });
    const patch = await t.request({ method: 'PATCH', url: base, token: admin.token, payload: { recipient: null } });
    expect(patch.json()).toMatchObject({ message: richText('Edited'), recipient: null, updated_by: { id: admin.id } });

    const upload = multipart({}, [{ field: 'attachment', filename: 'fix.docx', content: SAMPLE_FILES.pdf() }]);
    const file = await t.request({
      method: 'POST',
      url: `/api/helpdesk/tickets/conversations/${id}/attachments/`,
      token: agent.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(file.statusCode).toBe(201);
    // The declared name does not decide the type: this "docx" is a PDF.
    expect(file.json().content_type).toBe('application/pdf');

    // Deleting needs ticket.delete: the agent (Corporate User) lacks it, the admin has it.
    expect((await t.request({ method: 'DELETE', url: base, token: agent.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: base, token: admin.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: base, token: admin.token })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/helpdesk/tickets/conversations/${id}/attachments/${file.json().id}/`,
          token: admin.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a message is only reachable under its own ticket', async () => {
    const one = await raiseTicket(t, employee);
    const other = await raiseTicket(t, employee);
    const sent = (
      await t.request({
        method: 'POST',
        url: `${urlFor(one)}conversations/`,
        token: agent.token,
        payload: { message: richText('x') },
      })
    ).json();
    expect(
      (await t.request({ method: 'GET', url: `${urlFor(other)}conversations/${sent.id}/`, token: agent.token })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `${urlFor(other)}conversations/${sent.id}/`,
          token: agent.token,
          payload: { message: richText('y') },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('staff attachments: list, get, download and delete under the staff path', async () => {
    const ticket = await raiseTicket(t, employee, {
      files: [{ field: 'attachments[0][attachment]', filename: 'r.txt', content: SAMPLE_FILES.txt('report') }],
    });
    const list = await t.request({ method: 'GET', url: `${urlFor(ticket)}attachments/`, token: reader.token });
    expect(list.json().count).toBe(1);
    const attachment = list.json().results[0];
    expect(attachment.attachment).toContain(`/api/helpdesk/tickets/${ticket}/attachments/${attachment.id}/download/`);
    const download = await t.request({ method: 'GET', url: new URL(attachment.attachment).pathname, token: reader.token });
    expect(download.body).toBe('report');
    expect(
      (await t.request({ method: 'DELETE', url: `${urlFor(ticket)}attachments/${attachment.id}/`, token: reader.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `${urlFor(ticket)}attachments/${attachment.id}/`, token: admin.token }))
        .statusCode,
    ).toBe(204);
  });
});

describe('contract catalogue', () => {
  const flatten = (group: object): EndpointDefinition[] =>
    Object.values(group).flatMap((value) =>
      'method' in value && 'path' in value ? [value as EndpointDefinition] : flatten(value),
    );

  it('every help-desk and notification endpoint of the contract is served', () => {
    const served = new Set(t.app.routeTable.map((r) => `${r.method} ${r.path}`));
    const declared = [myTicketEndpoints, staffTicketEndpoints, notificationEndpoints]
      .flatMap(flatten)
      .map((e) => `${e.method} ${e.path}`);
    expect(declared.length).toBeGreaterThan(50);
    expect(declared.filter((key) => !served.has(key))).toEqual([]);
  });
});
