import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { presenceEditors } from '../../db/schema/presence';
import { users } from '../identity/index';
import type { DbOrTx } from '../../platform/db';

/** A row not refreshed within this long is someone who closed the form without saying so. */
export const PRESENCE_TTL_SECONDS = 60;

export interface PresenceRow {
  userId: string;
  name: string;
  since: Date;
}

export interface PresenceKey {
  model: string;
  recordId: string;
}

export function createPresenceRepository(db: DbOrTx) {
  const fresh = sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;
  return {
    /** Marks `userId` present on the record; true when they were not (a new arrival, worth announcing). */
    async touch(key: PresenceKey, userId: string): Promise<boolean> {
      const [row] = await db
        .insert(presenceEditors)
        .values({ ...key, userId })
        .onConflictDoUpdate({
          target: [presenceEditors.model, presenceEditors.recordId, presenceEditors.userId],
          // Someone back after the row went stale arrives again (since = now).
          set: {
            seenAt: sql`now()`,
            since: sql`case when ${presenceEditors.seenAt} < ${fresh} then now() else ${presenceEditors.since} end`,
          },
        })
        // A new row, or one whose `since` was just reset, has since = seen_at (both now()).
        .returning({ arrived: sql<boolean>`${presenceEditors.since} = ${presenceEditors.seenAt}` });
      return Boolean(row?.arrived);
    },

    /** Removes `userId` from the record; true when they were there. */
    async leave(key: PresenceKey, userId: string): Promise<boolean> {
      const rows = await db
        .delete(presenceEditors)
        .where(and(eq(presenceEditors.model, key.model), eq(presenceEditors.recordId, key.recordId), eq(presenceEditors.userId, userId)))
        .returning({ userId: presenceEditors.userId });
      return rows.length > 0;
    },

    /** The others present on the record now, earliest first. */
    others: (key: PresenceKey, userId: string): Promise<PresenceRow[]> =>
      db
        .select({ userId: presenceEditors.userId, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`, since: presenceEditors.since })
        .from(presenceEditors)
        .innerJoin(users, eq(users.id, presenceEditors.userId))
        .where(
          and(
            eq(presenceEditors.model, key.model),
            eq(presenceEditors.recordId, key.recordId),
            ne(presenceEditors.userId, userId),
            gt(presenceEditors.seenAt, fresh),
          ),
        )
        .orderBy(presenceEditors.since, presenceEditors.userId),

    /** Forgets rows long gone (run now and then; the list already ignores them). */
    async sweep(): Promise<void> {
      await db.delete(presenceEditors).where(lt(presenceEditors.seenAt, sql`now() - interval '1 hour'`));
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
