import type { Cron } from 'croner';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type NotificationKind } from '@ops/contract/notifications/notifications.schemas';
import { cronSchedule } from '../integrations/index';
import { renderMail, type MailBlock } from './email-template';
import { digestPeriodDue, kindOf, mailNotBefore } from './notification-preferences';
import type { NotificationsRepository } from './notifications.repository';

/** At most this many unread notifications are listed in one digest (the count says how many there are). */
const DIGEST_LIMIT = 200;

export interface DigestOptions {
  /** Runs `work` in one transaction with the repository bound to it. */
  transaction: <T>(work: (repository: NotificationsRepository) => Promise<T>) => Promise<T>;
  repository: NotificationsRepository;
  now: () => Date;
  linkTo?: (path: string) => string;
}

/**
 * Sends the digests due now (spec platform §14.4): for each user with DAILY or WEEKLY whose
 * `digest_time` has passed in their time zone, one mail listing their unread notifications by
 * kind, none when there are none. The period is claimed in the mail's transaction, so a period
 * gets one digest however many ticks or instances see it. Answers how many mails were written.
 */
export async function runDigests(options: DigestOptions): Promise<number> {
  const now = options.now();
  let sent = 0;
  for (const user of await options.repository.digestCandidates()) {
    const timeZone = user.timezone ?? 'UTC';
    const period = digestPeriodDue(user.digest, user.digestTime, timeZone, now);
    if (!period || period === user.digestPeriod) continue;
    const wrote = await options.transaction(async (repository) => {
      if (!(await repository.claimDigestPeriod(user.userId, period))) return false;
      const unread = await repository.unreadForDigest(user.userId, DIGEST_LIMIT);
      if (!unread.length) return false;
      const byKind = new Map<NotificationKind, string[]>();
      for (const row of unread) {
        const kind = NOTIFICATION_KINDS.find((k) => k === row.kind) ?? kindOf({ verb: row.verb });
        byKind.set(kind, [...(byKind.get(kind) ?? []), row.description ?? row.verb]);
      }
      const adjective = user.digest === 'WEEKLY' ? 'weekly' : 'daily';
      const heading = `Your ${adjective} digest: ${unread.length}${unread.length === DIGEST_LIMIT ? '+' : ''} unread notification${unread.length === 1 ? '' : 's'}`;
      const blocks: MailBlock[] = [{ kind: 'heading', text: heading }];
      for (const kind of NOTIFICATION_KINDS) {
        const items = byKind.get(kind);
        if (items) blocks.push({ kind: 'list', title: `${NOTIFICATION_KIND_LABELS[kind]} (${items.length})`, items });
      }
      if (options.linkTo) blocks.push({ kind: 'link', label: 'Open your notifications', url: options.linkTo('/notifications') });
      blocks.push({
        kind: 'footer',
        text: `You receive this ${adjective} digest because you chose it in your notification settings.`,
        ...(options.linkTo ? { unsubscribe: { label: 'Change it', url: options.linkTo('/settings') } } : {}),
      });
      const mail = renderMail(blocks);
      const quiet = user.quietStart && user.quietEnd ? { start: user.quietStart, end: user.quietEnd } : null;
      const notBefore = mailNotBefore(quiet, timeZone, now);
      await repository.insertEmails([
        { toAddress: user.email, subject: heading, body: mail.text, htmlBody: mail.html, ...(notBefore > now ? { nextAttemptAt: notBefore } : {}) },
      ]);
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}

/** Runs the digests every minute (NOTIFICATION_DIGEST_CRON; `off` disables them), as the SLA sweep runs. */
export function startDigests(options: DigestOptions & { expression: string; afterSend: () => void; log: (line: string) => void }): Cron | null {
  if (!options.expression || options.expression === 'off') return null;
  const job = cronSchedule(options.expression, async () => {
    try {
      const sent = await runDigests(options);
      if (sent) {
        options.log(`notification digests: ${sent} sent`);
        options.afterSend();
      }
    } catch (error) {
      options.log(`notification digests failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  job.resume();
  return job;
}
