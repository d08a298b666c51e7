import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { runDigests } from './digest';
import { digestPeriodDue } from './notification-preferences';
import { createNotificationsRepository } from './notifications.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// 2026-11-30 is a Monday.
let clock = new Date('2026-11-30T06:30:00Z');
const run = () =>
  runDigests({
    repository: createNotificationsRepository(t.database.db),
    transaction: (work) => t.database.db.transaction((tx) => work(createNotificationsRepository(tx))),
    now: () => clock,
    linkTo: (path) => `https://ops.example${path}`,
  });

async function digestUser(digest: 'DAILY' | 'WEEKLY' | 'NONE', timezone: string, digestTime = '08:00'): Promise<TestUser> {
  const user = await insertUser(t);
  const res = await t.request({
    method: 'PUT',
    url: '/api/notifications/preferences/',
    token: user.token,
    payload: { channels: {}, quiet_hours: null, digest, digest_time: digestTime },
  });
  expect(res.statusCode).toBe(200);
  await t.database.query(
    `insert into identity_app_setting (user_id, theme_mode, theme_colour, display_density, default_page_view, language, date_time_format, timezone, landing_page)
     values ($1, 'LIGHT', 'BLUE', 'COMFORTABLE', 'TABLE', 'EN', 'DMY', $2, 'DASHBOARD')`,
    [user.id, timezone],
  );
  return user;
}

async function notifyUnread(user: TestUser, items: { kind: string | null; verb: string; description: string; unread?: boolean }[]) {
  await createNotificationsRepository(t.database.db).insertNotifications(
    items.map((item) => ({ recipientId: user.id, verb: item.verb, kind: item.kind, description: item.description, unread: item.unread ?? true })),
  );
}

const mailsTo = (user: TestUser) =>
  t.database.query<{ subject: string; body: string; html_body: string }>(
    'select subject, body, html_body from notifications_email_outbox where to_address = $1 order by created_at, id',
    [user.email],
  );

describe('digest', () => {
  it('sends one mail at digest_time in the user time zone, listing the unread by kind, once per day', async () => {
    const berlin = await digestUser('DAILY', 'Europe/Berlin');
    const empty = await digestUser('DAILY', 'Europe/Berlin');
    const none = await digestUser('NONE', 'Europe/Berlin');
    await notifyUnread(berlin, [
      { kind: 'ticket_assigned', verb: 'assigned', description: 'You were given #1 "Fryer"' },
      { kind: 'ticket_assigned', verb: 'assigned', description: 'You were given #2 "Grill"' },
      { kind: null, verb: 'mentioned you', description: 'Ada mentioned you' },
      { kind: 'mentioned', verb: 'mentioned you', description: 'Already read', unread: false },
    ]);
    await notifyUnread(none, [{ kind: 'mentioned', verb: 'mentioned you', description: 'No digest for me' }]);

    // 06:30 UTC is 07:30 in Berlin: not yet.
    clock = new Date('2026-11-30T06:30:00Z');
    await run();
    expect(await mailsTo(berlin)).toHaveLength(0);

    // 07:05 UTC is 08:05 in Berlin: due.
    clock = new Date('2026-11-30T07:05:00Z');
    await run();
    const [mail, ...more] = await mailsTo(berlin);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your daily digest: 3 unread notifications');
    expect(mail!.body).toContain('Ticket assigned (2)\n- You were given #2 "Grill"\n- You were given #1 "Fryer"');
    expect(mail!.body).toContain('Mentioned (1)\n- Ada mentioned you');
    expect(mail!.body).not.toContain('Already read');
    expect(mail!.html_body).toContain('<li>You were given #2 &quot;Grill&quot;</li>');
    // None when there is nothing unread, none for NONE.
    expect(await mailsTo(empty)).toHaveLength(0);
    expect(await mailsTo(none)).toHaveLength(0);

    // Not twice for the same day, however often the job ticks.
    clock = new Date('2026-11-30T07:06:00Z');
    await run();
    clock = new Date('2026-11-30T21:00:00Z');
    await run();
    expect(await mailsTo(berlin)).toHaveLength(1);

    // The next day's digest (still unread).
    clock = new Date('2026-12-01T07:01:00Z');
    await run();
    expect(await mailsTo(berlin)).toHaveLength(2);
  });

  it('weekly: once in the week, from Monday at digest_time (a missed Monday still gets it later that week)', async () => {
    const sydney = await digestUser('WEEKLY', 'Australia/Sydney', '09:00');
    await notifyUnread(sydney, [{ kind: 'watched_change', verb: 'changed', description: 'The client Acme you watch was changed' }]);
    // Sunday 29 Nov 22:30 UTC is Monday 30 Nov 09:30 in Sydney (UTC+11): due.
    clock = new Date('2026-11-29T22:30:00Z');
    await run();
    const [mail] = await mailsTo(sydney);
    expect(mail!.subject).toBe('Your weekly digest: 1 unread notification');
    expect(mail!.body).toContain('Change to something watched (1)');
    clock = new Date('2026-12-02T03:00:00Z');
    await run();
    expect(await mailsTo(sydney)).toHaveLength(1);
    // The next Monday.
    clock = new Date('2026-12-06T22:30:00Z');
    await run();
    expect(await mailsTo(sydney)).toHaveLength(2);
  });

  it('names the period due', () => {
    expect(digestPeriodDue('DAILY', '08:00', 'UTC', new Date('2026-11-30T07:59:00Z'))).toBeNull();
    expect(digestPeriodDue('DAILY', '08:00', 'UTC', new Date('2026-11-30T08:00:00Z'))).toBe('2026-11-30');
    expect(digestPeriodDue('WEEKLY', '08:00', 'UTC', new Date('2026-11-30T07:00:00Z'))).toBeNull();
    expect(digestPeriodDue('WEEKLY', '08:00', 'UTC', new Date('2026-12-03T01:00:00Z'))).toBe('2026-11-30');
    expect(digestPeriodDue('NONE', '08:00', 'UTC', new Date('2026-12-03T01:00:00Z'))).toBeNull();
    expect(digestPeriodDue('DAILY', '08:00', 'Not/AZone', new Date('2026-11-30T08:30:00Z'))).toBe('2026-11-30');
  });
});
