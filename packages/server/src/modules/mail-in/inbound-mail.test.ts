import fs from 'node:fs';
import net from 'node:net';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { SAMPLE_FILES } from '../../test/factories/helpdesk';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fake-smtp-server';

/** Inbound e-mail (spec platform §13.1): real mail sent with nodemailer to the listener on 127.0.0.1. */
const SUPPORT = 'support@ops.example';
const MAX_BYTES = 256 * 1024;
let outgoing: FakeSmtpServer;
let t: TestApp;
let port: number;
let staff: TestUser;
let requester: TestUser;

beforeAll(async () => {
  outgoing = await startFakeSmtpServer();
  t = await createTestApp({
    smtp: { host: outgoing.host, port: outgoing.port, from: 'helpdesk@ops.example', user: undefined, password: undefined },
    inboundSmtp: { port: 0, host: '127.0.0.1', supportAddress: SUPPORT, maxBytes: MAX_BYTES },
  });
  port = t.app.inboundMail!.port()!;
  staff = await insertUser(t, { superuser: true, firstName: 'Sam', lastName: 'Staff' });
  requester = await insertUser(t, { userType: 6, firstName: 'Rita', lastName: 'Requester' });
});
afterAll(async () => {
  await t?.close();
  await outgoing?.close();
});

type SendError = Error & { responseCode?: number; response?: string };

async function send(
  message: Mail.Options,
): Promise<{ ok: true; response: string } | { ok: false; code: number | undefined; response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail(message);
    return { ok: true, response: info.response };
  } catch (error) {
    const failure = error as SendError;
    return { ok: false, code: failure.responseCode, response: failure.response ?? failure.message };
  } finally {
    transport.close();
  }
}

const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const stored = async () => ({
  tickets: await count('helpdesk_ticket'),
  conversations: await count('helpdesk_conversation'),
  attachments: await count('helpdesk_attachment'),
});

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The Reply-To of the outgoing mail to `address` about the ticket numbered `number`. */
async function replyToOf(address: string, number: number): Promise<string> {
  const [mail] = await until(
    () => outgoing.messages.filter((m) => m.to.includes(address) && m.data.includes(`#${number}`)),
    (found) => found.length > 0,
  );
  const header = /^Reply-To: (.+)$/im.exec(mail!.data);
  expect(header, 'outgoing ticket mail carries Reply-To').not.toBeNull();
  return header![1]!.trim();
}

let ticket: { id: string; number: number };
let replyAddress: string;

describe('a new ticket by e-mail', () => {
  it('mail from a known user to the support address opens a service request with its text and attachments', async () => {
    const result = await send({
      from: `Rita Requester <${requester.email}>`,
      to: SUPPORT,
      subject: 'Coffee machine in the staff room',
      text: 'It leaks water on the floor.\nPlease send someone.\n\nThanks, Rita',
      attachments: [{ filename: 'photo.png', content: SAMPLE_FILES.png() }],
    });
    expect(result).toMatchObject({ ok: true });
    expect(result.response).toMatch(/^250 .*Ticket #\d+ opened/);
    const [row] = await t.database.query<{
      id: string;
      number: number;
      ticket_type: string;
      requester_id: string;
      ticket_content: unknown;
      meta_data: { source: string };
    }>(
      `select id, number, ticket_type, requester_id, ticket_content, meta_data from helpdesk_ticket where title = 'Coffee machine in the staff room'`,
    );
    expect(row).toMatchObject({ ticket_type: 'SERVICE_REQUEST', requester_id: requester.id, meta_data: { source: 'email' } });
    expect(row!.ticket_content).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'It leaks water on the floor.' },
            { type: 'hardBreak' },
            { type: 'text', text: 'Please send someone.' },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Thanks, Rita' }] },
      ],
    });
    const attachments = await t.database.query<{ file_name: string; file_type: string; uploaded_by_id: string }>(
      'select file_name, file_type, uploaded_by_id from helpdesk_attachment where ticket_id = $1',
      [row!.id],
    );
    expect(attachments).toEqual([{ file_name: 'photo.png', file_type: 'png', uploaded_by_id: requester.id }]);
    // The requester sees it on their side like any ticket they raised.
    const mine = await t.request({ method: 'GET', url: `/api/helpdesk/my-tickets/${row!.id}/`, token: requester.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ title: 'Coffee machine in the staff room', ticket_type: 'SERVICE_REQUEST' });
    ticket = { id: row!.id, number: row!.number };
  });

  it('outgoing mail about the ticket carries its reply address as Reply-To', async () => {
    replyAddress = await replyToOf(staff.email, ticket.number);
    expect(replyAddress).toMatch(/^support\+[0-9a-f]{32}@ops\.example$/);
    const [token] = await t.database.query<{ token: string }>(
      'select token from helpdesk_ticket_mail_token where ticket_id = $1',
      [ticket.id],
    );
    expect(replyAddress).toBe(`support+${token!.token}@ops.example`);
    const [outbox] = await t.database.query<{ reply_to: string }>(
      'select reply_to from notifications_email_outbox where to_address = $1',
      [staff.email],
    );
    expect(outbox!.reply_to).toBe(replyAddress);
  });

  it('HTML-only mail becomes the same kind of document, and an empty subject a placeholder title', async () => {
    const result = await send({
      from: requester.email,
      to: SUPPORT,
      subject: '',
      html: '<p>Fridge <b>alarm</b> beeping</p><p>Since 6am</p>',
    });
    expect(result).toMatchObject({ ok: true });
    const [row] = await t.database.query<{ title: string; ticket_content: { content: { content: { text?: string }[] }[] } }>(
      `select title, ticket_content from helpdesk_ticket where requester_id = $1 order by number desc limit 1`,
      [requester.id],
    );
    expect(row!.title).toBe('(no subject)');
    const text = row!.ticket_content.content.flatMap((p) => p.content.map((n) => n.text ?? '\n')).join(' ');
    expect(text).toContain('Fridge alarm beeping');
    expect(text).toContain('Since 6am');
  });
});

describe('replies by e-mail', () => {
  it("the requester's reply to the reply address is added to the ticket, without the quoted mail", async () => {
    const result = await send({
      from: requester.email,
      to: replyAddress,
      subject: `Re: #${ticket.number}`,
      text: 'Still leaking this morning.\n\nOn Mon, 1 Jan 2026 at 09:00, Help desk <support@ops.example> wrote:\n> Sam Staff raised...',
    });
    expect(result).toMatchObject({ ok: true });
    const conversations = await t.database.query<{ sender_id: string; recipient_id: string | null; message: unknown }>(
      'select sender_id, recipient_id, message from helpdesk_conversation where ticket_id = $1 order by created_at',
      [ticket.id],
    );
    expect(conversations).toEqual([
      {
        sender_id: requester.id,
        recipient_id: null,
        message: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Still leaking this morning.' }] }],
        },
      },
    ]);
  });

  it('staff reply by mail too, with attachments checked like uploads, and the requester is notified by mail with the same Reply-To', async () => {
    const result = await send({
      from: staff.email,
      to: replyAddress.toUpperCase(),
      subject: 'Re: your ticket',
      text: 'A plumber comes at 2pm. Report attached.',
      attachments: [{ filename: 'report.pdf', content: SAMPLE_FILES.pdf() }],
    });
    expect(result).toMatchObject({ ok: true });
    const [conversation] = await t.database.query<{ id: string; recipient_id: string }>(
      'select id, recipient_id from helpdesk_conversation where ticket_id = $1 and sender_id = $2',
      [ticket.id, staff.id],
    );
    expect(conversation!.recipient_id).toBe(requester.id);
    const files = await t.database.query<{ file_type: string }>(
      'select file_type from helpdesk_attachment where conversation_id = $1',
      [conversation!.id],
    );
    expect(files).toEqual([{ file_type: 'pdf' }]);
    expect(await replyToOf(requester.email, ticket.number)).toBe(replyAddress);
  });

  it('a user who is neither the requester nor staff is refused at RCPT, and nothing is stored', async () => {
    const stranger = await insertUser(t, { userType: 6 });
    const before = await stored();
    const result = await send({ from: stranger.email, to: replyAddress, subject: 'Re', text: 'Let me in' });
    expect(result).toMatchObject({ ok: false, code: 550 });
    expect(result.response).toMatch(/No such recipient/);
    expect(await stored()).toEqual(before);
  });
});

describe('refusals at the SMTP level store nothing', () => {
  it('an unknown sender is refused (550 at MAIL FROM)', async () => {
    const before = await stored();
    const result = await send({ from: 'nobody@elsewhere.example', to: SUPPORT, subject: 'Hello', text: 'Spam' });
    expect(result).toMatchObject({ ok: false, code: 550 });
    expect(result.response).toMatch(/Sender is not a user/);
    expect(await stored()).toEqual(before);
  });

  it('a disabled user is refused like an unknown sender', async () => {
    const gone = await insertUser(t, { userType: 6 });
    await t.database.query('update auth_user set is_active = false where id = $1', [gone.id]);
    const before = await stored();
    const result = await send({ from: gone.email, to: SUPPORT, subject: 'Hello', text: 'Still here?' });
    expect(result).toMatchObject({ ok: false, code: 550 });
    expect(await stored()).toEqual(before);
  });

  it('a bad token, a malformed one and a foreign address are refused (550 at RCPT TO)', async () => {
    const before = await stored();
    for (const to of [
      'support+0123456789abcdef0123456789abcdef@ops.example',
      'support+nothex@ops.example',
      'someone@ops.example',
      'support@other.example',
    ]) {
      const result = await send({ from: requester.email, to, subject: 'Re', text: 'Hello' });
      expect(result, to).toMatchObject({ ok: false, code: 550 });
    }
    expect(await stored()).toEqual(before);
  });

  it('an attachment of a type uploads refuse fails the whole mail (550 at DATA), leaving no file behind', async () => {
    const before = await stored();
    const result = await send({
      from: requester.email,
      to: SUPPORT,
      subject: 'Invoice',
      text: 'See attached',
      attachments: [
        { filename: 'fine.png', content: SAMPLE_FILES.png() },
        { filename: 'invoice.pdf.exe', content: SAMPLE_FILES.exe() },
      ],
    });
    expect(result).toMatchObject({ ok: false, code: 550 });
    expect(result.response).toMatch(/Attachment "invoice\.pdf\.exe" refused: Unsupported file type/);
    expect(await stored()).toEqual(before);
    const temp = fs.existsSync(t.config.tempDir) ? fs.readdirSync(t.config.tempDir) : [];
    expect(temp).toEqual([]);
  });

  it('a reply with a bad attachment adds no conversation', async () => {
    const before = await stored();
    const result = await send({
      from: requester.email,
      to: replyAddress,
      subject: 'Re',
      text: 'x',
      attachments: [{ filename: 'a.bin', content: SAMPLE_FILES.exe() }],
    });
    expect(result).toMatchObject({ ok: false, code: 550 });
    expect(await stored()).toEqual(before);
  });

  it('a message over the size limit is refused (552), announced in EHLO as SIZE', async () => {
    const before = await stored();
    const result = await send({ from: requester.email, to: SUPPORT, subject: 'Big', text: 'x'.repeat(MAX_BYTES + 1024) });
    expect(result).toMatchObject({ ok: false, code: 552 });
    expect(await stored()).toEqual(before);
  });

  it('a From header that is not the envelope sender is refused', async () => {
    const before = await stored();
    const result = await send({
      from: staff.email,
      envelope: { from: requester.email, to: SUPPORT },
      to: SUPPORT,
      subject: 'Spoof',
      text: 'x',
    });
    expect(result).toMatchObject({ ok: false, code: 550 });
    expect(await stored()).toEqual(before);
  });

  it('automatic replies (out of office) are refused, so mail loops never make tickets', async () => {
    const before = await stored();
    const result = await send({
      from: requester.email,
      to: replyAddress,
      subject: 'Out of office',
      text: 'Away',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(result).toMatchObject({ ok: false, code: 550 });
    expect(await stored()).toEqual(before);
  });
});

describe('lifecycle', () => {
  it('the listener starts with the app and stops when it closes', async () => {
    const other = await createTestApp({
      inboundSmtp: { port: 0, host: '127.0.0.1', supportAddress: SUPPORT, maxBytes: MAX_BYTES },
    });
    const otherPort = other.app.inboundMail!.port()!;
    const greeting = async () =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(otherPort, '127.0.0.1');
        socket.once('data', (data) => {
          socket.end();
          resolve(String(data));
        });
        socket.once('error', reject);
      });
    expect(await greeting()).toMatch(/^220 /);
    await other.close();
    await expect(greeting()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('without INBOUND_SMTP_PORT there is no listener', async () => {
    const plain = await createTestApp({ inboundSmtp: undefined });
    try {
      expect(plain.app.inboundMail).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
