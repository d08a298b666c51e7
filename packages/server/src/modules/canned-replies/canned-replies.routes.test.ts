import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, richText } from '../../test/factories/helpdesk';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { fillPlaceholders } from './canned-replies.render';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let reader: TestUser;
let employee: TestUser;
let siteUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  alice = await insertUser(t, { userType: 2, firstName: 'Alice', lastName: 'Agent' });
  bob = await insertUser(t, { userType: 2, firstName: 'Bob', lastName: 'Builder' });
  reader = await insertUser(t, { userType: 3 }); // ticket read only
  employee = await insertUser(t, { userType: 6 }); // no ticket permission
  siteUser = await insertUser(t, { userType: 5 });
  await grant(t, siteUser.email, 'ticket.read');
  await grant(t, siteUser.email, 'ticket.add');
});
afterAll(() => t.close());

const base = '/api/helpdesk/canned-replies/';
async function create(user: TestUser, payload: Record<string, unknown>) {
  const response = await t.request({ method: 'POST', url: base, token: user.token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('canned replies', () => {
  it("a user sees their own and the shared ones; another user's private one answers 404", async () => {
    const own = await create(alice, { title: 'Alice private', body: richText('hi') });
    const shared = await create(bob, { title: 'Bob shared', body: richText('shared'), shared: true });
    const bobsPrivate = await create(bob, { title: 'Bob private', body: richText('secret') });
    expect(own).toMatchObject({ title: 'Alice private', shared: false, owner: { id: alice.id, full_name: 'Alice Agent' } });
    const list = (await t.request({ method: 'GET', url: base, token: alice.token })).json();
    expect(list.results.map((r: { title: string }) => r.title)).toEqual(['Alice private', 'Bob shared']);
    const searched = (await t.request({ method: 'GET', url: `${base}?search=shared`, token: alice.token })).json();
    expect(searched.results.map((r: { id: string }) => r.id)).toEqual([shared.id]);
    expect((await t.request({ method: 'GET', url: `${base}${shared.id}/`, token: alice.token })).statusCode).toBe(200);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: `${base}${bobsPrivate.id}/`,
        token: alice.token,
        payload: method === 'GET' || method === 'DELETE' ? undefined : { title: 'x', body: richText('x') },
      });
      expect({ method, status: response.statusCode }).toEqual({ method, status: 404 });
    }
  });

  it('only the owner (or an administrator) changes or deletes a shared one', async () => {
    const shared = await create(bob, { title: 'Greeting', body: richText('Hello'), shared: true });
    const patch = await t.request({
      method: 'PATCH',
      url: `${base}${shared.id}/`,
      token: alice.token,
      payload: { title: 'Mine now' },
    });
    expect(patch.statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `${base}${shared.id}/`, token: alice.token })).statusCode).toBe(403);
    const put = await t.request({
      method: 'PUT',
      url: `${base}${shared.id}/`,
      token: bob.token,
      payload: { title: 'Greeting 2', body: richText('Hi'), shared: false },
    });
    expect(put.json()).toMatchObject({ title: 'Greeting 2', shared: false, body: richText('Hi') });
    const byAdmin = await t.request({
      method: 'PATCH',
      url: `${base}${shared.id}/`,
      token: admin.token,
      payload: { shared: true },
    });
    // Private again, so the administrator does not see it (404) until it is shared.
    expect(byAdmin.statusCode).toBe(404);
    await t.request({ method: 'PATCH', url: `${base}${shared.id}/`, token: bob.token, payload: { shared: true } });
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `${base}${shared.id}/`,
          token: admin.token,
          payload: { title: 'Edited by admin' },
        })
      ).json().title,
    ).toBe('Edited by admin');
    expect((await t.request({ method: 'DELETE', url: `${base}${shared.id}/`, token: bob.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `${base}${shared.id}/`, token: bob.token })).statusCode).toBe(404);
  });

  it('answers 400 naming the field and stores nothing', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_canned_reply');
    for (const [payload, field] of [
      [{ body: richText('x') }, 'title'],
      [{ title: '   ', body: richText('x') }, 'title'],
      [{ title: 'x'.repeat(121), body: richText('x') }, 'title'],
      [{ title: 'ok' }, 'body'],
      [{ title: 'ok', body: 'text' }, 'body'],
      [{ title: 'ok', body: richText('x'), shared: 'yes' }, 'shared'],
    ] as const) {
      const response = await t.request({ method: 'POST', url: base, token: alice.token, payload });
      expect({ field, status: response.statusCode, keys: Object.keys(response.json()) }).toEqual({
        field,
        status: 400,
        keys: [field],
      });
    }
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_canned_reply');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses callers without ticket permissions; read-only staff list but do not create', async () => {
    expect((await t.request({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: base, token: employee.token })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: base, token: employee.token, payload: { title: 'x', body: richText('x') } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: base, token: reader.token })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'POST', url: base, token: reader.token, payload: { title: 'x', body: richText('x') } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('rendering for a ticket', () => {
  it('fills every variable in text nodes, leaves marks and unknown placeholders alone', async () => {
    const le = await insertLegalEntity(t, admin.token);
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Harbour Health' });
    const site = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id, name: 'Harbour Kitchen' });
    const requester = await insertUser(t, { userType: 6, firstName: 'Rita', lastName: 'Requester' });
    const ticket = await insertTicket(t, alice, { requester: requester.id, title: 'Oven broken', cost_centre: site.id });
    const body = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'Hi {{requester.first_name}} ({{ requester.full_name }}), about {{ticket.id}} "{{ticket.title}}" at {{cost_centre.name}} of {{client.name}}.',
            },
            {
              type: 'text',
              marks: [{ type: 'bold' }],
              text: ' {{agent.first_name}} {{unknown.thing}} {{constructor}} {{__proto__}}',
            },
            { type: 'mention', attrs: { id: alice.id, label: '{{ticket.title}}' } },
          ],
        },
      ],
    };
    const reply = await create(bob, { title: 'Status', body, shared: true });
    const response = await t.request({
      method: 'POST',
      url: `/api/helpdesk/tickets/${ticket.id}/canned-replies/${reply.id}/render/`,
      token: alice.token,
    });
    expect(response.statusCode).toBe(200);
    const paragraph = response.json().message.content[0].content;
    expect(paragraph[0].text).toBe(
      `Hi Rita (Rita Requester), about #${ticket.number} "Oven broken" at Harbour Kitchen of Harbour Health.`,
    );
    expect(paragraph[1]).toEqual({
      type: 'text',
      marks: [{ type: 'bold' }],
      text: ' Alice {{unknown.thing}} {{constructor}} {{__proto__}}',
    });
    expect(paragraph[2].attrs.label).toBe('{{ticket.title}}'); // attributes are not text
    // The stored reply is unchanged.
    expect((await t.request({ method: 'GET', url: `${base}${reply.id}/`, token: bob.token })).json().body).toEqual(body);
  });

  it("404 for another user's private reply, a missing ticket, or a ticket outside the allocation; 403 without permission", async () => {
    const ticket = await insertTicket(t, alice, { title: 'Somewhere else' });
    const bobsPrivate = await create(bob, { title: 'Private', body: richText('x') });
    const mine = await create(siteUser, { title: 'Site reply', body: richText('x') });
    const render = (user: TestUser, ticketId: string, id: string) =>
      t.request({ method: 'POST', url: `/api/helpdesk/tickets/${ticketId}/canned-replies/${id}/render/`, token: user.token });
    expect((await render(alice, ticket.id, bobsPrivate.id)).statusCode).toBe(404);
    expect((await render(alice, '01900000-0000-7000-8000-000000000000', mine.id)).statusCode).toBe(404);
    expect((await render(siteUser, ticket.id, mine.id)).statusCode).toBe(404);
    expect((await render(employee, ticket.id, mine.id)).statusCode).toBe(403);
    const le = await insertLegalEntity(t, admin.token);
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
    const site = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
    await allocate(t, siteUser.id, { costCentreId: site.id });
    const inside = await insertTicket(t, alice, { cost_centre: site.id });
    expect((await render(siteUser, inside.id, mine.id)).statusCode).toBe(200);
  });

  it('an empty variable takes a fallback, never leaving a hole or a double space (issue 38 point 10)', async () => {
    const requester = await insertUser(t, { userType: 6, firstName: '', lastName: 'Nameless' });
    const ticket = await insertTicket(t, alice, { requester: requester.id, title: 'No site' });
    const lines = [
      'We are looking into it for {{cost_centre.name}} and will update you.',
      'Hi {{requester.first_name}}, {{client.name|the client}} is told.',
      'Thanks {{cost_centre.name|}}, we are on it.',
      'Your {{ticket.title|request}} at {{ cost_centre.name | the kitchen }} of {{client.name}}.',
    ];
    const reply = await create(bob, { title: 'Fallbacks', body: { type: 'doc', content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) }, shared: true });
    const response = await t.request({ method: 'POST', url: `/api/helpdesk/tickets/${ticket.id}/canned-replies/${reply.id}/render/`, token: alice.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.content.map((p: { content: { text: string }[] }) => p.content[0]!.text)).toEqual([
      'We are looking into it for your site and will update you.',
      'Hi there, the client is told.',
      'Thanks, we are on it.',
      'Your No site at the kitchen of your organisation.',
    ]);
  });

  it('fillPlaceholders never reads object properties by the placeholder name', () => {
    const values = new Map([['ticket.title', 'T']]);
    const doc = { type: 'doc', content: [{ type: 'text', text: '{{toString}} {{ticket.title}} {{hasOwnProperty}}' }] };
    expect(fillPlaceholders(doc, values)).toEqual({
      type: 'doc',
      content: [{ type: 'text', text: '{{toString}} T {{hasOwnProperty}}' }],
    });
  });
});
