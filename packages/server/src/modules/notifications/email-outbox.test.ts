import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories/users';
import { raiseTicket } from '../../test/factories/helpdesk';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp-server';
import { createEmailOutbox, createSmtpSender } from './email-outbox';
import { createNotificationsRepository } from './notifications.repository';

let smtp: FakeSmtpServer;
let t: TestApp;
const silent = { warn: () => undefined };

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await createTestApp({
    smtp: { host: smtp.host, port: smtp.port, from: 'helpdesk@ops.example', user: undefined, password: undefined },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type OutboxRow = {
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
};
const outboxFor = (address: string) =>
  t.database.query<OutboxRow>(
    'select to_address, subject, status, attempts, last_error, sent_at from notifications_email_outbox where to_address = $1',
    [address],
  );

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail for notifications', () => {
  it('sends each notified user a mail after the event committed, and marks it SENT', async () => {
    const staff = await insertUser(t, { superuser: true });
    const raiser = await insertUser(t, { userType: 6, firstName: 'Mia', lastName: 'Mailer' });
    await raiseTicket(t, raiser, { title: 'Walk-in freezer warm', text: 'Reads -2C, should be -18C.' });
    const messages = await smtp.waitFor(1);
    const mail = messages.find((m) => m.to.includes(staff.email))!;
    expect(mail.from).toBe('helpdesk@ops.example');
    // The subject is the notification's description (RFC 2047 encoded by the mailer).
    expect(mail.data).toMatch(/^Subject: =\?UTF-8\?Q\?Mia_Mailer_raised_an_issue/m);
    expect(mail.data).toMatch(/Mia Mailer raised an issue: #\d+ "Walk-in freezer warm"/);
    expect(mail.data).toContain('Reads -2C, should be -18C.');
    const [row] = await until(
      () => outboxFor(staff.email),
      (rows) => rows[0]?.status === 'SENT',
    );
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
    expect(row!.sent_at).not.toBeNull();
    // The requester caused the event: no mail for them.
    expect(await outboxFor(raiser.email)).toEqual([]);
  });

  it('a refused mail never loses the ticket: it stays in the outbox and is sent on a later attempt', async () => {
    const staff = await insertUser(t, { superuser: true });
    const raiser = await insertUser(t, { userType: 6 });
    const before = smtp.messages.length;
    // Every superuser is notified; refuse all of this event's mails once.
    const superusers = Number(
      (await t.database.query<{ n: number }>('select count(*)::int as n from auth_user where is_superuser'))[0]!.n,
    );
    smtp.failNext(superusers);
    const ticket = await raiseTicket(t, raiser, { title: 'Retry me' });
    expect(ticket).toBeTruthy();
    const [failed] = await until(
      () => outboxFor(staff.email),
      (rows) => rows[0]?.attempts === 1 && rows[0].last_error !== null,
    );
    expect(failed).toMatchObject({ status: 'PENDING', sent_at: null });
    expect(failed!.last_error).toMatch(/451/);
    expect(smtp.messages.length).toBe(before);

    // Time passes: the retry is due. Any worker on the database may send it.
    await t.database.query(`update notifications_email_outbox set next_attempt_at = now() where status = 'PENDING'`);
    const worker = createEmailOutbox({
      repository: createNotificationsRepository(t.database.db),
      send: createSmtpSender({
        host: smtp.host,
        port: smtp.port,
        from: 'helpdesk@ops.example',
        user: undefined,
        password: undefined,
      }),
      log: silent,
    });
    await worker.run();
    const [sent] = await outboxFor(staff.email);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(smtp.messages.some((m) => m.to.includes(staff.email) && m.data.includes('Retry me'))).toBe(true);
  });
});

describe('mail outbox worker', () => {
  it('backs off between attempts and marks a mail FAILED after the last one', async () => {
    const repository = createNotificationsRepository(t.database.db);
    await repository.insertEmails([{ toAddress: 'nobody@ops.example', subject: 'Doomed', body: 'x' }]);
    const attempts: string[] = [];
    const worker = createEmailOutbox({
      repository,
      send: async (message) => {
        if (message.to !== 'nobody@ops.example') return;
        attempts.push(message.subject);
        throw new Error('550 mailbox unavailable');
      },
      log: silent,
      maxAttempts: 3,
      retryBaseMs: 60_000,
    });
    await worker.run();
    const [first] = await outboxFor('nobody@ops.example');
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, last_error: '550 mailbox unavailable' });
    // Not due yet: a second run leaves it alone.
    await worker.run();
    expect(attempts).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      await t.database.query(
        `update notifications_email_outbox set next_attempt_at = now() where to_address = 'nobody@ops.example'`,
      );
      await worker.run();
    }
    expect(attempts).toHaveLength(3);
    const [last] = await outboxFor('nobody@ops.example');
    expect(last).toMatchObject({ status: 'FAILED', attempts: 3 });
    await t.database.query(
      `update notifications_email_outbox set next_attempt_at = now() where to_address = 'nobody@ops.example'`,
    );
    await worker.run();
    expect(attempts).toHaveLength(3);
  });

  it('writes no mail at all when SMTP is not configured', async () => {
    const plain = await createTestApp();
    try {
      await insertUser(plain, { superuser: true });
      await raiseTicket(plain, await insertUser(plain, { userType: 6 }));
      const rows = await plain.database.query<{ n: number }>('select count(*)::int as n from notifications_email_outbox');
      expect(Number(rows[0]!.n)).toBe(0);
      const notifications = await plain.database.query<{ n: number }>(
        'select count(*)::int as n from notifications_notification',
      );
      expect(Number(notifications[0]!.n)).toBe(1);
    } finally {
      await plain.close();
    }
  });
});
