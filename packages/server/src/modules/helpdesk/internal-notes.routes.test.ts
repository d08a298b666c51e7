import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { raiseTicket, richText } from '../../test/factories/helpdesk';
import { mentionedIds } from './mentions';

/** Internal notes and mentions (spec platform §13.1). */
let t: TestApp;
let agent: TestUser;
let colleague: TestUser;
let inactive: TestUser;
let requester: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  agent = await insertUser(t, { userType: 2, firstName: 'Alex', lastName: 'Agent' });
  colleague = await insertUser(t, { userType: 2, firstName: 'Casey', lastName: 'Colleague' });
  inactive = await insertUser(t, { userType: 2 });
  await t.database.query('update auth_user set is_active = false where id = $1', [inactive.id]);
  requester = await insertUser(t, { userType: 6, firstName: 'Rita', lastName: 'Requester' });
  outsider = await insertUser(t, { userType: 6 });
});
afterAll(() => t.close());

const mention = (user: TestUser, label = 'someone') => ({ type: 'mention', attrs: { id: user.id, label } });
const noteWith = (...nodes: unknown[]) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Please look ' }, ...nodes] }],
});

async function notificationsOf(verb: string, ticketId: string) {
  return t.database.query<{ recipient_id: string; description: string }>(
    'select recipient_id, description from notifications_notification where verb = $1 and target_id = $2 order by recipient_id',
    [verb, ticketId],
  );
}
const staffUrl = (ticket: string) => `/api/helpdesk/tickets/${ticket}/conversations/`;
const myUrl = (ticket: string) => `/api/helpdesk/my-tickets/${ticket}/conversations/`;

describe('internal notes', () => {
  it('stay on the staff side: never listed, shown or reachable on my-tickets, and never notify the requester', async () => {
    const ticket = await raiseTicket(t, requester);
    const note = await t.request({
      method: 'POST',
      url: staffUrl(ticket),
      token: agent.token,
      payload: { internal: true, message: richText('Supplier is slow, chase Friday.') },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ internal: true, recipient: null, copy: [] });
    const reply = await t.request({
      method: 'POST',
      url: staffUrl(ticket),
      token: agent.token,
      payload: { message: richText('We are on it.') },
    });
    expect(reply.json()).toMatchObject({ internal: false, recipient: { id: requester.id } });

    const staffList = (await t.request({ method: 'GET', url: staffUrl(ticket), token: agent.token })).json();
    expect(staffList.results.map((c: { internal: boolean }) => c.internal)).toEqual([true, false]);
    const internalOnly = (
      await t.request({
        method: 'GET',
        url: `${staffUrl(ticket)}?filters=${encodeURIComponent('{"internal":true}')}`,
        token: agent.token,
      })
    ).json();
    expect(internalOnly.count).toBe(1);

    const mine = (await t.request({ method: 'GET', url: myUrl(ticket), token: requester.token })).json();
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({ id: reply.json().id, internal: false });
    expect(JSON.stringify(mine)).not.toContain('Supplier is slow');
    expect(
      (await t.request({ method: 'GET', url: `${myUrl(ticket)}${note.json().id}/`, token: requester.token })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/helpdesk/my-tickets/conversations/${note.json().id}/attachments/`,
          token: requester.token,
        })
      ).statusCode,
    ).toBe(404);

    const messages = await notificationsOf('sent a message', ticket);
    expect(messages.map((m) => m.recipient_id)).toEqual([requester.id]); // the reply only
    const requesterMail = await t.database.query(
      "select 1 from notifications_notification where recipient_id = $1 and data->>'conversation_id' = $2",
      [requester.id, note.json().id],
    );
    expect(requesterMail).toEqual([]);
  });

  it('refuses a note addressed to the requester (400 naming the field); a requester cannot write one', async () => {
    const ticket = await raiseTicket(t, requester);
    const toRequester = await t.request({
      method: 'POST',
      url: staffUrl(ticket),
      token: agent.token,
      payload: { internal: true, recipient: requester.id, message: richText('x') },
    });
    expect(toRequester.statusCode).toBe(400);
    expect(toRequester.json()).toEqual({ recipient: ['An internal note cannot be sent to the requester.'] });
    const copied = await t.request({
      method: 'POST',
      url: staffUrl(ticket),
      token: agent.token,
      payload: { internal: true, copy: [requester.id], message: richText('x') },
    });
    expect(copied.json()).toEqual({ copy: ['An internal note cannot be sent to the requester.'] });
    const notBoolean = await t.request({
      method: 'POST',
      url: staffUrl(ticket),
      token: agent.token,
      payload: { internal: 'yes', message: richText('x') },
    });
    expect(notBoolean.statusCode).toBe(400);
    expect(Object.keys(notBoolean.json())).toEqual(['internal']);
    // The my-tickets side takes no `internal`: a requester's message is never a note.
    const own = await t.request({
      method: 'POST',
      url: myUrl(ticket),
      token: requester.token,
      payload: { internal: true, message: richText('mine') },
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().internal).toBe(false);
    const count = await t.database.query<{ n: number }>(
      'select count(*)::int as n from helpdesk_conversation where ticket_id = $1 and internal',
      [ticket],
    );
    expect(count[0]!.n).toBe(0);
  });
});

describe('mentions', () => {
  it('notify each mentioned active staff user once (verb "mentioned you"), ignoring others, the author and the requester', async () => {
    const ticket = await raiseTicket(t, requester, { title: 'Dishwasher leaks' });
    const message = noteWith(
      mention(colleague, 'Casey Colleague'),
      mention(colleague, 'again'),
      mention(inactive),
      mention(outsider),
      mention(requester),
      mention(agent),
      { type: 'mention', attrs: { id: '01900000-0000-7000-8000-000000000000' } },
      { type: 'mention', attrs: { id: 'not-a-uuid' } },
    );
    const response = await t.request({
      method: 'POST',
      url: staffUrl(ticket),
      token: agent.token,
      payload: { internal: true, message },
    });
    expect(response.statusCode).toBe(201);
    const mentioned = await notificationsOf('mentioned you', ticket);
    expect(mentioned.map((m) => m.recipient_id)).toEqual([colleague.id]);
    expect(mentioned[0]!.description).toMatch(/^Alex Agent mentioned you in an internal note on #\d+ "Dishwasher leaks"$/);
    // The requester hears nothing of the note.
    const toRequester = await t.database.query(
      'select 1 from notifications_notification where recipient_id = $1 and target_id = $2',
      [requester.id, ticket],
    );
    expect(toRequester).toEqual([]);
    // The colleague sees it in their notifications list.
    const list = (await t.request({ method: 'GET', url: '/api/notifications/', token: colleague.token })).json();
    expect(
      list.results.some(
        (n: { verb: string; references: { target: { id: string } } }) =>
          n.verb === 'mentioned you' && n.references.target.id === ticket,
      ),
    ).toBe(true);
  });

  it("the mention's preview keeps the mentioned name as @Name (issue 38 point 9)", async () => {
    const ticket = await raiseTicket(t, requester, { title: 'Fridge warm' });
    const message = noteWith(mention(colleague, 'Casey Colleague'), { type: 'text', text: ' about the fridge.' });
    const response = await t.request({ method: 'POST', url: staffUrl(ticket), token: agent.token, payload: { internal: true, message } });
    expect(response.statusCode).toBe(201);
    const list = (await t.request({ method: 'GET', url: '/api/notifications/', token: colleague.token })).json();
    const told = list.results.find(
      (n: { verb: string; references: { target: { id: string } } }) => n.verb === 'mentioned you' && n.references.target.id === ticket,
    );
    expect(told.data.preview).toBe('Please look @Casey Colleague about the fridge.');
    expect(told.action_object).toBe('Please look @Casey Colleague about the fridge.');
  });

  it('a mentioned copy recipient is told once, as mentioned; a requester mentioning staff notifies nobody', async () => {
    const ticket = await raiseTicket(t, requester);
    await t.request({
      method: 'POST',
      url: staffUrl(ticket),
      token: agent.token,
      payload: { copy: [colleague.id], message: noteWith(mention(colleague)) },
    });
    expect((await notificationsOf('mentioned you', ticket)).map((m) => m.recipient_id)).toEqual([colleague.id]);
    expect((await notificationsOf('sent a message', ticket)).map((m) => m.recipient_id)).toEqual([requester.id]);
    const other = await raiseTicket(t, requester);
    await t.request({
      method: 'POST',
      url: myUrl(other),
      token: requester.token,
      payload: { message: noteWith(mention(colleague)) },
    });
    expect(await notificationsOf('mentioned you', other)).toEqual([]);
  });

  it('mentionedIds reads mention nodes only, in order, without repeats', () => {
    const a = '01900000-0000-7000-8000-00000000000a';
    const b = '01900000-0000-7000-8000-00000000000b';
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'mention', attrs: { id: b } },
            { type: 'text', text: a },
          ],
        },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    { type: 'mention', attrs: { id: a } },
                    { type: 'mention', attrs: { id: b } },
                  ],
                },
              ],
            },
          ],
        },
        { type: 'image', attrs: { id: a } },
        { type: 'mention', attrs: { id: 42 } },
        { type: 'mention' },
      ],
    };
    expect(mentionedIds(doc)).toEqual([b, a]);
    expect(mentionedIds(null)).toEqual([]);
    expect(mentionedIds('text')).toEqual([]);
  });
});
