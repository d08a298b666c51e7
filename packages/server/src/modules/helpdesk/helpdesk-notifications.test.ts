import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, raiseTicket, richText } from '../../test/factories/helpdesk';

let t: TestApp;
let superuser: TestUser;
let agentOne: TestUser;
let agentTwo: TestUser;
let granted: TestUser;
let readOnly: TestUser;
let inactive: TestUser;
let requester: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  superuser = await insertUser(t, { superuser: true });
  agentOne = await insertUser(t, { userType: 2, firstName: 'Agent', lastName: 'One' });
  agentTwo = await insertUser(t, { userType: 2, firstName: 'Agent', lastName: 'Two' });
  granted = await insertUser(t, { userType: 7 });
  await grant(t, granted.email, 'ticket.change');
  readOnly = await insertUser(t, { userType: 3 });
  inactive = await insertUser(t, { userType: 2 });
  await t.database.query('update auth_user set is_active = false where id = $1', [inactive.id]);
  requester = await insertUser(t, { userType: 6, firstName: 'Rita', lastName: 'Requester' });
  colleague = await insertUser(t, { userType: 6 });
});
afterAll(() => t.close());

/** Who holds a notification with `verb` about `ticketId` (read straight from the table: inactive users cannot sign in). */
async function recipientsOf(verb: string, ticketId: string): Promise<string[]> {
  const rows = await t.database.query<{ recipient_id: string }>(
    'select recipient_id from notifications_notification where verb = $1 and target_id = $2 order by recipient_id',
    [verb, ticketId],
  );
  return rows.map((r) => r.recipient_id);
}
const ids = (...users: TestUser[]) => users.map((u) => u.id).sort();

describe('notifications created by ticket events', () => {
  it('a raised ticket notifies every active holder of ticket.change (superusers included), never the requester', async () => {
    const ticket = await raiseTicket(t, requester, { title: 'Oven door stuck' });
    const recipients = await recipientsOf('created', ticket);
    expect(recipients).toEqual(ids(superuser, agentOne, agentTwo, granted));
    // Read-only staff, inactive staff and other users are not told.
    for (const user of [readOnly, inactive, colleague, requester]) expect(recipients).not.toContain(user.id);
    const mine = await t.request({ method: 'GET', url: '/api/notifications/', token: agentOne.token });
    const notification = mine
      .json()
      .results.find((n: { references: { target: { id: string } } }) => n.references.target?.id === ticket);
    expect(notification).toMatchObject({
      recipient: agentOne.id,
      unread: true,
      verb: 'created',
      level: 'info',
      target: 'Oven door stuck',
      action_object: null,
      description: expect.stringMatching(/^Rita Requester raised an issue: #\d{4,} "Oven door stuck"$/),
      references: { actor: { name: 'user', id: requester.id }, target: { name: 'ticket', id: ticket }, action_object: null },
      data: { ticket_id: ticket, ticket_type: 'ISSUE', priority: 'MEDIUM' },
    });
  });

  it('a ticket staff create notifies the other staff, not the creator; an urgent one is a warning', async () => {
    const ticket = await insertTicket(t, agentOne, { requester: requester.id, priority: 'URGENT' });
    expect(await recipientsOf('created', ticket.id)).toEqual(ids(superuser, agentTwo, granted));
    const [row] = await t.database.query<{ level: string }>(
      'select level from notifications_notification where target_id = $1 limit 1',
      [ticket.id],
    );
    expect(row!.level).toBe('warning');
  });

  it('assigning notifies the assignee only; assigning yourself notifies nobody', async () => {
    const ticket = await raiseTicket(t, requester);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { assignee: agentTwo.id },
    });
    expect(await recipientsOf('assigned', ticket)).toEqual(ids(agentTwo));
    // Re-sending the same assignee is no new assignment.
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { assignee: agentTwo.id, priority: 'HIGH' },
    });
    expect(await recipientsOf('assigned', ticket)).toEqual(ids(agentTwo));
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { assignee: agentOne.id },
    });
    expect(await recipientsOf('assigned', ticket)).toEqual(ids(agentTwo));
    const created = await insertTicket(t, agentOne, { assignee: agentTwo.id });
    expect(await recipientsOf('assigned', created.id)).toEqual(ids(agentTwo));
  });

  it('a status change notifies the requester; a requester changing their own ticket is not notified', async () => {
    const ticket = await raiseTicket(t, requester);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { ticket_status: 'IN_PROGRESS' },
    });
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { ticket_status: 'CLOSED' },
    });
    expect(await recipientsOf('changed status', ticket)).toEqual(ids(requester, requester));
    const list = (await t.request({ method: 'GET', url: '/api/notifications/', token: requester.token })).json().results;
    const closed = list.find(
      (n: { data: { to_status?: string; ticket_id: string } }) => n.data.ticket_id === ticket && n.data.to_status === 'CLOSED',
    );
    expect(closed).toMatchObject({ level: 'success', description: expect.stringContaining('from IN_PROGRESS to CLOSED') });

    const own = await insertTicket(t, agentOne);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${own.id}/`,
      token: agentOne.token,
      payload: { ticket_status: 'ON_HOLD' },
    });
    expect(await recipientsOf('changed status', own.id)).toEqual([]);
  });

  it('a refused change notifies nobody', async () => {
    const ticket = await raiseTicket(t, requester);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { ticket_status: 'CLOSED' },
    });
    const refused = await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { ticket_status: 'OPEN', assignee: agentTwo.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(await recipientsOf('changed status', ticket)).toEqual(ids(requester));
    expect(await recipientsOf('assigned', ticket)).toEqual([]);
  });

  it('a message notifies its recipient and copy users, never the sender', async () => {
    const ticket = await raiseTicket(t, requester);
    await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket}/`,
      token: agentOne.token,
      payload: { assignee: agentTwo.id },
    });
    const fromRequester = await t.request({
      method: 'POST',
      url: `/api/helpdesk/my-tickets/${ticket}/conversations/`,
      token: requester.token,
      payload: { message: richText('Still broken'), copy: [colleague.id, requester.id] },
    });
    expect(fromRequester.statusCode).toBe(201);
    const conversation = fromRequester.json().id;
    const rows = await t.database.query<{ recipient_id: string; action_object_id: string; action_object_text: string }>(
      'select recipient_id, action_object_id, action_object_text from notifications_notification where action_object_id = $1 order by recipient_id',
      [conversation],
    );
    expect(rows.map((r) => r.recipient_id)).toEqual(ids(agentTwo, colleague));
    expect(rows[0]).toMatchObject({ action_object_text: 'Still broken' });

    const fromStaff = await t.request({
      method: 'POST',
      url: `/api/helpdesk/tickets/${ticket}/conversations/`,
      token: agentTwo.token,
      payload: { message: richText('Technician booked'), copy: [agentTwo.id, superuser.id] },
    });
    const staffRows = await t.database.query<{ recipient_id: string }>(
      'select recipient_id from notifications_notification where action_object_id = $1 order by recipient_id',
      [fromStaff.json().id],
    );
    expect(staffRows.map((r) => r.recipient_id)).toEqual(ids(requester, superuser));
  });

  it('no event ever notifies an inactive user or the user who caused it', async () => {
    const rows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from notifications_notification where recipient_id = $1 or recipient_id = actor_id',
      [inactive.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
