import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { uuidv7 } from '../../db/ids';
import type { AuthUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { InboundSmtpConfig } from '../../platform/config';
import { ValidationError } from '../../platform/errors';
import { checkReceivedFile, cleanFilename, type FileRule, type ReceivedFile } from '../../platform/multipart';
import type { HelpdeskService, TicketScope } from '../helpdesk/index';
import { documentOf, titleOf, withoutQuotedReply } from './mail-document';
import { parseRecipient, ticketIdForToken } from '../notifications/index';

/** An SMTP refusal: the code and text the client sees (RFC 5321, enhanced codes of RFC 3463). */
class SmtpRefusal extends Error {
  constructor(
    public readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (code: number, message: string) => new SmtpRefusal(code, message);

export interface InboundMailDeps {
  config: InboundSmtpConfig;
  db: DbOrTx;
  helpdesk: HelpdeskService;
  /** The active user with this address (case-insensitive), if any. */
  activeUserByEmail: (email: string) => Promise<AuthUser | undefined>;
  /** Whether the user may write on any ticket as staff (`ticket.add`). */
  isTicketStaff: (user: AuthUser) => Promise<boolean>;
  attachmentRule: FileRule;
  tempDir: string;
  log: { info(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}

/** What the current transaction of a connection was accepted for so far. */
interface Envelope {
  sender?: AuthUser;
  target?: { kind: 'new' } | { kind: 'reply'; ticketId: string; scope: TicketScope };
}

/** Messages in flight at once; more wait at connect (each holds at most `maxBytes` in memory). */
const MAX_CLIENTS = 20;

/**
 * The inbound SMTP listener (spec platform §13.1). Every decision is taken while the
 * client is still talking, so a refused mail is refused with a 5xx reply and
 * nothing is stored:
 * - MAIL FROM: the address must be an active user's (else 550 5.7.1).
 * - RCPT TO: SUPPORT_ADDRESS (a new ticket) or a ticket's reply address whose
 *   sender is the requester or staff (else 550 5.1.1); one recipient per message.
 * - DATA: at most `maxBytes` (552 5.3.4), the From header naming the envelope
 *   sender, no automatic replies, and every attachment passing the upload checks
 *   (550 5.7.1); then the ticket or conversation is written and 250 names it.
 * No AUTH and no STARTTLS: it is meant for the organisation's mail server to
 * relay to, on a private address (SPF/DKIM/DMARC are checked there).
 */
export function createInboundMailServer(deps: InboundMailDeps) {
  const { config } = deps;
  const envelopes = new Map<string, Envelope>();
  const envelopeOf = (session: SMTPServerSession) => {
    let envelope = envelopes.get(session.id);
    if (!envelope) envelopes.set(session.id, (envelope = {}));
    return envelope;
  };

  const respond = (callback: (err?: Error | null, message?: string) => void, work: () => Promise<string | undefined>) => {
    work().then(
      (message) => callback(null, message),
      (error: unknown) => {
        if (error instanceof SmtpRefusal) return callback(error);
        deps.log.warn({ err: error }, 'inbound mail failed');
        // Our fault, not the sender's: their server keeps the mail and tries again later.
        callback(refuse(451, '4.3.0 Temporary failure, please try again later'));
      },
    );
  };

  async function onMailFrom(address: SMTPServerAddress, session: SMTPServerSession): Promise<undefined> {
    const envelope = envelopeOf(session);
    envelope.sender = undefined;
    envelope.target = undefined;
    const sender = address.address ? await deps.activeUserByEmail(address.address) : undefined;
    if (!sender) {
      deps.log.info({ remote: session.remoteAddress }, 'inbound mail refused: unknown sender');
      throw refuse(550, '5.7.1 Sender is not a user of this help desk');
    }
    envelope.sender = sender;
    return undefined;
  }

  async function onRcptTo(address: SMTPServerAddress, session: SMTPServerSession): Promise<undefined> {
    const envelope = envelopeOf(session);
    const sender = envelope.sender;
    if (!sender) throw refuse(503, '5.5.1 MAIL FROM first');
    if (envelope.target) throw refuse(550, '5.5.3 One recipient per message');
    const recipient = parseRecipient(config.supportAddress, address.address);
    if (recipient?.kind === 'support') {
      envelope.target = { kind: 'new' };
      return undefined;
    }
    if (recipient?.kind === 'reply') {
      const ticketId = await ticketIdForToken(deps.db, recipient.token);
      const ticket = ticketId ? await deps.helpdesk.ticketFor({ kind: 'staff' }, ticketId).catch(() => undefined) : undefined;
      if (ticket) {
        if (ticket.requesterId === sender.id) {
          envelope.target = { kind: 'reply', ticketId: ticket.id, scope: { kind: 'own', userId: sender.id } };
          return undefined;
        }
        if (await deps.isTicketStaff(sender)) {
          envelope.target = { kind: 'reply', ticketId: ticket.id, scope: { kind: 'staff' } };
          return undefined;
        }
      }
    }
    // A bad token, another user's ticket and a stranger's address all read the same.
    deps.log.info({ remote: session.remoteAddress }, 'inbound mail refused: unknown recipient');
    throw refuse(550, '5.1.1 No such recipient');
  }

  async function readMessage(stream: SMTPServerDataStream): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let kept = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // Past the limit the rest is read (so the client gets its answer) but not kept.
      if (kept + chunk.length <= config.maxBytes) {
        chunks.push(chunk);
        kept += chunk.length;
      }
    }
    if (stream.sizeExceeded) throw refuse(552, `5.3.4 Message exceeds the maximum size of ${config.maxBytes} bytes`);
    return Buffer.concat(chunks);
  }

  /** Every attachment through the upload checks, into temporary files; any refusal refuses the mail. */
  async function attachmentsOf(mail: ParsedMail, written: string[]): Promise<ReceivedFile[]> {
    await mkdir(deps.tempDir, { recursive: true });
    const files: ReceivedFile[] = [];
    for (const [index, attachment] of mail.attachments.entries()) {
      const tempPath = path.join(deps.tempDir, `${uuidv7()}.upload`);
      written.push(tempPath);
      await writeFile(tempPath, attachment.content);
      const filename = cleanFilename(attachment.filename ?? `attachment-${index + 1}`);
      try {
        files.push(await checkReceivedFile({ field: 'attachment', filename, tempPath }, deps.attachmentRule));
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const reason = Object.values(error.fields).flat()[0] ?? 'refused';
        throw refuse(550, `5.7.1 Attachment "${filename.replace(/[^\x20-\x7e]/g, '_')}" refused: ${reason}`);
      }
    }
    return files;
  }

  async function onData(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const envelope = envelopeOf(session);
    const { sender, target } = envelope;
    envelope.target = undefined;
    if (!sender || !target) throw refuse(503, '5.5.1 RCPT TO first');
    const raw = await readMessage(stream);
    const mail = await simpleParser(raw, { skipImageLinks: true });
    const from = mail.from?.value[0]?.address?.toLowerCase();
    if (from !== sender.email.toLowerCase()) throw refuse(550, '5.7.1 The From address must be the envelope sender');
    const auto = mail.headers.get('auto-submitted');
    if (typeof auto === 'string' && auto.toLowerCase() !== 'no') throw refuse(550, '5.7.1 Automatic replies are not accepted');
    const written: string[] = [];
    try {
      const files = await attachmentsOf(mail, written);
      const text = mail.text ?? '';
      if (target.kind === 'new') {
        const created = await deps.helpdesk.createFromForm(
          sender,
          'SERVICE_REQUEST',
          { title: titleOf(mail.subject), ticket_content: documentOf(text) },
          files,
          { userAgent: null, timezone: null, ip: session.remoteAddress ?? null },
          'email',
        );
        deps.log.info({ ticket: created.id }, 'inbound mail opened a ticket');
        return `Ticket #${created.number} opened`;
      }
      const conversation = await deps.helpdesk.createConversation(sender, target.scope, target.ticketId, {
        copy: [],
        message: documentOf(withoutQuotedReply(text)),
      });
      for (const file of files) {
        await deps.helpdesk.uploadAttachment(sender, target.scope, { conversationId: conversation.id }, file);
      }
      deps.log.info({ ticket: target.ticketId, conversation: conversation.id }, 'inbound mail added a reply');
      return 'Reply added to the ticket';
    } finally {
      await Promise.all(written.map((file) => rm(file, { force: true })));
    }
  }

  const server = new SMTPServer({
    name: config.supportAddress.split('@')[1],
    banner: 'Help desk mail',
    size: config.maxBytes,
    rejectOversized: true,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    maxClients: MAX_CLIENTS,
    socketTimeout: 60_000,
    // On shutdown, connections still open this long after close() are ended (below main's 30 s limit).
    closeTimeout: 10_000,
    onMailFrom: (address, session, callback) => respond(callback, () => onMailFrom(address, session)),
    onRcptTo: (address, session, callback) => respond(callback, () => onRcptTo(address, session)),
    onData: (stream, session, callback) => {
      // A refused message is still read to its end, so the client gets the refusal as the DATA reply.
      respond(callback, () =>
        onData(stream, session).catch(async (error: unknown) => {
          stream.resume();
          if (!stream.readableEnded) await new Promise((resolve) => stream.once('end', resolve));
          throw error;
        }),
      );
    },
    onClose: (session) => {
      envelopes.delete(session.id);
    },
  });
  server.on('error', (error) => deps.log.warn({ err: error }, 'inbound mail connection error'));

  return {
    /** Starts listening; answers the bound port (INBOUND_SMTP_PORT=0 picks a free one). */
    listen(): Promise<number> {
      return new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.server.off('error', reject);
          resolve((server.server.address() as AddressInfo).port);
        });
      });
    },
    /** Stops accepting and waits for the messages in flight (smtp-server ends idle connections). */
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type InboundMailServer = ReturnType<typeof createInboundMailServer>;
