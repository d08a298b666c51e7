import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import { pushOutbox, pushSubscriptions, serverKeys } from '../../db/schema/notifications';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type ServerKeysRow = typeof serverKeys.$inferSelect;

/** A leased push: its payload and where and how it goes. */
export interface DuePush {
  id: string;
  subscriptionId: string;
  payload: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function createPushRepository(db: DbOrTx) {
  return {
    /** The server's keys, made once: the first instance's insert wins, every instance reads the same row. */
    async ensureServerKeys(values: Omit<typeof serverKeys.$inferInsert, 'id'>): Promise<ServerKeysRow> {
      await db
        .insert(serverKeys)
        .values({ id: 1, ...values })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, 1));
      return row!;
    },

    async subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    },

    /** Subscriptions of the users among `userIds` (where their pushes go). */
    async subscriptionsOfUsers(userIds: string[]): Promise<{ id: string; userId: string }[]> {
      if (!userIds.length) return [];
      return db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, userIds));
    },

    /** A browser's subscription; the same endpoint subscribing again (a new user on that browser, new keys) replaces it. */
    async subscribe(values: { userId: string; endpoint: string; p256dh: string; auth: string }): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, createdAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    async unsubscribe(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** A subscription the push service no longer knows (404/410): gone, with its queued pushes. */
    async removeSubscription(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async insertPushes(values: (typeof pushOutbox.$inferInsert)[]): Promise<void> {
      if (values.length) await db.insert(pushOutbox).values(values);
    },

    /** Leases due pushes as the mail outbox leases mail (SKIP LOCKED, pushed `leaseSeconds` ahead while sending). */
    async leaseDuePushes(limit: number, leaseSeconds: number): Promise<DuePush[]> {
      const result = await db.execute(sql`
        with leased as (
          update ${pushOutbox} set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
           where id in (
             select id from ${pushOutbox}
              where status = 'PENDING' and next_attempt_at <= now()
              order by next_attempt_at, id
              limit ${limit}
              for update skip locked)
          returning id, subscription_id, payload, attempts)
        select l.id, l.subscription_id as "subscriptionId", l.payload, l.attempts, s.endpoint, s.p256dh, s.auth
          from leased l join ${pushSubscriptions} s on s.id = l.subscription_id`);
      return rowsOf<DuePush>(result);
    },

    async markPushSent(id: string): Promise<void> {
      await db.update(pushOutbox).set({ status: 'SENT', lastError: null }).where(eq(pushOutbox.id, id));
    },

    async markPushFailed(id: string, error: string, retryInMs: number | null): Promise<void> {
      await db
        .update(pushOutbox)
        .set(
          retryInMs === null
            ? { status: 'FAILED', lastError: error.slice(0, 1000) }
            : { lastError: error.slice(0, 1000), nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` },
        )
        .where(eq(pushOutbox.id, id));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
