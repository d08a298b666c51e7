import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { raiseTicket } from '../../test/factories/helpdesk';
import { openSse, type SseConnection, type SseEvent } from '../../test/sse-client';

let t: TestApp;
let base: string;
const open: SseConnection[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function stream(url: string, headers: Record<string, string> = {}) {
  const connection = await openSse(url, headers);
  open.push(connection);
  return connection;
}

const isNotification = (e: SseEvent) => e.event === 'notification';
const countsEvent = (predicate: (c: { active: number; unread: number; deleted: number }) => boolean) => (e: SseEvent) =>
  e.event === 'counts' && predicate(JSON.parse(e.data));

beforeAll(async () => {
  t = await createTestApp({ streamHeartbeatMs: 300 });
  base = await listen(t.app);
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await t.close();
});

describe('notification stream', () => {
  it('pushes a notification created by another request, then the new counts, within a second', async () => {
    const staff = await insertUser(t, { superuser: true });
    const raiser = await insertUser(t, { userType: 6 });
    const sse = await stream(`${base}/api/notifications/stream/`, { authorization: `Token ${staff.token}` });
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(sse.headers['cache-control']).toContain('no-cache');
    await sse.next(countsEvent((c) => c.unread === 0));

    const ticket = await raiseTicket(t, raiser, { title: 'Live one' });
    const sentAt = Date.now();
    const event = await sse.next(isNotification, 1000);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    const notification = JSON.parse(event.data);
    expect(notification).toMatchObject({
      recipient: staff.id,
      verb: 'created',
      target: 'Live one',
      references: { target: { name: 'ticket', id: ticket } },
    });
    expect(event.id).toBe(notification.id);
    await sse.next(
      countsEvent((c) => c.unread === 1 && c.active === 1),
      1000,
    );
  });

  it('pushes count changes from read and delete', async () => {
    const staff = await insertUser(t, { superuser: true });
    await raiseTicket(t, await insertUser(t, { userType: 6 }));
    await raiseTicket(t, await insertUser(t, { userType: 6 }));
    const ids = (await t.request({ method: 'GET', url: '/api/notifications/', token: staff.token }))
      .json()
      .results.map((n: { id: string }) => n.id);
    const sse = await stream(`${base}/api/notifications/stream/`, { authorization: `Token ${staff.token}` });
    await sse.next(countsEvent((c) => c.unread === 2));
    await t.request({ method: 'POST', url: `/api/notifications/${ids[0]}/read/`, token: staff.token });
    await sse.next(
      countsEvent((c) => c.unread === 1 && c.active === 2),
      1000,
    );
    await t.request({ method: 'POST', url: `/api/notifications/${ids[1]}/delete/`, token: staff.token });
    await sse.next(
      countsEvent((c) => c.unread === 0 && c.active === 1 && c.deleted === 1),
      1000,
    );
  });

  it("only the recipient's stream receives a notification", async () => {
    const staff = await insertUser(t, { superuser: true });
    const bystander = await insertUser(t, { userType: 6 });
    const mine = await stream(`${base}/api/notifications/stream/`, { authorization: `Token ${staff.token}` });
    const theirs = await stream(`${base}/api/notifications/stream/`, { authorization: `Token ${bystander.token}` });
    await theirs.next((e) => e.event === 'counts');
    await raiseTicket(t, await insertUser(t, { userType: 6 }));
    await mine.next(isNotification, 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.events.filter(isNotification)).toEqual([]);
  });

  it("tells the requester's stream that their ticket changed when staff change its assignee or team (issue 38 point 13)", async () => {
    const staff = await insertUser(t, { superuser: true });
    const requester = await insertUser(t, { userType: 6 });
    const ticket = await raiseTicket(t, requester, { title: 'Reassigned live' });
    const team = await t.request({ method: 'POST', url: '/api/helpdesk/teams/', token: staff.token, payload: { name: 'Live desk', members: [], assignment: 'MANUAL' } });
    expect(team.statusCode, team.body).toBe(201);
    const sse = await stream(`${base}/api/notifications/stream/`, { authorization: `Token ${requester.token}` });
    await sse.next((e) => e.event === 'counts');
    for (const change of [{ assignee: staff.id }, { team: team.json().id }]) {
      const before = sse.events.filter((e) => e.event === 'ticket').length;
      expect((await t.request({ method: 'PATCH', url: `/api/helpdesk/tickets/${ticket}/`, token: staff.token, payload: change })).statusCode).toBe(200);
      const event = await sse.next((e) => e.event === 'ticket' && sse.events.filter((x) => x.event === 'ticket').length > before, 5000);
      expect(JSON.parse(event.data)).toEqual({ ticket_id: ticket });
    }
    // No notification was stored for it: the requester's bell stays as it was.
    expect(sse.events.filter(isNotification)).toEqual([]);
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const user = await insertUser(t, { userType: 6 });
    const sse = await stream(`${base}/api/notifications/stream/`, { authorization: `Token ${user.token}` });
    const heartbeat = await sse.next((e) => e.event === 'comment', 2000);
    expect(heartbeat.data).toMatch(/^heartbeat/);
  });

  it('replays the notifications missed since Last-Event-ID, oldest first, skipping deleted ones', async () => {
    const staff = await insertUser(t, { superuser: true });
    for (let i = 0; i < 4; i++) await raiseTicket(t, await insertUser(t, { userType: 6 }), { title: `Missed ${i}` });
    const ids: string[] = (await t.request({ method: 'GET', url: '/api/notifications/?ordering=timestamp', token: staff.token }))
      .json()
      .results.map((n: { id: string }) => n.id);
    await t.request({ method: 'POST', url: `/api/notifications/${ids[2]}/delete/`, token: staff.token });
    const sse = await stream(`${base}/api/notifications/stream/`, {
      authorization: `Token ${staff.token}`,
      'last-event-id': ids[0]!,
    });
    await sse.next(countsEvent(() => true));
    expect(sse.events.filter(isNotification).map((e) => e.id)).toEqual([ids[1], ids[3]]);
    expect(sse.events.filter(isNotification).map((e) => JSON.parse(e.data).target)).toEqual(['Missed 1', 'Missed 3']);
  });

  it('an unknown or foreign Last-Event-ID replays nothing', async () => {
    const staff = await insertUser(t, { superuser: true });
    await raiseTicket(t, await insertUser(t, { userType: 6 }));
    const [staffNotification] = (await t.request({ method: 'GET', url: '/api/notifications/', token: staff.token })).json()
      .results;
    const foreign = await insertUser(t, { userType: 6 });
    const asForeign = await stream(`${base}/api/notifications/stream/`, {
      authorization: `Token ${foreign.token}`,
      'last-event-id': staffNotification.id,
    });
    const unknown = await stream(`${base}/api/notifications/stream/`, {
      authorization: `Token ${staff.token}`,
      'last-event-id': '01900000-0000-7000-8000-000000000000',
    });
    await asForeign.next(countsEvent(() => true));
    await unknown.next(countsEvent(() => true));
    expect(asForeign.events.filter(isNotification)).toEqual([]);
    expect(unknown.events.filter(isNotification)).toEqual([]);
  });

  describe('stream tokens (EventSource cannot send headers)', () => {
    it('opens the stream with ?token= from stream-token/', async () => {
      const staff = await insertUser(t, { superuser: true });
      const { token } = (await t.request({ method: 'POST', url: '/api/notifications/stream-token/', token: staff.token })).json();
      const sse = await stream(`${base}/api/notifications/stream/?token=${token}`);
      expect(sse.status).toBe(200);
      await sse.next((e) => e.event === 'counts');
      await raiseTicket(t, await insertUser(t, { userType: 6 }));
      expect(JSON.parse((await sse.next(isNotification, 1000)).data).recipient).toBe(staff.id);
    });

    it.each([
      ['an unknown token', async () => 'f'.repeat(64)],
      ['a login token', async (user: TestUser) => user.token],
      [
        'an expired stream token',
        async (user: TestUser) => {
          const { token } = (
            await t.request({ method: 'POST', url: '/api/notifications/stream-token/', token: user.token })
          ).json();
          await t.database.query(
            `update notifications_stream_token set expiry = now() - interval '1 second' where user_id = $1`,
            [user.id],
          );
          return token as string;
        },
      ],
    ])('refuses %s with 401', async (_name, tokenFor) => {
      const user = await insertUser(t, { userType: 6 });
      const response = await fetch(`${base}/api/notifications/stream/?token=${await tokenFor(user)}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Invalid or expired stream token.' });
    });

    it('refuses a request with neither header nor token', async () => {
      const response = await fetch(`${base}/api/notifications/stream/`);
      expect(response.status).toBe(401);
    });
  });

  it('closing the app ends open streams instead of waiting for clients', async () => {
    const other = await createTestApp();
    try {
      const otherBase = await listen(other.app);
      const user = await insertUser(other, { userType: 6 });
      const sse = await stream(`${otherBase}/api/notifications/stream/`, { authorization: `Token ${user.token}` });
      await sse.next((e) => e.event === 'counts');
      expect(other.app.notificationStreams.openStreams).toBe(1);
      const started = Date.now();
      await other.app.close();
      await sse.ended;
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two API instances on one PostgreSQL database', () => {
  it('a notification created on one instance reaches a stream held by the other (LISTEN/NOTIFY)', async () => {
    const connectionString = (t.database.pool as unknown as { options: pg.ClientConfig }).options.connectionString!;
    const secondDatabase = openPostgres(connectionString, 3);
    const second = await buildApp({ config: t.config, database: secondDatabase, logger: false });
    try {
      const secondBase = await listen(second);
      const staff = await insertUser(t, { superuser: true });
      const sse = await stream(`${secondBase}/api/notifications/stream/`, { authorization: `Token ${staff.token}` });
      await sse.next((e) => e.event === 'counts');
      // Created through the first instance.
      const ticket = await raiseTicket(t, await insertUser(t, { userType: 6 }), { title: 'Across instances' });
      const event = await sse.next(isNotification, 1000);
      expect(JSON.parse(event.data)).toMatchObject({ recipient: staff.id, references: { target: { id: ticket } } });
      await sse.next(
        countsEvent((c) => c.unread === 1),
        1000,
      );
      // And counts changed on the first instance reach it too.
      await t.request({ method: 'POST', url: '/api/notifications/read-all/', token: staff.token });
      await sse.next(
        countsEvent((c) => c.unread === 0),
        1000,
      );
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });
});
