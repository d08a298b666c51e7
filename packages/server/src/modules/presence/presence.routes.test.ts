import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';

// Presence (platform.md 14.6): who else has a record's edit form open, announced to the others.

let t: TestApp;
let ada: TestUser;
let bea: TestUser;
let employee: TestUser;
const announced: { userIds: string[]; subject: { model: string; id: string } }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ada = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'First' });
  bea = await insertUser(t, { superuser: true, firstName: 'Bea', lastName: 'Second' });
  employee = await insertUser(t, { userType: 6 }); // no client permissions
  // What the stream would be told: the real announce runs too (through the bus).
  const real = t.app.notifications.announcePresence.bind(t.app.notifications);
  t.app.notifications.announcePresence = (userIds, subject) => {
    announced.push({ userIds, subject });
    real(userIds, subject);
  };
});
afterAll(() => t.close());

const send = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', body: Record<string, unknown>) =>
  t.request({
    method,
    url: method === 'GET' ? `/api/presence/?${new URLSearchParams(body as Record<string, string>)}` : '/api/presence/',
    ...(user ? { token: user.token } : {}),
    ...(method === 'GET' ? {} : { payload: body }),
  });

describe('presence/', () => {
  it('shows each editor the others, announces arrivals and departures to them, and forgets who left', async () => {
    const subject = { model: 'client', id: randomUUID() };
    announced.length = 0;
    const first = await send(ada, 'POST', subject);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([]);
    expect(announced).toEqual([]);

    const second = await send(bea, 'POST', subject);
    expect(second.json()).toEqual([{ user: { id: ada.id, name: 'Ada First' }, since: expect.any(String) }]);
    expect(announced).toEqual([{ userIds: [ada.id], subject }]);
    expect((await send(ada, 'GET', subject)).json()).toEqual([{ user: { id: bea.id, name: 'Bea Second' }, since: expect.any(String) }]);

    // The 20-second refresh keeps `since` and announces nothing.
    const since = (await send(ada, 'GET', subject)).json()[0].since;
    announced.length = 0;
    await send(bea, 'POST', subject);
    expect((await send(ada, 'GET', subject)).json()[0].since).toBe(since);
    expect(announced).toEqual([]);

    expect((await send(bea, 'DELETE', subject)).statusCode).toBe(204);
    expect(announced).toEqual([{ userIds: [ada.id], subject }]);
    expect((await send(ada, 'GET', subject)).json()).toEqual([]);
    // Another record's editors are its own.
    expect((await send(bea, 'GET', { model: 'client', id: randomUUID() })).json()).toEqual([]);
  });

  it('needs the model read permission (403) and a signed-in user (401)', async () => {
    const subject = { model: 'client', id: randomUUID() };
    expect((await send(employee, 'POST', subject)).statusCode).toBe(403);
    expect((await send(employee, 'GET', subject)).statusCode).toBe(403);
    expect((await send(employee, 'DELETE', subject)).statusCode).toBe(403);
    expect((await send(null, 'POST', subject)).statusCode).toBe(401);
    expect((await send(ada, 'GET', subject)).json()).toEqual([]);
  });

  it("covers knowledge articles: their editor's readers see it, others are refused (403)", async () => {
    const subject = { model: 'article', id: randomUUID() };
    expect((await send(ada, 'POST', subject)).statusCode).toBe(200);
    expect((await send(employee, 'GET', subject)).statusCode).toBe(403);
    expect((await send(ada, 'DELETE', subject)).statusCode).toBe(204);
  });

  it('refuses an unknown model or a malformed id with 400 naming the field, and records nothing', async () => {
    const id = randomUUID();
    const model = await send(ada, 'POST', { model: '__proto__', id });
    expect(model.statusCode).toBe(400);
    expect(Object.keys(model.json())).toEqual(['model']);
    const badId = await send(ada, 'POST', { model: 'client', id: 'not-a-uuid' });
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json())).toEqual(['id']);
    expect((await send(bea, 'GET', { model: 'client', id })).json()).toEqual([]);
  });
});
