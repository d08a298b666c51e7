import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, multipart, richText } from '../../test/factories/helpdesk';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';

/** Tickets belong to sites (spec platform §13.1): client and cost centre on tickets, defaults, scope and history. */
let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let siteUser: TestUser;
let twoSites: TestUser;
let employee: TestUser;
let clientA: { id: string; name: string };
let clientB: { id: string; name: string };
let siteA1: { id: string; name: string };
let siteA2: { id: string; name: string };
let siteB1: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  agent = await insertUser(t, { userType: 2 });
  siteUser = await insertUser(t, { userType: 5 });
  await grant(t, siteUser.email, 'ticket.read');
  await grant(t, siteUser.email, 'ticket.change');
  await grant(t, siteUser.email, 'ticket.add');
  twoSites = await insertUser(t, { userType: 6 });
  employee = await insertUser(t, { userType: 6 });
  const le = await insertLegalEntity(t, admin.token);
  clientA = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Harbour Health' })) as never;
  clientB = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Bayside Schools' })) as never;
  siteA1 = (await insertCostCentre(t, admin.token, {
    client: clientA.id,
    legal_entity: le.id,
    name: 'Harbour Kitchen',
  })) as never;
  siteA2 = (await insertCostCentre(t, admin.token, { client: clientA.id, legal_entity: le.id, name: 'Harbour Cafe' })) as never;
  siteB1 = (await insertCostCentre(t, admin.token, {
    client: clientB.id,
    legal_entity: le.id,
    name: 'Bayside Canteen',
  })) as never;
  await allocate(t, siteUser.id, { costCentreId: siteA1.id });
  await allocate(t, twoSites.id, { costCentreId: siteA1.id });
  await allocate(t, twoSites.id, { costCentreId: siteB1.id });
});
afterAll(() => t.close());

const ref = (r: { id: string; name: string }) => ({ id: r.id, name: r.name });

async function raise(user: TestUser, fields: Record<string, string> = {}) {
  const body = multipart({ title: 'Fridge warm', ticket_content: JSON.stringify(richText('It is warm.')), ...fields });
  return t.request({
    method: 'POST',
    url: '/api/helpdesk/my-tickets/issue/',
    token: user.token,
    payload: body.payload,
    headers: body.headers,
  });
}
const get = async (user: TestUser, id: string) =>
  (await t.request({ method: 'GET', url: `/api/helpdesk/tickets/${id}/`, token: user.token })).json();

describe('site fields on the help drawer forms', () => {
  it('a user allocated exactly one cost centre gets it (and its client) by default', async () => {
    const response = await raise(siteUser);
    expect(response.statusCode).toBe(201);
    const ticket = await get(admin, response.json().id);
    expect(ticket.cost_centre).toEqual(ref(siteA1));
    expect(ticket.client).toEqual(ref(clientA));
  });

  it('a user with two cost centres or none gets no default', async () => {
    for (const user of [twoSites, employee]) {
      const ticket = await get(admin, (await raise(user)).json().id);
      expect(ticket.cost_centre).toBeNull();
      expect(ticket.client).toBeNull();
    }
  });

  it('takes the client and cost_centre form fields on all three create calls', async () => {
    for (const kind of ['feedback', 'issue', 'service-request']) {
      const body = multipart({ title: 'Sink', ticket_content: JSON.stringify(richText('x')), cost_centre: siteB1.id });
      const response = await t.request({
        method: 'POST',
        url: `/api/helpdesk/my-tickets/${kind}/`,
        token: employee.token,
        payload: body.payload,
        headers: body.headers,
      });
      expect(response.statusCode).toBe(201);
      const ticket = await get(admin, response.json().id);
      expect({ kind, cc: ticket.cost_centre, client: ticket.client }).toEqual({ kind, cc: ref(siteB1), client: ref(clientB) });
    }
    const withClient = await get(admin, (await raise(employee, { client: clientA.id })).json().id);
    expect(withClient.client).toEqual(ref(clientA));
    expect(withClient.cost_centre).toBeNull();
  });

  it('answers 400 naming the field for a bad or unknown id, and stores nothing', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_ticket');
    expect((await raise(employee, { cost_centre: 'not-a-uuid' })).json()).toEqual({ cost_centre: ['Must be a valid UUID.'] });
    const unknown = '01900000-0000-7000-8000-000000000000';
    const response = await raise(employee, { client: unknown });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['client']);
    const mismatch = await raise(employee, { client: clientB.id, cost_centre: siteA1.id });
    expect(mismatch.json()).toEqual({ cost_centre: ['This cost centre does not belong to the selected client.'] });
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_ticket');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('a site user cannot name a cost centre outside their allocation (answers like an unknown id)', async () => {
    const response = await raise(siteUser, { cost_centre: siteB1.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ cost_centre: [`Invalid pk "${siteB1.id}" - object does not exist.`] });
  });
});

describe('staff set, change, filter and order sites', () => {
  it('staff create and change the site; history records client and cost centre changes', async () => {
    const ticket = await insertTicket(t, agent, { cost_centre: siteA2.id });
    expect(ticket.client).toEqual(ref(clientA));
    expect(ticket.cost_centre).toEqual(ref(siteA2));
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket.id}/`,
      token: agent.token,
      payload: { cost_centre: siteB1.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ client: ref(clientB), cost_centre: ref(siteB1) });
    // A new client drops a cost centre that is not its own.
    const client = await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket.id}/`,
      token: agent.token,
      payload: { client: clientA.id },
    });
    expect(client.json()).toMatchObject({ client: ref(clientA), cost_centre: null });
    const history = (
      await t.request({ method: 'GET', url: `/api/helpdesk/tickets/${ticket.id}/history/`, token: agent.token })
    ).json().results;
    const siteEntries = history
      .filter((h: { field: string }) => h.field === 'client' || h.field === 'cost_centre')
      .map((h: { field: string; from_value: string | null; to_value: string | null }) => [h.field, h.from_value, h.to_value]);
    expect(siteEntries).toEqual([
      ['client', 'Harbour Health', 'Bayside Schools'],
      ['cost_centre', 'Harbour Cafe', 'Bayside Canteen'],
      ['client', 'Bayside Schools', 'Harbour Health'],
      ['cost_centre', 'Bayside Canteen', null],
    ]);
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket.id}/`,
      token: agent.token,
      payload: { client: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['client']);
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${ticket.id}/`,
      token: agent.token,
      payload: { client: null },
    });
    expect(cleared.json()).toMatchObject({ client: null, cost_centre: null });
  });

  it('filters by client and cost centre, and orders by their names', async () => {
    const a = await insertTicket(t, agent, { cost_centre: siteA1.id, title: 'sort-probe A' });
    const b = await insertTicket(t, agent, { cost_centre: siteB1.id, title: 'sort-probe B' });
    const list = async (filters: Record<string, unknown>, ordering = '') =>
      (
        await t.request({
          method: 'GET',
          url: `/api/helpdesk/tickets/?filters=${encodeURIComponent(JSON.stringify({ title__icontains: 'sort-probe', ...filters }))}${ordering}`,
          token: agent.token,
        })
      ).json();
    const ids = (answer: { results: { id: string }[] }) => answer.results.map((x) => x.id);
    expect(ids(await list({ cost_centre: siteB1.id }))).toEqual([b.id]);
    expect(ids(await list({ client: clientA.id }))).toEqual([a.id]);
    expect(ids(await list({ cost_centre__name__icontains: 'bayside' }))).toEqual([b.id]);
    expect(ids(await list({}, '&ordering=cost_centre_name'))).toEqual([b.id, a.id]);
    expect(ids(await list({}, '&ordering=-client_name'))).toEqual([a.id, b.id]);
    expect((await list({}, '&ordering=-client_name')).results[0]!).toMatchObject({
      cost_centre: ref(siteA1),
      client: ref(clientA),
    });
    const bad = await t.request({
      method: 'GET',
      url: `/api/helpdesk/tickets/?filters=${encodeURIComponent('{"cost_centre":"x"}')}`,
      token: agent.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('allocation scope on the staff side', () => {
  it("a site user's staff list holds only tickets of their allocation (and their own), and others answer 404", async () => {
    const inside = await insertTicket(t, agent, { cost_centre: siteA1.id, title: 'scope-probe inside' });
    const outside = await insertTicket(t, agent, { cost_centre: siteB1.id, title: 'scope-probe outside' });
    const none = await insertTicket(t, agent, { title: 'scope-probe none' });
    const mine = await insertTicket(t, agent, { title: 'scope-probe mine', requester: siteUser.id });
    const listed = (
      await t.request({
        method: 'GET',
        url: `/api/helpdesk/tickets/?filters=${encodeURIComponent('{"title__icontains":"scope-probe"}')}`,
        token: siteUser.token,
      })
    ).json();
    expect(listed.results.map((r: { id: string }) => r.id).sort()).toEqual([inside.id, mine.id].sort());
    // An unscoped agent sees them all.
    const all = (
      await t.request({
        method: 'GET',
        url: `/api/helpdesk/tickets/?filters=${encodeURIComponent('{"title__icontains":"scope-probe"}')}`,
        token: agent.token,
      })
    ).json();
    expect(all.count).toBe(4);
    for (const id of [outside.id, none.id]) {
      for (const [method, url, payload] of [
        ['GET', `/api/helpdesk/tickets/${id}/`, undefined],
        ['PATCH', `/api/helpdesk/tickets/${id}/`, { priority: 'HIGH' }],
        ['GET', `/api/helpdesk/tickets/${id}/conversations/`, undefined],
        ['POST', `/api/helpdesk/tickets/${id}/conversations/`, { message: richText('hi') }],
        ['GET', `/api/helpdesk/tickets/${id}/history/`, undefined],
      ] as const) {
        const response = await t.request({ method, url, token: siteUser.token, payload });
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      }
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/helpdesk/tickets/${inside.id}/`, token: siteUser.token })).statusCode,
    ).toBe(200);
    // Setting a site outside the allocation is refused like an unknown id.
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/helpdesk/tickets/${inside.id}/`,
      token: siteUser.token,
      payload: { cost_centre: siteB1.id },
    });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json())).toEqual(['cost_centre']);
  });

  it('ordering by site name places an outside site as if it had none, so its withheld name cannot be inferred', async () => {
    // The site user raised both tickets, so both are visible; only the outside site's name is withheld.
    const inside = await insertTicket(t, agent, { cost_centre: siteA1.id, title: 'order-probe inside', requester: siteUser.id });
    const outside = await insertTicket(t, agent, { cost_centre: siteB1.id, title: 'order-probe outside', requester: siteUser.id });
    const list = async (user: TestUser, ordering: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/helpdesk/tickets/?ordering=${ordering}&filters=${encodeURIComponent('{"title__icontains":"order-probe"}')}`,
          token: user.token,
        })
      ).json().results.map((r: { id: string }) => r.id);
    // "Bayside Canteen" sorts before "Harbour Kitchen" for an unscoped agent...
    expect(await list(agent, 'cost_centre_name')).toEqual([outside.id, inside.id]);
    expect(await list(agent, 'client_name')).toEqual([outside.id, inside.id]);
    // ...but for the site user the outside site has no name to sort by (NULLs last, as for no site).
    expect(await list(siteUser, 'cost_centre_name')).toEqual([inside.id, outside.id]);
    expect(await list(siteUser, 'client_name')).toEqual([inside.id, outside.id]);
    expect(await list(siteUser, '-cost_centre_name')).toEqual([outside.id, inside.id]);
  });

  it('the scoped list runs the same number of statements for a page of 1 and of 50', async () => {
    const count = async (size: number) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/helpdesk/tickets/?page_size=${size}`,
        token: siteUser.token,
        headers: { 'x-debug-sql': '1' },
      });
      expect(response.statusCode).toBe(200);
      return Number(response.headers['x-sql-statements']);
    };
    const one = await count(1);
    expect(one).toBeGreaterThan(0);
    expect(await count(50)).toBe(one);
  });
});
