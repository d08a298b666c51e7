import type { Transporter } from 'nodemailer';
import type { SmtpConfig } from '../../platform/config';
import type { NotificationsRepository } from './notifications.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where replies go (the ticket's reply address when inbound mail is on). */
  replyTo?: string | null;
  /** The HTML part beside `text` (the same template). */
  html?: string | null;
  /** The signed one-click unsubscribe URL: sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058). */
  listUnsubscribe?: string | null;
}

export type SendMail = (message: MailMessage) => Promise<void>;

export function createSmtpSender(smtp: SmtpConfig): SendMail {
  // nodemailer loads with the first mail sent, not with the server.
  let created: Promise<Transporter> | undefined;
  const transporter = () =>
    (created ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return async (message) => {
    const transport = await transporter();
    await transport.sendMail({
      from: smtp.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.listUnsubscribe
        ? { headers: { 'List-Unsubscribe': `<${message.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
    });
  };
}

export interface EmailOutboxOptions {
  repository: NotificationsRepository;
  send: SendMail;
  log: { warn(obj: unknown, msg: string): void };
  maxAttempts?: number;
  /** First retry delay; doubles per attempt. */
  retryBaseMs?: number;
  /** How often due mail (retries, mail left by a stopped instance) is looked for. */
  pollMs?: number;
  batchSize?: number;
}

/**
 * Sends mail the outbox holds, after the transaction that wrote it committed,
 * so a mail server outage never loses or blocks the event itself. Failures
 * retry with exponential backoff up to `maxAttempts`, then stay FAILED with
 * the last error for an operator to see.
 */
export function createEmailOutbox(options: EmailOutboxOptions) {
  const maxAttempts = options.maxAttempts ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  // A leased mail is retried if its sender died before recording the outcome.
  const leaseSeconds = 300;

  async function drainOnce(): Promise<number> {
    const due = await options.repository.leaseDueEmails(batchSize, leaseSeconds);
    for (const mail of due) {
      try {
        await options.send({
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.body,
          replyTo: mail.replyTo,
          html: mail.htmlBody,
          listUnsubscribe: mail.listUnsubscribe,
        });
        await options.repository.markEmailSent(mail.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retry = mail.attempts < maxAttempts ? retryBaseMs * 2 ** (mail.attempts - 1) : null;
        options.log.warn({ err: error, mail: mail.id, attempt: mail.attempts }, 'sending mail failed');
        await options.repository.markEmailFailed(mail.id, message, retry);
      }
    }
    return due.length;
  }

  return createOutboxWorker({ drainOnce, batchSize, pollMs: options.pollMs, log: options.log, what: 'mail' });
}

/**
 * The worker loop an outbox runs (mail, push): `drainOnce` sends one due batch and answers its
 * size; a full batch is followed by another. Concurrent runs share one; `start` polls for due
 * rows (retries, rows left by a stopped instance), `kick` runs now (after a commit that wrote some).
 */
export function createOutboxWorker(options: {
  drainOnce: () => Promise<number>;
  batchSize: number;
  pollMs?: number;
  log: { warn(obj: unknown, msg: string): void };
  what: string;
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      while (!stopped && (await options.drainOnce()) === options.batchSize) {
        // A full batch: there may be more.
      }
    } while (again && !stopped);
  }

  const worker = {
    /** Sends what is due now; concurrent calls share one run. */
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = drain()
        .catch((error) => options.log.warn({ err: error }, `${options.what} outbox run failed`))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    kick() {
      if (!stopped) void worker.run();
    },
    start() {
      timer = setInterval(() => worker.kick(), options.pollMs ?? 30_000);
      timer.unref();
      worker.kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
  return worker;
}

export type EmailOutbox = ReturnType<typeof createEmailOutbox>;
