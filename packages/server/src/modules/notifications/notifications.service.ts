import {
  STREAM_TOKEN_TTL_SECONDS,
  type Notification,
  type NotificationCount,
  type NotificationKind,
  type NotificationLevel,
  type NotificationPreferences,
  type WatchModel,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
} from '@ops/contract/notifications/notifications.schemas';
import { kindOf, mailNotBefore, preferencesOf, storedChannels } from './notification-preferences';
import { notFound } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { activeNotificationsOf, notificationsResource } from './notifications.resource';
import { randomToken, sha512 } from '../../platform/passwords';
import type { BusEvent, NotificationBus } from './notification-bus';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';
import { createWatchesRepository, type WatchesRepository } from './watches.repository';
import { renderMail, type MailBlock } from './email-template';
import { NOTIFICATIONS_ERRORS } from './notifications.errors';
import type { PushRepository } from './push.repository';

/** A reference to an object a notification talks about. */
export interface NotificationObject {
  type: string;
  id: string;
  text: string;
}

/** What another module asks to notify, inside its own transaction. */
export interface NotificationDraft {
  recipientId: string;
  actorId: string | null;
  verb: string;
  /** The preference kind (spec platform §14.4); unset: the one the verb maps to (notification-preferences.ts). */
  kind?: NotificationKind;
  description: string;
  level?: NotificationLevel;
  target?: NotificationObject;
  actionObject?: NotificationObject;
  data?: Record<string, unknown>;
  /**
   * What tells this draft apart from another of the same recipient, verb and target in one `record`
   * call (unset: nothing, so those are one notification). An automation's batch gives each run's
   * action its own, so two rules notifying one person about one ticket are two notifications.
   */
  key?: string;
}

/**
 * A change its watchers hear of (spec platform §14.4, `watched_change`): to a ticket, client or cost
 * centre, or a new ticket at a client or cost centre. Every watcher of any subject gets one
 * notification, the actor none.
 */
export interface WatchedChange {
  actorId: string | null;
  subjects: { model: WatchModel; id: string }[];
  verb: string;
  description: string;
  target: NotificationObject;
  data?: Record<string, unknown>;
}

/** Created notifications to announce once their transaction committed. */
export interface RecordedNotifications {
  events: BusEvent[];
  emails: number;
  /** Pushes written to the push outbox (unset: none). */
  pushes?: number;
}

/** The part other modules use: write in their transaction, announce after commit. */
export interface NotificationWriter {
  /** Writes the drafts, and with `watched` the notifications of its watchers (those not among the drafts' recipients). */
  record(tx: DbOrTx, drafts: NotificationDraft[], watched?: WatchedChange): Promise<RecordedNotifications>;
  /**
   * What one `record` call per item writes, in a fixed number of statements for all of them (a
   * group of tickets changed together): each item's drafts and watchers as its own call would have
   * them (the actor never, a watcher told by the item's own drafts not again).
   */
  recordMany(tx: DbOrTx, items: { drafts: NotificationDraft[]; watched?: WatchedChange }[]): Promise<RecordedNotifications>;
  afterCommit(recorded: RecordedNotifications): void;
  /** Mail to addresses (an automation's e-mail action), written to the outbox in `tx`; none when mail is not configured. */
  mail(tx: DbOrTx, messages: { to: string; subject: string; text: string }[]): Promise<RecordedNotifications>;
}

export interface NotificationsServiceDeps {
  db: DbOrTx;
  repository: NotificationsRepository;
  repositoryFor: (db: DbOrTx) => NotificationsRepository;
  watchesFor?: (db: DbOrTx) => WatchesRepository;
  /** The signed one-click unsubscribe URL of a user's mail of a kind (RFC 8058); unset: mail carries none. */
  unsubscribeUrl?: (userId: string, kind: NotificationKind) => Promise<string>;
  /** Checks an unsubscribe token: the user and kind it was signed for, or undefined. */
  verifyUnsubscribe?: (token: string) => Promise<{ userId: string; kind: NotificationKind } | undefined>;
  /** Web push (spec platform §14.4): pushes are written beside the notification when set. */
  push?: { repositoryFor: (db: DbOrTx) => PushRepository; kick: () => void };
  bus: NotificationBus;
  /** Outgoing mail is written only when mail is configured. */
  mailEnabled: boolean;
  /** Wakes the outbox worker after a commit that wrote mail. */
  kickMail: () => void;
  log: { warn(obj: unknown, msg: string): void };
  /** Absolute URL of a web app path, for links in mail (PUBLIC_URL, never a request's Host). */
  linkTo?: (path: string) => string;
  /** The clock quiet hours are judged by (tests pin it). */
  now?: () => Date;
  /** Reply addresses of tickets (inbound mail, spec platform §13.1), for the Reply-To of mail about them; unset: none. */
  replyAddresses?: (tx: DbOrTx, ticketIds: string[]) => Promise<Map<string, string>>;
}

export function serializeNotification(row: NotificationRow): Notification {
  const ref = (type: string | null, id: string | null) => (type && id ? { name: type, id } : null);
  return {
    id: row.id,
    recipient: row.recipientId,
    unread: row.unread,
    data: (row.data as Record<string, unknown> | null) ?? null,
    target: row.targetText,
    action_object: row.actionObjectText,
    references: {
      actor: ref(row.actorId ? 'user' : null, row.actorId),
      target: ref(row.targetType, row.targetId),
      action_object: ref(row.actionObjectType, row.actionObjectId),
    },
    level: row.level as NotificationLevel,
    verb: row.verb,
    description: row.description,
    timestamp: row.timestamp.toISOString(),
  };
}

/** A notification's mail, text and HTML from one template (email-template.ts). */
export function notificationMail(draft: NotificationDraft, linkTo: ((path: string) => string) | undefined) {
  const preview = typeof draft.data?.preview === 'string' ? draft.data.preview : '';
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: draft.description }];
  if (preview) blocks.push({ kind: 'quote', text: preview });
  if (linkTo) blocks.push({ kind: 'link', label: 'Open your notifications', url: linkTo('/notifications') });
  blocks.push({
    kind: 'footer',
    text: 'You receive this message because of your notifications on the operations platform.',
    ...(linkTo ? { unsubscribe: { label: 'Choose which notifications you get', url: linkTo('/settings') } } : {}),
  });
  return renderMail(blocks);
}

/** What a push carries: the service worker shows title and body and opens `url` (the record's page, else the notifications). */
export function pushPayload(row: NotificationRow, draft: NotificationDraft) {
  // The page a click opens (the service worker opens in-app paths only): a ticket's, a watched record's, else the list.
  const pages: Record<string, string> = { ticket: '/all-tickets', client: '/clients', cost_centre: '/cost-center' };
  const page = draft.target && Object.hasOwn(pages, draft.target.type) ? pages[draft.target.type] : undefined;
  const path = page && draft.target ? `${page}/${draft.target.id}` : '/notifications';
  return {
    id: row.id,
    kind: kindOf(draft),
    title: draft.target?.text ?? 'Notification',
    body: draft.description,
    url: path,
    target: draft.target ? { type: draft.target.type, id: draft.target.id } : null,
  };
}

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repository, bus } = deps;

  const announce = (events: BusEvent[]) => {
    // The stream is a convenience on top of the stored rows: a failed publish
    // is logged, and a reconnecting client replays what it missed.
    bus.publish(events).catch((error) => deps.log.warn({ err: error }, 'publishing notification events failed'));
  };

  /** The drafts' rows, for recipients that are active and have the kind on in-app (one insert). */
  async function recordDrafts(tx: DbOrTx, txRepository: NotificationsRepository, wanted: NotificationDraft[]) {
    const recipientIds = [...new Set(wanted.map((d) => d.recipientId))];
    const recipients = new Set((await txRepository.activeRecipients(recipientIds)).map((r) => r.id));
    const stored = new Map((await txRepository.preferencesOf(recipientIds)).map((p) => [p.userId, p]));
    // A kind switched off in-app creates no notification row (and so no mail about it either).
    const active = wanted.filter((d) => recipients.has(d.recipientId) && preferencesOf(stored.get(d.recipientId)).channels[kindOf(d)]!.in_app);
    const rows = await txRepository.insertNotifications(
      active.map((d) => ({
        recipientId: d.recipientId,
        actorId: d.actorId,
        verb: d.verb.slice(0, 255),
        kind: kindOf(d),
        description: d.description,
        level: d.level ?? 'info',
        targetType: d.target?.type ?? null,
        targetId: d.target?.id ?? null,
        targetText: d.target?.text.slice(0, 300) ?? null,
        actionObjectType: d.actionObject?.type ?? null,
        actionObjectId: d.actionObject?.id ?? null,
        actionObjectText: d.actionObject?.text.slice(0, 300) ?? null,
        data: d.data ?? null,
      })),
    );
    return rows.map((row, index) => ({ row, draft: active[index]! }));
  }

  /**
   * The other channels of stored notifications: e-mail and push for kinds whose channel is on, both
   * held back by quiet hours until they end (the outboxes' next attempt). Answers what was written.
   */
  async function deliver(tx: DbOrTx, txRepository: NotificationsRepository, sent: { row: NotificationRow; draft: NotificationDraft }[]) {
    const recipientIds = [...new Set(sent.map(({ row }) => row.recipientId))];
    const recipients = new Map((await txRepository.activeRecipients(recipientIds)).map((r) => [r.id, r]));
    const stored = new Map((await txRepository.preferencesOf(recipientIds)).map((p) => [p.userId, p]));
    const preferences = new Map(recipientIds.map((id) => [id, preferencesOf(stored.get(id))]));
    const now = deps.now?.() ?? new Date();
    const notBeforeOf = (userId: string) =>
      mailNotBefore(preferences.get(userId)!.quiet_hours, recipients.get(userId)?.timezone ?? 'UTC', now);
    const wants = (channel: 'email' | 'push') =>
      sent.filter(({ row, draft }) => recipients.has(row.recipientId) && preferences.get(row.recipientId)!.channels[kindOf(draft)]![channel]);

    let pushes = 0;
    const pushed = deps.push ? wants('push') : [];
    if (pushed.length) {
      const pushRepository = deps.push!.repositoryFor(tx);
      const subscriptions = await pushRepository.subscriptionsOfUsers([...new Set(pushed.map(({ row }) => row.recipientId))]);
      const values = pushed.flatMap(({ row, draft }) => {
        const notBefore = notBeforeOf(row.recipientId);
        const payload = JSON.stringify(pushPayload(row, draft));
        return subscriptions
          .filter((s) => s.userId === row.recipientId)
          .map((s) => ({ subscriptionId: s.id, payload, ...(notBefore > now ? { nextAttemptAt: notBefore } : {}) }));
      });
      await pushRepository.insertPushes(values);
      pushes = values.length;
    }

    if (!deps.mailEnabled) return { emails: 0, pushes };
    const mailed = wants('email');
    if (!mailed.length) return { emails: 0, pushes };
    const ticketIds = [...new Set(mailed.flatMap(({ draft: d }) => (d.target?.type === 'ticket' ? [d.target.id] : [])))];
    const replyTo = deps.replyAddresses && ticketIds.length ? await deps.replyAddresses(tx, ticketIds) : new Map<string, string>();
    await txRepository.insertEmails(
      await Promise.all(mailed.map(async ({ row, draft }) => {
        const notBefore = notBeforeOf(row.recipientId);
        const mail = notificationMail(draft, deps.linkTo);
        const unsubscribe = deps.unsubscribeUrl ? await deps.unsubscribeUrl(row.recipientId, kindOf(draft)) : null;
        return {
          toAddress: recipients.get(row.recipientId)!.email,
          subject: draft.description.replace(/\s+/g, ' ').slice(0, 255),
          body: mail.text,
          htmlBody: mail.html,
          listUnsubscribe: unsubscribe,
          notificationId: row.id,
          replyTo: draft.target?.type === 'ticket' ? (replyTo.get(draft.target.id) ?? null) : null,
          ...(notBefore > now ? { nextAttemptAt: notBefore } : {}),
        };
      })),
    );
    return { emails: mailed.length, pushes };
  }

  /** Never notify the user who caused the event; one notification per recipient and event. */
  function wantedOf(drafts: NotificationDraft[]): NotificationDraft[] {
    const seen = new Set<string>();
    return drafts.filter((d) => {
      const key = `${d.recipientId}:${d.verb}:${d.target?.id ?? ''}:${d.key ?? ''}`;
      if (d.recipientId === d.actorId || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  const watcherValues = (watched: WatchedChange) => ({
    actorId: watched.actorId,
    verb: watched.verb,
    description: watched.description,
    targetType: watched.target.type,
    targetId: watched.target.id,
    targetText: watched.target.text,
    data: watched.data ?? null,
  });

  const watcherDraft = (row: NotificationRow, watched: WatchedChange): NotificationDraft => ({
    recipientId: row.recipientId,
    actorId: watched.actorId,
    verb: watched.verb,
    kind: 'watched_change',
    description: watched.description,
    target: watched.target,
    data: watched.data,
  });

  const writer: NotificationWriter = {
    async mail(tx, messages) {
      if (!deps.mailEnabled || !messages.length) return { events: [], emails: 0 };
      await deps.repositoryFor(tx).insertEmails(
        messages.map((m) => {
          const mail = renderMail([{ kind: 'paragraph', text: m.text }]);
          return { toAddress: m.to, subject: m.subject.replace(/\s+/g, ' ').slice(0, 255), body: mail.text, htmlBody: mail.html };
        }),
      );
      return { events: [], emails: messages.length };
    },
    async recordMany(tx, items) {
      const each = items.map(({ drafts, watched }) => ({ wanted: wantedOf(drafts), watched }));
      const wanted = each.flatMap((item) => item.wanted);
      const txRepository = deps.repositoryFor(tx);
      const drafted = wanted.length ? await recordDrafts(tx, txRepository, wanted) : [];
      const changes = each.flatMap(({ wanted, watched }) =>
        watched && watched.subjects.length ? [{ watched, exclude: [...new Set(wanted.map((d) => d.recipientId))] }] : [],
      );
      // The rows come back unordered: each is told apart by its target (one change per target here, else one call each).
      const byTarget = new Map(changes.map((c) => [`${c.watched.target.type}:${c.watched.target.id}`, c.watched]));
      const watchesRepository = (deps.watchesFor ?? createWatchesRepository)(tx);
      const watcherRows: { row: NotificationRow; watched: WatchedChange }[] = [];
      if (byTarget.size === changes.length) {
        const rows = await watchesRepository.insertWatcherNotificationsMany(changes.map(({ watched, exclude }) => ({ subjects: watched.subjects, exclude, values: watcherValues(watched) })));
        for (const row of rows) watcherRows.push({ row, watched: byTarget.get(`${row.targetType}:${row.targetId}`)! });
      } else
        for (const { watched, exclude } of changes)
          for (const row of await watchesRepository.insertWatcherNotifications(watched.subjects, exclude, watcherValues(watched))) watcherRows.push({ row, watched });
      const sent = [...drafted, ...watcherRows.map(({ row, watched }) => ({ row, draft: watcherDraft(row, watched) }))];
      if (!sent.length) return { events: [], emails: 0 };
      const { emails, pushes } = await deliver(tx, txRepository, sent);
      return { events: sent.map(({ row }) => ({ userId: row.recipientId, notificationId: row.id })), emails, pushes };
    },
    async record(tx, drafts, watched) {
      const wanted = wantedOf(drafts);
      const txRepository = deps.repositoryFor(tx);
      const drafted = wanted.length ? await recordDrafts(tx, txRepository, wanted) : [];
      // Watchers: one INSERT ... SELECT whatever their number; those told above are left out.
      const watcherRows =
        watched && watched.subjects.length
          ? await (deps.watchesFor ?? createWatchesRepository)(tx).insertWatcherNotifications(
              watched.subjects,
              [...new Set(wanted.map((d) => d.recipientId))],
              watcherValues(watched),
            )
          : [];
      const watcherDrafts = watcherRows.map((row) => watcherDraft(row, watched!));
      const sent = [...drafted, ...watcherRows.map((row, index) => ({ row, draft: watcherDrafts[index]! }))];
      if (!sent.length) return { events: [], emails: 0 };
      const { emails, pushes } = await deliver(tx, txRepository, sent);
      return { events: sent.map(({ row }) => ({ userId: row.recipientId, notificationId: row.id })), emails, pushes };
    },
    afterCommit(recorded) {
      if (recorded.events.length) announce(recorded.events);
      if (recorded.emails) deps.kickMail();
      if (recorded.pushes) deps.push?.kick();
    },
  };

  async function activeOr404(userId: string, id: string) {
    const row = await repository.findActive(userId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    writer,

    /** Wakes these users' streams with a `presence` event: the editors of a record they have open changed. */
    announcePresence(userIds: string[], subject: { model: string; id: string }): void {
      announce(userIds.map((userId) => ({ userId, presence: { model: subject.model, id: subject.id } })));
    },

    preferenceKinds: () => NOTIFICATION_KINDS.map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind] })),

    async preferences(userId: string): Promise<NotificationPreferences> {
      const [row] = await repository.preferencesOf([userId]);
      return preferencesOf(row);
    },

    /** Replaces the preferences; the body was validated against the kind enum before this runs. */
    async savePreferences(userId: string, input: NotificationPreferences): Promise<NotificationPreferences> {
      const row = await repository.savePreferences({
        userId,
        channels: storedChannels(input.channels),
        quietStart: input.quiet_hours?.start ?? null,
        quietEnd: input.quiet_hours?.end ?? null,
        digest: input.digest,
        digestTime: input.digest_time,
      });
      return preferencesOf(row);
    },

    /**
     * One-click unsubscribe (RFC 8058): the token names a user and a kind; e-mail for that kind is
     * turned off and nothing else changes. A bad token is a 400 on `token`, changing nothing.
     */
    async unsubscribe(token: string): Promise<{ kind: NotificationKind; email: false }> {
      const signed = deps.verifyUnsubscribe ? await deps.verifyUnsubscribe(token) : undefined;
      if (!signed) throw NOTIFICATIONS_ERRORS.onField('token', 'BAD_UNSUBSCRIBE_TOKEN');
      await deps.db.transaction(async (tx) => {
        const txRepository = deps.repositoryFor(tx);
        if (!(await txRepository.activeRecipients([signed.userId])).length) throw NOTIFICATIONS_ERRORS.onField('token', 'BAD_UNSUBSCRIBE_TOKEN');
        const [row] = await txRepository.preferencesOf([signed.userId], { lock: true });
        const current = preferencesOf(row);
        const channels = storedChannels(current.channels);
        channels[signed.kind] = { ...channels[signed.kind], email: false };
        await txRepository.savePreferences({
          userId: signed.userId,
          channels,
          quietStart: current.quiet_hours?.start ?? null,
          quietEnd: current.quiet_hours?.end ?? null,
          digest: current.digest,
          digestTime: current.digest_time,
        });
      });
      return { kind: signed.kind, email: false };
    },

    async get(userId: string, id: string): Promise<Notification> {
      return serializeNotification(await activeOr404(userId, id));
    },

    async setUnread(userId: string, id: string, unread: boolean): Promise<Notification> {
      const row = await repository.setUnread(userId, id, unread);
      if (!row) throw notFound();
      announce([{ userId }]);
      return serializeNotification(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.softDelete(userId, id))) throw notFound();
      announce([{ userId }]);
    },

    async readAll(userId: string): Promise<NotificationCount> {
      if (await repository.readAll(userId)) announce([{ userId }]);
      return repository.counts(userId);
    },

    async deleteAll(userId: string): Promise<void> {
      if (await repository.deleteAll(userId)) announce([{ userId }]);
    },

    counts: (userId: string): Promise<NotificationCount> => repository.counts(userId),

    async byIds(ids: string[]): Promise<Notification[]> {
      return (await repository.byIds(ids)).map(serializeNotification);
    },

    /** The user's active notifications; `unread` ('true' or 'false') keeps the unread or the read ones. */
    list(userId: string, unread: 'true' | 'false' | undefined, list: ListRequest) {
      const where = activeNotificationsOf(userId, unread === undefined ? undefined : unread === 'true');
      return listPage(deps.db, list, { resource: notificationsResource, where, hydrate: async (ids) => (await repository.byIds(ids)).map(serializeNotification) });
    },

    /** The user's notifications among `ids` that are still active (what a live stream may push). */
    async activeByIds(userId: string, ids: string[]): Promise<Notification[]> {
      return (await repository.activeByIds(userId, ids)).map(serializeNotification);
    },

    async missedSince(userId: string, lastEventId: string, limit: number): Promise<Notification[]> {
      return (await repository.activeAfter(userId, lastEventId, limit)).map(serializeNotification);
    },

    async issueStreamToken(userId: string): Promise<{ token: string; expiry: string }> {
      const token = randomToken(32);
      const expiry = new Date(Date.now() + STREAM_TOKEN_TTL_SECONDS * 1000);
      await repository.insertStreamToken({ digest: sha512(`stream:${token}`), userId, expiry });
      return { token, expiry: expiry.toISOString() };
    },

    /** The user a stream token opens the stream for; a login token is not a stream token and vice versa. */
    async userForStreamToken(token: string): Promise<string | undefined> {
      if (!/^[a-f0-9]{64}$/.test(token)) return undefined;
      return repository.userIdForStreamToken(sha512(`stream:${token}`));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
