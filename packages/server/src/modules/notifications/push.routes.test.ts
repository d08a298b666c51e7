import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { startPushService } from '../../test/push-service';
import { pushEndpointAllowed } from './push.service';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const base = '/api/notifications/push';
const subscribe = (user: TestUser, payload: unknown) =>
  t.request({ method: 'POST', url: `${base}/subscriptions/`, token: user.token, payload: payload as object });
const hh = (date: Date) => date.toISOString().slice(11, 16);

async function preferPush(user: TestUser, quiet: { start: string; end: string } | null = null) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/notifications/preferences/',
    token: user.token,
    payload: { channels: { ticket_assigned: { in_app: true, email: false, push: true } }, quiet_hours: quiet, digest: 'NONE', digest_time: '08:00' },
  });
  expect(res.statusCode).toBe(200);
}

async function notify(user: TestUser, description: string) {
  const { writer } = t.app.notifications;
  const recorded = await writer.record(t.database.db, [
    { recipientId: user.id, actorId: null, verb: 'assigned', description, target: { type: 'ticket', id: '01890000-0000-7000-8000-000000000001', text: 'Oven door' } },
  ]);
  writer.afterCommit(recorded);
  await t.app.notificationPushOutbox.run();
  return recorded;
}

describe('web push', () => {
  it('answers one VAPID public key (an uncompressed P-256 point), kept in the database', async () => {
    const user = await insertUser(t);
    const first = await t.request({ method: 'GET', url: `${base}/key/`, token: user.token });
    expect(first.statusCode).toBe(200);
    const key = Buffer.from(first.json().public_key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await t.request({ method: 'GET', url: `${base}/key/`, token: user.token })).json()).toEqual(first.json());
    const [row] = await t.database.query<{ vapid_public_key: string }>('select vapid_public_key from notifications_server_key');
    expect(row!.vapid_public_key).toBe(first.json().public_key);
  });

  it('sends a real push: encrypted for the subscription (RFC 8291), signed with VAPID (RFC 8292), decrypted by the push service', async () => {
    const user = await insertUser(t);
    await preferPush(user);
    const browser = pushService.subscribe();
    const res = await subscribe(user, { endpoint: browser.endpoint, keys: browser.keys });
    expect(res.statusCode).toBe(201);
    expect((await t.request({ method: 'GET', url: `${base}/subscriptions/`, token: user.token })).json()).toEqual([res.json()]);

    const recorded = await notify(user, 'Ada assigned you the ticket #1 "Oven door"');
    expect(recorded.pushes).toBe(1);
    expect(pushService.errors).toEqual([]);
    const got = pushService.received.filter((r) => r.subscription === browser.id);
    expect(got).toHaveLength(1);
    const payload = JSON.parse(got[0]!.payload);
    expect(payload).toMatchObject({ kind: 'ticket_assigned', title: 'Oven door', body: 'Ada assigned you the ticket #1 "Oven door"', url: '/all-tickets/01890000-0000-7000-8000-000000000001' });
    const key = (await t.request({ method: 'GET', url: `${base}/key/`, token: user.token })).json().public_key;
    expect(got[0]!.vapid.publicKey).toBe(key);
    const [sent] = await t.database.query<{ status: string }>('select status from notifications_push_outbox where subscription_id = $1', [res.json().id]);
    expect(sent!.status).toBe('SENT');
  });

  it('sends nothing when push is off for the kind (the default)', async () => {
    const user = await insertUser(t);
    const browser = pushService.subscribe();
    expect((await subscribe(user, { endpoint: browser.endpoint, keys: browser.keys })).statusCode).toBe(201);
    expect((await notify(user, 'No push for this')).pushes).toBe(0);
    expect(pushService.received.filter((r) => r.subscription === browser.id)).toHaveLength(0);
  });

  it('holds a push back during quiet hours (in-app still arrives)', async () => {
    const user = await insertUser(t);
    const now = new Date();
    await preferPush(user, { start: hh(new Date(now.getTime() - 3600_000)), end: hh(new Date(now.getTime() + 3600_000)) });
    const browser = pushService.subscribe();
    expect((await subscribe(user, { endpoint: browser.endpoint, keys: browser.keys })).statusCode).toBe(201);
    const recorded = await notify(user, 'Quiet please');
    expect(recorded.events).toHaveLength(1);
    expect(recorded.pushes).toBe(1);
    expect(pushService.received.filter((r) => r.subscription === browser.id)).toHaveLength(0);
    const [held] = await t.database.query<{ status: string; next_attempt_at: Date }>(
      'select o.status, o.next_attempt_at from notifications_push_outbox o join notifications_push_subscription s on s.id = o.subscription_id where s.user_id = $1',
      [user.id],
    );
    expect(held!.status).toBe('PENDING');
    expect(new Date(held!.next_attempt_at).getTime()).toBeGreaterThan(now.getTime() + 30 * 60_000);
  });

  it.each([410, 404])('removes a subscription the push service answers %i for', async (status) => {
    const user = await insertUser(t);
    await preferPush(user);
    const browser = pushService.subscribe();
    const res = await subscribe(user, { endpoint: browser.endpoint, keys: browser.keys });
    pushService.expire(browser.id, status);
    await notify(user, 'To a browser that left');
    expect((await t.request({ method: 'GET', url: `${base}/subscriptions/`, token: user.token })).json()).toEqual([]);
    expect(await t.database.query('select 1 from notifications_push_subscription where id = $1', [res.json().id])).toHaveLength(0);
  });

  it('removes only the caller’s own subscription', async () => {
    const user = await insertUser(t);
    const other = await insertUser(t);
    const browser = pushService.subscribe();
    const res = await subscribe(user, { endpoint: browser.endpoint, keys: browser.keys });
    expect((await t.request({ method: 'DELETE', url: `${base}/subscriptions/${res.json().id}/`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `${base}/subscriptions/${res.json().id}/`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `${base}/subscriptions/`, token: user.token })).json()).toEqual([]);
  });

  it.each([
    ['a non-http endpoint', { endpoint: 'ftp://push.example/x', keys: { p256dh: 'BAAA', auth: 'AAAA' } }, 'endpoint'],
    ['a plain-http endpoint off this machine', { endpoint: 'http://push.example/x', keys: { p256dh: 'BAAA', auth: 'AAAA' } }, 'Enter an https URL of a push service.'],
    ['a plain-http endpoint on the private network', { endpoint: 'http://10.0.0.5:8080/admin', keys: { p256dh: 'BAAA', auth: 'AAAA' } }, 'Enter an https URL of a push service.'],
    ['a missing endpoint', { keys: { p256dh: 'BAAA', auth: 'AAAA' } }, 'endpoint'],
    ['a key that is not base64url', { endpoint: 'https://push.example/x', keys: { p256dh: 'not base64!', auth: 'AAAA' } }, 'keys'],
    ['missing keys', { endpoint: 'https://push.example/x' }, 'keys'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, payload, field) => {
    const user = await insertUser(t);
    const res = await subscribe(user, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
    expect(await t.database.query('select 1 from notifications_push_subscription where user_id = $1', [user.id])).toHaveLength(0);
  });

  it('takes https endpoints, and plain http only on this machine when allowed (tests)', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:9000/push/1', false)).toBe(false);
    expect(pushEndpointAllowed('http://localhost:9000/push/1', false)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9000/push/1', true)).toBe(true);
    expect(pushEndpointAllowed('http://[::1]:9000/push/1', true)).toBe(true);
    expect(pushEndpointAllowed('http://push.example/x', true)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1.nip.io/x', true)).toBe(false);
    expect(pushEndpointAllowed('https://user:secret@push.example/x', false)).toBe(false);
    expect(pushEndpointAllowed('not a url', true)).toBe(false);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.request({ method: 'GET', url: `${base}/key/` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `${base}/subscriptions/` })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: `${base}/subscriptions/`, payload: { endpoint: 'https://push.example/x', keys: { p256dh: 'BAAA', auth: 'AAAA' } } })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `${base}/subscriptions/01890000-0000-7000-8000-000000000000/` })).statusCode).toBe(401);
  });
});
