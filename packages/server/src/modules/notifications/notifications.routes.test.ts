import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { raiseTicket } from '../../test/factories/helpdesk';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A staff user with `count` fresh notifications (tickets raised by someone else), newest first. */
async function staffWithNotifications(count: number): Promise<{ staff: TestUser; ids: string[] }> {
  const staff = await insertUser(t, { superuser: true });
  const raiser = await insertUser(t, { userType: 6 });
  for (let i = 0; i < count; i++) await raiseTicket(t, raiser, { title: `Event ${i}` });
  const list = await t.request({ method: 'GET', url: '/api/notifications/', token: staff.token });
  return { staff, ids: list.json().results.map((n: { id: string }) => n.id) };
}

const counts = async (user: TestUser) =>
  (await t.request({ method: 'GET', url: '/api/notifications/counts/', token: user.token })).json();
const post = (user: TestUser, url: string) => t.request({ method: 'POST', url, token: user.token });

describe('notifications API', () => {
  it("lists the caller's notifications newest first, paginated", async () => {
    const { staff, ids } = await staffWithNotifications(3);
    const list = await t.request({ method: 'GET', url: '/api/notifications/?limit=2', token: staff.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBeGreaterThanOrEqual(3);
    expect(list.json().results).toHaveLength(2);
    expect(list.json().next).toContain('offset=2');
    expect(
      list
        .json()
        .results.map((n: { target: string }) => n.target)
        .slice(0, 2),
    ).toEqual(['Event 2', 'Event 1']);
    expect(Object.keys(list.json().results[0]).sort()).toEqual([
      'action_object',
      'data',
      'description',
      'id',
      'level',
      'recipient',
      'references',
      'target',
      'timestamp',
      'unread',
      'verb',
    ]);
    expect(ids).toHaveLength(list.json().count);
  });

  it('filters unread with unread=true|false and with filters', async () => {
    const { staff, ids } = await staffWithNotifications(3);
    await post(staff, `/api/notifications/${ids[0]}/read/`);
    const unread = await t.request({ method: 'GET', url: '/api/notifications/?unread=true', token: staff.token });
    expect(unread.json().results.map((n: { id: string }) => n.id)).toEqual(ids.slice(1));
    const read = await t.request({ method: 'GET', url: '/api/notifications/?unread=false', token: staff.token });
    expect(read.json().results.map((n: { id: string }) => n.id)).toEqual([ids[0]]);
    const filtered = await t.request({
      method: 'GET',
      url: `/api/notifications/?filters=${encodeURIComponent('{"unread": false}')}`,
      token: staff.token,
    });
    expect(filtered.json().results.map((n: { id: string }) => n.id)).toEqual([ids[0]]);
    const bad = await t.request({ method: 'GET', url: '/api/notifications/?unread=maybe', token: staff.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ unread: ['"maybe" is not a valid choice.'] });
  });

  it('read and unread return the notification; counts follow every action', async () => {
    const { staff, ids } = await staffWithNotifications(3);
    expect(await counts(staff)).toEqual({ active: 3, unread: 3, deleted: 0 });
    const read = await post(staff, `/api/notifications/${ids[1]}/read/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: ids[1], unread: false });
    expect(await counts(staff)).toEqual({ active: 3, unread: 2, deleted: 0 });
    const unread = await post(staff, `/api/notifications/${ids[1]}/unread/`);
    expect(unread.json()).toMatchObject({ id: ids[1], unread: true });
    expect(await counts(staff)).toEqual({ active: 3, unread: 3, deleted: 0 });
    const removed = await post(staff, `/api/notifications/${ids[2]}/delete/`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await counts(staff)).toEqual({ active: 2, unread: 2, deleted: 1 });
    expect((await t.request({ method: 'GET', url: `/api/notifications/${ids[0]}/`, token: staff.token })).json()).toMatchObject({
      id: ids[0],
      unread: true,
    });
  });

  it('a deleted notification is gone from the list and detail, and cannot be read, unread or deleted again', async () => {
    const { staff, ids } = await staffWithNotifications(2);
    await post(staff, `/api/notifications/${ids[0]}/delete/`);
    expect(
      (await t.request({ method: 'GET', url: '/api/notifications/', token: staff.token }))
        .json()
        .results.map((n: { id: string }) => n.id),
    ).toEqual([ids[1]]);
    for (const url of [
      `/api/notifications/${ids[0]}/read/`,
      `/api/notifications/${ids[0]}/unread/`,
      `/api/notifications/${ids[0]}/delete/`,
    ]) {
      expect((await post(staff, url)).statusCode).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: `/api/notifications/${ids[0]}/`, token: staff.token })).statusCode).toBe(404);
    // Soft: the row is still there.
    const rows = await t.database.query<{ deleted: boolean }>('select deleted from notifications_notification where id = $1', [
      ids[0],
    ]);
    expect(rows[0]!.deleted).toBe(true);
  });

  it("another user's notification is 404 for every action", async () => {
    const { ids } = await staffWithNotifications(1);
    const stranger = await insertUser(t, { userType: 6 });
    expect((await t.request({ method: 'GET', url: `/api/notifications/${ids[0]}/`, token: stranger.token })).statusCode).toBe(
      404,
    );
    for (const action of ['read', 'unread', 'delete'])
      expect((await post(stranger, `/api/notifications/${ids[0]}/${action}/`)).statusCode).toBe(404);
  });

  it('read-all marks only active notifications read and answers the counts', async () => {
    // The other user first: every raised ticket notifies all superusers.
    const other = await staffWithNotifications(1);
    const { staff, ids } = await staffWithNotifications(3);
    await post(staff, `/api/notifications/${ids[0]}/delete/`);
    const response = await post(staff, '/api/notifications/read-all/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ active: 2, unread: 0, deleted: 1 });
    // The deleted one was not touched: it is still unread underneath.
    const rows = await t.database.query<{ unread: boolean }>('select unread from notifications_notification where id = $1', [
      ids[0],
    ]);
    expect(rows[0]!.unread).toBe(true);
    expect((await counts(other.staff)).unread).toBeGreaterThanOrEqual(1);
  });

  it('delete-all soft-deletes only active notifications of the caller', async () => {
    const other = await staffWithNotifications(1);
    const { staff, ids } = await staffWithNotifications(3);
    const otherBefore = await counts(other.staff);
    await post(staff, `/api/notifications/${ids[1]}/read/`);
    await post(staff, `/api/notifications/${ids[2]}/delete/`);
    const response = await post(staff, '/api/notifications/delete-all/');
    expect(response.statusCode).toBe(204);
    expect(await counts(staff)).toEqual({ active: 0, unread: 0, deleted: 3 });
    expect((await t.request({ method: 'GET', url: '/api/notifications/', token: staff.token })).json().count).toBe(0);
    expect(await counts(other.staff)).toEqual(otherBefore);
    // New notifications after delete-all are active again.
    await raiseTicket(t, await insertUser(t, { userType: 6 }));
    expect(await counts(staff)).toEqual({ active: 1, unread: 1, deleted: 3 });
  });

  it('issues a stream token that expires within a minute', async () => {
    const user = await insertUser(t, { userType: 6 });
    const response = await post(user, '/api/notifications/stream-token/');
    expect(response.statusCode).toBe(201);
    expect(response.json().token).toMatch(/^[a-f0-9]{64}$/);
    const expiry = new Date(response.json().expiry).getTime();
    expect(expiry).toBeGreaterThan(Date.now());
    expect(expiry).toBeLessThanOrEqual(Date.now() + 61_000);
    // A stream token is not a login token.
    expect((await t.request({ method: 'GET', url: '/api/notifications/', token: response.json().token })).statusCode).toBe(401);
  });

  it('answers 401 without a token and 405 for unlisted methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/'],
      ['GET', '/api/notifications/counts/'],
      ['POST', '/api/notifications/read-all/'],
      ['POST', '/api/notifications/delete-all/'],
      ['POST', '/api/notifications/stream-token/'],
      ['GET', '/api/notifications/stream/'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode).toBe(401);
    }
    const user = await insertUser(t, { userType: 6 });
    expect((await t.request({ method: 'GET', url: '/api/notifications/read-all/', token: user.token })).statusCode).toBe(405);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/notifications/01900000-0000-7000-8000-000000000000/', token: user.token }))
        .statusCode,
    ).toBe(405);
    expect((await t.request({ method: 'POST', url: '/api/notifications/counts/', token: user.token })).statusCode).toBe(405);
  });
});
