import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp-server';
import { renderMail } from './email-template';

let smtp: FakeSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await createTestApp({
    smtp: { host: smtp.host, port: smtp.port, from: 'helpdesk@ops.example', user: undefined, password: undefined },
    publicUrl: 'https://ops.example',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const preferences = async (user: TestUser) =>
  (await t.request({ method: 'GET', url: '/api/notifications/preferences/', token: user.token })).json();

/** A notification of `verb` to the user, and the raw mail it sent (headers unfolded). */
async function mailTo(user: TestUser, verb: string, description: string): Promise<string> {
  const { writer } = t.app.notifications;
  writer.afterCommit(await writer.record(t.database.db, [{ recipientId: user.id, actorId: null, verb, description, data: { preview: 'Line <one> & two' } }]));
  for (let i = 0; i < 200; i++) {
    const mail = smtp.messages.find((m) => m.to.includes(user.email) && m.data.includes('List-Unsubscribe'));
    if (mail) return mail.data.replace(/\r?\n[ \t]+/g, ' ');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail to ${user.email}`);
}

const oneClick = (path: string, headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }) =>
  t.request({ method: 'POST', url: path, headers, payload: 'List-Unsubscribe=One-Click' });

describe('notification mail', () => {
  it('has text and HTML parts from one template, List-Unsubscribe and List-Unsubscribe-Post (RFC 8058)', async () => {
    const user = await insertUser(t);
    const raw = await mailTo(user, 'assigned', 'Ada assigned you the ticket #7 "Fryer"');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/ops\.example\/api\/notifications\/unsubscribe\/\?token=[^>\s]+>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('the one-click POST, without signing in, turns e-mail off for that kind only; the link works again harmlessly', async () => {
    const user = await insertUser(t);
    const before = await preferences(user);
    const raw = await mailTo(user, 'mentioned you', 'Ada mentioned you');
    const url = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(raw)![1]!);
    const res = await oneClick(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'mentioned', email: false });
    const after = await preferences(user);
    expect(after.channels.mentioned).toEqual({ ...before.channels.mentioned, email: false });
    expect({ ...after, channels: { ...after.channels, mentioned: null } }).toEqual({ ...before, channels: { ...before.channels, mentioned: null } });
    // Again, and without a body: still 200, still off.
    expect((await t.request({ method: 'POST', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
    expect((await preferences(user)).channels.mentioned.email).toBe(false);
  });

  it('refuses a bad token with 400 naming token, changing nothing', async () => {
    const user = await insertUser(t);
    const raw = await mailTo(user, 'assigned', 'Ada assigned you the ticket #8 "Grill"');
    const token = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(raw)![1]!).searchParams.get('token')!;
    const [userId, kind, signature] = token.split('.') as [string, string, string];
    const other = await insertUser(t);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `${userId}.${kind}.${flipped}`,
      `${userId}.mentioned.${signature}`,
      `${other.id}.${kind}.${signature}`,
      `${userId}.${kind}`,
      'nonsense',
      `${userId}.__proto__.${signature}`,
    ]) {
      const res = await oneClick(`/api/notifications/unsubscribe/?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json())).toEqual(['token']);
    }
    expect((await oneClick('/api/notifications/unsubscribe/')).statusCode).toBe(400);
    expect((await preferences(user)).channels.ticket_assigned.email).toBe(true);
    expect(await t.database.query('select 1 from notifications_preference where user_id in ($1, $2)', [user.id, other.id])).toHaveLength(0);
  });
});

describe('the mail template', () => {
  it('renders the same blocks as text and as escaped HTML', () => {
    const mail = renderMail([
      { kind: 'paragraph', text: 'Fish & <chips>' },
      { kind: 'list', title: 'Mentioned (2)', items: ['one', 'two'] },
      { kind: 'link', label: 'Open', url: 'https://ops.example/a?b=1&c=2' },
    ]);
    expect(mail.text).toBe('Fish & <chips>\n\nMentioned (2)\n- one\n- two\n\nOpen: https://ops.example/a?b=1&c=2');
    expect(mail.html).toContain('Fish &amp; &lt;chips&gt;');
    expect(mail.html).toContain('<li>two</li>');
    expect(mail.html).toContain('href="https://ops.example/a?b=1&amp;c=2"');
  });
});
