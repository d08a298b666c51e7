import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket, raiseTicket } from '../../test/factories/helpdesk';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/helpdesk';

// Conditional writes on tickets (platform.md 14.6, RFC 9110 section 13): the same platform/conditional.ts
// mechanism as the records' (conditional-writes.routes.test.ts there).

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let employee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  agent = await insertUser(t, { userType: 2, firstName: 'Carl', lastName: 'Corporate' }); // ticket read/add/change
  employee = await insertUser(t, { userType: 6 }); // no ticket permissions
});
afterAll(() => t.close());

const urlFor = (id: string) => `/api/helpdesk/tickets/${id}/`;
const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });
const write = (
  method: 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: Record<string, unknown>; ifMatch?: string; token?: string } = {},
) =>
  t.request({
    method,
    url,
    token: options.token ?? admin.token,
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.ifMatch !== undefined ? { headers: { 'if-match': options.ifMatch } } : {}),
  });
const newTicket = async () => urlFor((await insertTicket(t, admin)).id as string);
const historyOf = async (url: string) => (await get(`${url}history/`)).json().count as number;

describe('ETags and If-Match on tickets', () => {
  it("a ticket's detail answers a strong ETag on the staff and the requester side; the body is as without it", async () => {
    const url = await newTicket();
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^"helpdesk_ticket-[0-9a-f-]+-1"$/);
    expect(response.json()).not.toHaveProperty('version');

    const own = await raiseTicket(t, employee);
    const mine = await get(`/api/helpdesk/my-tickets/${own}/`, employee.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBe((await get(urlFor(own))).headers.etag);
  });

  it("the SLA clock's own updates keep the ETag (no needless 412); a person's change raises it", async () => {
    const url = await newTicket();
    const id = url.split('/').at(-2)!;
    const tag = (await get(url)).headers.etag as string;
    // What the SLA sweep and the clock write: the status and the due instants.
    await t.database.db
      .update(tickets)
      .set({ slaStatus: 'AT_RISK', slaRiskAt: new Date(), slaBreachAt: new Date(), dueAt: new Date(), slaPausedMinutes: 5 })
      .where(eq(tickets.id, id));
    expect((await get(url)).headers.etag).toBe(tag);
    expect((await write('PATCH', url, { payload: { title: 'Edited while the clock moved' }, ifMatch: tag })).statusCode).toBe(200);
    const edited = (await get(url)).headers.etag as string;
    expect(edited).not.toBe(tag);
    await t.database.db.update(tickets).set({ priority: 'LOW' }).where(eq(tickets.id, id));
    expect((await get(url)).headers.etag).not.toBe(edited);
  });

  it('two agents edit one ticket: the second gets 412 with the ticket as it is now, nothing is lost, then retries', async () => {
    const url = await newTicket();
    const tag = (await get(url)).headers.etag as string;
    const first = await write('PATCH', url, { payload: { title: 'First edit', priority: 'HIGH' }, ifMatch: tag });
    expect(first.statusCode).toBe(200);
    const newTag = first.headers.etag as string;
    expect(newTag).not.toBe(tag);
    expect(newTag).toBe((await get(url)).headers.etag);
    const entries = await historyOf(url);

    const second = await write('PATCH', url, { payload: { title: 'Second edit' }, ifMatch: tag, token: agent.token });
    expect(second.statusCode).toBe(412);
    const now = await get(url, agent.token);
    expect(second.json()).toEqual({ detail: 'This record was changed by someone else.', current: now.json() });
    expect(second.headers.etag).toBe(newTag);
    expect(now.json()).toMatchObject({ title: 'First edit', priority: 'HIGH' });
    // Nothing written: no history entry, the version unchanged.
    expect(await historyOf(url)).toBe(entries);
    expect(now.headers.etag).toBe(newTag);

    const retried = await write('PATCH', url, { payload: { title: 'Second edit' }, ifMatch: second.headers.etag as string, token: agent.token });
    expect(retried.statusCode).toBe(200);
    expect((await get(url)).json()).toMatchObject({ title: 'Second edit', priority: 'HIGH' });
  });

  it('PUT takes If-Match too; several tags, *, and a weak tag that never matches', async () => {
    const url = await newTicket();
    const body = (await get(url)).json();
    const replace = (title: string) => ({ title, ticket_type: body.ticket_type, ticket_content: body.ticket_content, priority: body.priority });
    const tag = (await get(url)).headers.etag as string;
    expect((await write('PUT', url, { payload: replace('A'), ifMatch: `"other", ${tag}` })).statusCode).toBe(200);
    expect((await write('PUT', url, { payload: replace('B'), ifMatch: tag })).statusCode).toBe(412);
    expect((await write('PUT', url, { payload: replace('C'), ifMatch: '*' })).statusCode).toBe(200);
    const now = (await get(url)).headers.etag as string;
    expect((await write('PATCH', url, { payload: { title: 'D' }, ifMatch: `W/${now}` })).statusCode).toBe(412);
    expect((await get(url)).json().title).toBe('C');
  });

  it('a malformed If-Match is a 400 naming the header, nothing changed', async () => {
    const url = await newTicket();
    const before = await get(url);
    for (const bad of ['abc', '"open', '', 'W/abc', '"a" "b"']) {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const response = await write(method, url, { payload: method === 'PATCH' ? { title: 'Malformed' } : undefined, ifMatch: bad });
        expect(response.statusCode, `${method} ${bad}`).toBe(400);
        expect(Object.keys(response.json())).toEqual(['If-Match']);
      }
    }
    const after = await get(url);
    expect(after.json()).toEqual(before.json());
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('without If-Match writes behave as before', async () => {
    const url = await newTicket();
    expect((await write('PATCH', url, { payload: { title: 'No condition' } })).statusCode).toBe(200);
    expect((await get(url)).json().title).toBe('No condition');
    expect((await write('DELETE', url)).statusCode).toBe(204);
  });

  it('DELETE with a stale tag is 412 and the ticket is kept; with the current one it deletes', async () => {
    const url = await newTicket();
    const stale = (await get(url)).headers.etag as string;
    expect((await write('PATCH', url, { payload: { title: 'Renamed ticket' } })).statusCode).toBe(200);
    const refused = await write('DELETE', url, { ifMatch: stale });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().current.title).toBe('Renamed ticket');
    expect((await get(url)).statusCode).toBe(200);
    const current = (await get(url)).headers.etag as string;
    expect((await write('DELETE', url, { ifMatch: current })).statusCode).toBe(204);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('an update outside the API (raw SQL, as a sync or the SLA sweep writes) bumps the version', async () => {
    const url = await newTicket();
    const id = url.split('/').at(-2)!;
    const tag = (await get(url)).headers.etag as string;
    await t.database.query(`update helpdesk_ticket set title = title || ' (synced)' where id = $1`, [id]);
    const newTag = (await get(url)).headers.etag as string;
    expect(newTag).toBe(tag.replace(/-1"$/, '-2"'));
    expect((await write('PATCH', url, { payload: { title: 'Stale' }, ifMatch: tag })).statusCode).toBe(412);
    expect((await get(url)).json().title).toMatch(/\(synced\)$/);
  });

  it('permission and scope come before the precondition: 403 without ticket change, 404 for a missing ticket', async () => {
    const url = await newTicket();
    const refused = await write('PATCH', url, { payload: { title: 'x' }, ifMatch: '"stale"', token: employee.token });
    expect(refused.statusCode).toBe(403);
    const missing = await write('PATCH', urlFor('01900000-0000-7000-8000-000000000000'), { payload: { title: 'x' }, ifMatch: '"stale"' });
    expect(missing.statusCode).toBe(404);
  });
});
