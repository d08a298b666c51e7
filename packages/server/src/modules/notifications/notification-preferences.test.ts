import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { createLocalBus } from './notification-bus';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService, type NotificationDraft } from './notifications.service';
import { mailNotBefore } from './notification-preferences';
import { NOTIFICATION_KINDS } from '@ops/contract/notifications/notifications.values';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/notifications/preferences/';
const put = (user: TestUser, payload: unknown) =>
  t.request({ method: 'PUT', url, token: user.token, payload: payload as object });
const get = async (user: TestUser) => (await t.request({ method: 'GET', url, token: user.token })).json();

function body(overrides: Record<string, unknown> = {}) {
  return {
    channels: { ticket_reply: { in_app: true, email: false, push: true } },
    quiet_hours: { start: '22:00', end: '07:00' },
    digest: 'DAILY',
    digest_time: '07:30',
    ...overrides,
  };
}

describe('notification preferences API', () => {
  it('lists the kinds with labels', async () => {
    const user = await insertUser(t);
    const res = await t.request({ method: 'GET', url: `${url}kinds/`, token: user.token });
    expect(res.statusCode).toBe(200);
    const kinds = res.json().map((k: { kind: string }) => k.kind);
    for (const kind of [
      'ticket_assigned',
      'ticket_reply',
      'mentioned',
      'sla_at_risk',
      'sla_breached',
      'sitecheck_failed',
      'sitecheck_missed',
      'article_acknowledgement',
      'job_finished',
      'watched_change',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(res.json()[0]).toEqual({ kind: 'ticket_assigned', label: expect.any(String) });
  });

  it('answers the defaults before anything is saved', async () => {
    const prefs = await get(await insertUser(t));
    expect(prefs.quiet_hours).toBeNull();
    expect(prefs.digest).toBe('NONE');
    expect(prefs.channels.ticket_assigned).toEqual({ in_app: true, email: true, push: false });
    expect(prefs.channels.sla_breached).toEqual({ in_app: true, email: true, push: false });
    expect(prefs.channels.sla_at_risk).toEqual({ in_app: true, email: false, push: false });
    expect(prefs.channels.watched_change).toEqual({ in_app: true, email: false, push: false });
    expect(Object.keys(prefs.channels).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('stores per user and answers what it stored (missing kinds keep their defaults)', async () => {
    const user = await insertUser(t);
    const other = await insertUser(t);
    const res = await put(user, body());
    expect(res.statusCode).toBe(200);
    const prefs = await get(user);
    expect(prefs).toEqual(res.json());
    expect(prefs.channels.ticket_reply).toEqual({ in_app: true, email: false, push: true });
    expect(prefs.channels.mentioned).toEqual({ in_app: true, email: true, push: false });
    expect(prefs.quiet_hours).toEqual({ start: '22:00', end: '07:00' });
    expect(prefs.digest).toBe('DAILY');
    expect(prefs.digest_time).toBe('07:30');
    expect((await get(other)).digest).toBe('NONE');
    expect((await put(user, body({ quiet_hours: null }))).json().quiet_hours).toBeNull();
  });

  it.each([
    ['an unknown kind', { channels: { nonsense: { in_app: true, email: true, push: true } } }, 'channels'],
    ['a bad time', { digest_time: '24:00' }, 'digest_time'],
    ['a bad quiet-hours time', { quiet_hours: { start: '7:00', end: '08:00' } }, 'quiet_hours'],
    ['a bad digest', { digest: 'HOURLY' }, 'digest'],
    ['a channel missing a flag', { channels: { mentioned: { in_app: false } } }, 'channels'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, overrides, field) => {
    const user = await insertUser(t);
    const res = await put(user, body(overrides));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
    expect((await get(user)).digest).toBe('NONE');
  });

  it('refuses a __proto__ kind and pollutes nothing', async () => {
    const user = await insertUser(t);
    const res = await t.request({
      method: 'PUT',
      url,
      token: user.token,
      headers: { 'content-type': 'application/json' },
      payload:
        '{"channels": {"__proto__": {"in_app": false, "email": false, "push": false}}, "quiet_hours": null, "digest": "NONE", "digest_time": "08:00"}',
    });
    // The JSON parser already refuses a __proto__ key; keys that reach the schema are checked against the kind enum.
    expect(res.statusCode).toBe(400);
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      const inherited = await put(user, body({ channels: { [key]: { in_app: false, email: false, push: false } } }));
      expect(inherited.statusCode).toBe(400);
      expect(JSON.stringify(inherited.json())).toContain('channels');
    }
    expect(({} as Record<string, unknown>).in_app).toBeUndefined();
    expect((await t.database.query('select 1 from notifications_preference where user_id = $1', [user.id])).length).toBe(0);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `${url}kinds/` })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url, payload: body() })).statusCode).toBe(401);
  });
});

describe('the dispatcher applies preferences', () => {
  // Mail on, a fixed clock: 23:30 UTC.
  const now = new Date('2026-11-28T23:30:00Z');
  const service = () =>
    createNotificationsService({
      db: t.database.db,
      repository: createNotificationsRepository(t.database.db),
      repositoryFor: createNotificationsRepository,
      bus: createLocalBus(),
      mailEnabled: true,
      kickMail: () => undefined,
      log: { warn: () => undefined },
      now: () => now,
    });
  const draft = (recipient: TestUser, verb: string): NotificationDraft => ({
    recipientId: recipient.id,
    actorId: null,
    verb,
    description: `${verb} for you`,
  });
  const rows = (user: TestUser) =>
    t.database.query<{ verb: string }>('select verb from notifications_notification where recipient_id = $1', [user.id]);
  const mails = (user: TestUser) =>
    t.database.query<{ next_attempt_at: Date }>('select next_attempt_at from notifications_email_outbox where to_address = $1', [
      user.email,
    ]);

  it('stores no row and sends no mail for a kind switched off in-app', async () => {
    const user = await insertUser(t);
    await put(user, body({ channels: { ticket_assigned: { in_app: false, email: true, push: false } }, quiet_hours: null }));
    const recorded = await service().writer.record(t.database.db, [draft(user, 'assigned'), draft(user, 'mentioned you')]);
    expect((await rows(user)).map((r) => r.verb)).toEqual(['mentioned you']);
    expect(recorded.events).toHaveLength(1);
    expect(await mails(user)).toHaveLength(1);
  });

  it('queues mail only for kinds whose e-mail is on (defaults: not for SLA at risk)', async () => {
    const user = await insertUser(t);
    await service().writer.record(t.database.db, [draft(user, 'is at risk')]);
    expect(await rows(user)).toHaveLength(1);
    expect(await mails(user)).toHaveLength(0);
    await put(user, body({ channels: { mentioned: { in_app: true, email: false, push: false } }, quiet_hours: null }));
    await service().writer.record(t.database.db, [draft(user, 'mentioned you')]);
    expect(await rows(user)).toHaveLength(2);
    expect(await mails(user)).toHaveLength(0);
  });

  it('holds mail back until quiet hours end, in-app still arrives', async () => {
    const user = await insertUser(t);
    await put(user, body({ channels: {}, quiet_hours: { start: '22:00', end: '07:00' } }));
    const recorded = await service().writer.record(t.database.db, [draft(user, 'assigned')]);
    expect(recorded.events).toHaveLength(1);
    const [mail] = await mails(user);
    // No time zone stored for the user: UTC, so 23:30 waits until 07:00 the next day.
    expect(new Date(mail!.next_attempt_at).toISOString()).toBe('2026-11-29T07:00:00.000Z');
  });
});

describe('mailNotBefore', () => {
  const at = new Date('2026-11-28T21:30:00Z');
  it('judges quiet hours on the wall clock of the user time zone', () => {
    // 21:30 UTC is 22:30 in Berlin (inside 22:00–07:00) and 21:30 in London (outside).
    expect(mailNotBefore({ start: '22:00', end: '07:00' }, 'Europe/Berlin', at).toISOString()).toBe('2026-11-29T06:00:00.000Z');
    expect(mailNotBefore({ start: '22:00', end: '07:00' }, 'Europe/London', at)).toBe(at);
    expect(mailNotBefore(null, 'Europe/Berlin', at)).toBe(at);
    expect(mailNotBefore({ start: '09:00', end: '17:00' }, 'UTC', new Date('2026-11-28T12:15:00Z')).toISOString()).toBe(
      '2026-11-28T17:00:00.000Z',
    );
  });
});
