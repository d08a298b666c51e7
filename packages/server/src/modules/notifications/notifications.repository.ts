import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
import { emailOutbox, notificationPreferences, notifications, streamTokens } from '../../db/schema/notifications';
import { appSettings, users } from '../identity/index';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;
export type EmailRow = typeof emailOutbox.$inferSelect;
export type PreferenceRow = typeof notificationPreferences.$inferSelect;
export type PreferenceInsert = typeof notificationPreferences.$inferInsert;

const mine = (userId: string) => and(eq(notifications.recipientId, userId), eq(notifications.deleted, false));

export function createNotificationsRepository(db: DbOrTx) {
  return {
    async insertNotifications(values: NotificationInsert[]): Promise<NotificationRow[]> {
      if (!values.length) return [];
      return db.insert(notifications).values(values).returning();
    },

    /** Active users among `ids`, with the address mail goes to and their time zone (null: never set). */
    async activeRecipients(ids: string[]): Promise<{ id: string; email: string; timezone: string | null }[]> {
      if (!ids.length) return [];
      return db
        .select({ id: users.id, email: users.email, timezone: appSettings.timezone })
        .from(users)
        .leftJoin(appSettings, eq(appSettings.userId, users.id))
        .where(and(inArray(users.id, ids), eq(users.isActive, true)));
    },

    /** Stored preferences of the users among `ids` (users without a row have the defaults). */
    async preferencesOf(ids: string[], options: { lock?: boolean } = {}): Promise<PreferenceRow[]> {
      if (!ids.length) return [];
      const query = db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, ids));
      return options.lock ? query.for('update') : query;
    },

    async savePreferences(values: PreferenceInsert): Promise<PreferenceRow> {
      const { userId: _userId, ...changes } = values;
      const [row] = await db
        .insert(notificationPreferences)
        .values(values)
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...changes, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },

    /** Active users with a digest chosen, their address, time zone and the period last sent. */
    async digestCandidates(): Promise<
      { userId: string; email: string; timezone: string | null; digest: string; digestTime: string; digestPeriod: string | null; quietStart: string | null; quietEnd: string | null }[]
    > {
      return db
        .select({
          userId: notificationPreferences.userId,
          email: users.email,
          timezone: appSettings.timezone,
          digest: notificationPreferences.digest,
          digestTime: notificationPreferences.digestTime,
          digestPeriod: notificationPreferences.digestPeriod,
          quietStart: notificationPreferences.quietStart,
          quietEnd: notificationPreferences.quietEnd,
        })
        .from(notificationPreferences)
        .innerJoin(users, and(eq(users.id, notificationPreferences.userId), eq(users.isActive, true)))
        .leftJoin(appSettings, eq(appSettings.userId, users.id))
        .where(ne(notificationPreferences.digest, 'NONE'));
    },

    /** Marks `period` as the user's digest sent; false when it already was (another instance, an earlier tick). */
    async claimDigestPeriod(userId: string, period: string): Promise<boolean> {
      const rows = await db
        .update(notificationPreferences)
        .set({ digestPeriod: period })
        .where(and(eq(notificationPreferences.userId, userId), sql`${notificationPreferences.digestPeriod} is distinct from ${period}`))
        .returning({ userId: notificationPreferences.userId });
      return rows.length > 0;
    },

    /** The user's unread active notifications for a digest, newest first, at most `limit`. */
    async unreadForDigest(userId: string, limit: number): Promise<Pick<NotificationRow, 'id' | 'kind' | 'verb' | 'description' | 'timestamp'>[]> {
      return db
        .select({ id: notifications.id, kind: notifications.kind, verb: notifications.verb, description: notifications.description, timestamp: notifications.timestamp })
        .from(notifications)
        .where(and(mine(userId), eq(notifications.unread, true)))
        .orderBy(desc(notifications.timestamp), desc(notifications.id))
        .limit(limit);
    },

    async byIds(ids: string[]): Promise<NotificationRow[]> {
      if (!ids.length) return [];
      return db.select().from(notifications).where(idIn(notifications.id, ids));
    },

    async activeByIds(userId: string, ids: string[]): Promise<NotificationRow[]> {
      if (!ids.length) return [];
      return db
        .select()
        .from(notifications)
        .where(and(mine(userId), idIn(notifications.id, ids)));
    },

    /** One active notification of the user. */
    async findActive(userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), mine(userId)))
        .limit(1);
      return row;
    },

    async setUnread(userId: string, id: string, unread: boolean): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ unread })
        .where(and(eq(notifications.id, id), mine(userId)))
        .returning();
      return row;
    },

    async softDelete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ deleted: true })
        .where(and(eq(notifications.id, id), mine(userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async readAll(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ unread: false })
        .where(and(mine(userId), eq(notifications.unread, true)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async deleteAll(userId: string): Promise<number> {
      const rows = await db.update(notifications).set({ deleted: true }).where(mine(userId)).returning({ id: notifications.id });
      return rows.length;
    },

    async counts(userId: string): Promise<{ active: number; unread: number; deleted: number }> {
      const [row] = await db
        .select({
          active: sql<number>`count(*) filter (where not ${notifications.deleted})::int`,
          unread: sql<number>`count(*) filter (where not ${notifications.deleted} and ${notifications.unread})::int`,
          deleted: sql<number>`count(*) filter (where ${notifications.deleted})::int`,
        })
        .from(notifications)
        .where(eq(notifications.recipientId, userId));
      return { active: Number(row?.active ?? 0), unread: Number(row?.unread ?? 0), deleted: Number(row?.deleted ?? 0) };
    },

    /**
     * Active notifications created after `afterId` (by timestamp, then id),
     * oldest first: what a reconnecting stream missed. An unknown id replays nothing.
     */
    async activeAfter(userId: string, afterId: string, limit: number): Promise<NotificationRow[]> {
      // Compared in SQL: timestamps carry microseconds that a JavaScript Date would drop.
      const anchor = sql`(select a.timestamp, a.id from ${notifications} a where a.id = ${afterId} and a.recipient_id = ${userId})`;
      return db
        .select()
        .from(notifications)
        .where(and(mine(userId), sql`(${notifications.timestamp}, ${notifications.id}) > ${anchor}`))
        .orderBy(asc(notifications.timestamp), asc(notifications.id))
        .limit(limit);
    },

    async insertStreamToken(values: typeof streamTokens.$inferInsert): Promise<void> {
      await db.insert(streamTokens).values(values);
      // Expired tokens are useless; sweeping them here keeps the table small without a job.
      await db.delete(streamTokens).where(lte(streamTokens.expiry, sql`now() - interval '1 hour'`));
    },

    async userIdForStreamToken(digest: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: streamTokens.userId })
        .from(streamTokens)
        .innerJoin(users, eq(users.id, streamTokens.userId))
        .where(and(eq(streamTokens.digest, digest), gt(streamTokens.expiry, sql`now()`), eq(users.isActive, true)))
        .limit(1);
      return row?.userId;
    },

    async insertEmails(values: (typeof emailOutbox.$inferInsert)[]): Promise<void> {
      if (values.length) await db.insert(emailOutbox).values(values);
    },

    /**
     * Leases up to `limit` due mails: they are pushed `leaseSeconds` into the
     * future so another worker (or instance) skips them while this one sends.
     * SKIP LOCKED lets several instances drain the outbox side by side.
     */
    async leaseDueEmails(limit: number, leaseSeconds: number): Promise<EmailRow[]> {
      const result = await db.execute(sql`
        update ${emailOutbox} set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
         where id in (
           select id from ${emailOutbox}
            where status = 'PENDING' and next_attempt_at <= now()
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning id, to_address as "toAddress", subject, body, attempts, reply_to as "replyTo", html_body as "htmlBody",
                  list_unsubscribe as "listUnsubscribe"`);
      return rowsOf<EmailRow>(result);
    },

    /** Mail not yet sent, by status (index-only: SENT rows are not counted), and the oldest waiting one's creation time. */
    async emailBacklog(): Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }> {
      const result = await db.execute(sql`
        select (select count(*)::int from ${emailOutbox} where status = 'PENDING') as pending,
               (select count(*)::int from ${emailOutbox} where status = 'FAILED') as failed,
               (select min(created_at) from ${emailOutbox} where status = 'PENDING') as "oldestPendingAt"`);
      const [row] = rowsOf<{ pending: number; failed: number; oldestPendingAt: Date | string | null }>(result);
      return {
        pending: row!.pending,
        failed: row!.failed,
        oldestPendingAt: row!.oldestPendingAt === null ? null : new Date(row!.oldestPendingAt),
      };
    },

    async markEmailSent(id: string): Promise<void> {
      await db
        .update(emailOutbox)
        .set({ status: 'SENT', sentAt: sql`now()`, lastError: null })
        .where(eq(emailOutbox.id, id));
    },

    async markEmailFailed(id: string, error: string, retryInMs: number | null): Promise<void> {
      await db
        .update(emailOutbox)
        .set(
          retryInMs === null
            ? { status: 'FAILED', lastError: error.slice(0, 1000) }
            : { lastError: error.slice(0, 1000), nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` },
        )
        .where(eq(emailOutbox.id, id));
    },

    async emails(): Promise<EmailRow[]> {
      return db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
