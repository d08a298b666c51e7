import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { raiseTicket, SAMPLE_FILES } from '../test/factories/helpdesk';
import { startFakeSmtpServer, type FakeSmtpServer } from '../test/fake-smtp-server';

const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

describe('absolute links with PUBLIC_URL set never echo the Host header', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let staff: TestUser;
  let requester: TestUser;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    t = await createTestApp({ publicUrl: 'https://ops.example.com', smtp: { host: smtp.host, port: smtp.port, from: 'helpdesk@ops.example', user: undefined, password: undefined } });
    staff = await insertUser(t, { superuser: true });
    requester = await insertUser(t, { userType: 6 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('list next and previous links', async () => {
    await raiseTicket(t, requester, { headers: EVIL });
    await raiseTicket(t, requester, { headers: EVIL });
    await raiseTicket(t, requester, { headers: EVIL });
    const page = (await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1&offset=1', token: staff.token, headers: EVIL })).json();
    expect(page.next).toBe('https://ops.example.com/api/helpdesk/tickets/?limit=1&offset=2');
    expect(page.previous).toBe('https://ops.example.com/api/helpdesk/tickets/?limit=1');
  });

  it('attachment download links', async () => {
    const ticket = await raiseTicket(t, requester, { files: [{ field: 'attachments[0][attachment]', filename: 'photo.png', content: SAMPLE_FILES.png() }], headers: EVIL });
    const response = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${ticket}/attachments/`, token: requester.token, headers: EVIL });
    const [attachment] = response.json().results;
    expect(attachment.attachment).toBe(`https://ops.example.com/api/helpdesk/my-tickets/${ticket}/attachments/${attachment.id}/download/`);
    expect(response.body).not.toContain('evil.example');
  });

  it('mail links', async () => {
    await raiseTicket(t, requester, { title: 'Hostile host ticket', headers: EVIL });
    let mail = smtp.messages.find((m) => m.data.includes('Hostile host ticket'));
    for (let count = smtp.messages.length + 1; !mail; count += 1) mail = (await smtp.waitFor(count)).find((m) => m.data.includes('Hostile host ticket'));
    expect(mail.to).toContain(staff.email);
    // Quoted-printable: soft line breaks and =XX escapes.
    const body = mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(body).toContain('Open your notifications: https://ops.example.com/notifications');
    expect(body).not.toContain('evil.example');
  });
});

describe('absolute links without PUBLIC_URL come from the listening address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ port: 8123 });
  });
  afterAll(() => t?.close());

  it('list next links', async () => {
    const user = await insertUser(t, { superuser: true });
    await insertUser(t);
    const page = (await t.request({ method: 'GET', url: '/api/identity/users/?limit=1', token: user.token, headers: EVIL })).json();
    const host = ['0.0.0.0', '::', ''].includes(t.config.host) ? 'localhost' : t.config.host;
    expect(page.next).toBe(`http://${host}:8123/api/identity/users/?limit=1&offset=1`);
  });
});
