import { and, asc, eq, ne, notInArray, or, sql } from 'drizzle-orm';
import type { WatchModel } from '@ops/contract/notifications/notifications.schemas';
import type { DbOrTx } from '../../platform/db';
import { notificationPreferences, notifications, watches } from '../../db/schema/notifications';
import { users } from '../identity/index';
import type { NotificationRow } from './notifications.repository';

export type WatchRow = typeof watches.$inferSelect;

/** What every watcher's notification says (one event, the same text for all). */
export interface WatcherNotification {
  actorId: string | null;
  verb: string;
  description: string;
  targetType: string;
  targetId: string;
  targetText: string;
  data: Record<string, unknown> | null;
}

/**
 * A time-ordered id made in SQL (uuidv7's layout: 48 bits of milliseconds, version 7, the rest
 * random), for rows an INSERT ... SELECT creates: PostgreSQL 15 has no uuidv7().
 */
const sqlUuidv7 = sql`overlay(overlay(replace(gen_random_uuid()::text, '-', '') placing lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') from 1 for 12) placing '7' from 13 for 1)::uuid`;

export function createWatchesRepository(db: DbOrTx) {
  return {
    async watchesOf(userId: string): Promise<WatchRow[]> {
      return db.select().from(watches).where(eq(watches.userId, userId)).orderBy(asc(watches.createdAt), asc(watches.id));
    },

    /** The user's watch of the record, made unless it is there already (either way the row). */
    async watch(values: { userId: string; model: WatchModel; objectId: string }): Promise<WatchRow> {
      const [inserted] = await db.insert(watches).values(values).onConflictDoNothing().returning();
      if (inserted) return inserted;
      const [row] = await db
        .select()
        .from(watches)
        .where(and(eq(watches.userId, values.userId), eq(watches.model, values.model), eq(watches.objectId, values.objectId)));
      return row!;
    },

    async unwatch(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(watches)
        .where(and(eq(watches.id, id), eq(watches.userId, userId)))
        .returning({ id: watches.id });
      return rows.length > 0;
    },

    /**
     * One notification for each active watcher of any of `subjects`, in ONE statement
     * (INSERT ... SELECT from the watches): not the actor, not the users in `exclude` (told by a
     * notification of their own about the same event), not those with watched changes off in-app.
     */
    async insertWatcherNotifications(
      subjects: { model: WatchModel; id: string }[],
      exclude: string[],
      values: WatcherNotification,
    ): Promise<NotificationRow[]> {
      if (!subjects.length) return [];
      const watched = or(...subjects.map((s) => and(eq(watches.model, s.model), eq(watches.objectId, s.id))));
      const inAppOn = sql`coalesce((${notificationPreferences.channels} -> 'watched_change' ->> 'in_app')::boolean, true)`;
      const watchers = db
        .selectDistinct({ userId: watches.userId })
        .from(watches)
        .innerJoin(users, and(eq(users.id, watches.userId), eq(users.isActive, true)))
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, watches.userId))
        .where(
          and(
            watched,
            values.actorId ? ne(watches.userId, values.actorId) : undefined,
            exclude.length ? notInArray(watches.userId, exclude) : undefined,
            inAppOn,
          ),
        )
        .as('watchers');
      // Drizzle inserts a select into every column in the table's order: the fields follow it.
      return db
        .insert(notifications)
        .select(
          db
            .select({
              id: sql`${sqlUuidv7}`.as('id'),
              recipientId: watchers.userId,
              actorId: sql`${values.actorId}::uuid`.as('actor_id'),
              level: sql`'info'`.as('level'),
              verb: sql`${values.verb.slice(0, 255)}`.as('verb'),
              description: sql`${values.description}`.as('description'),
              targetType: sql`${values.targetType}`.as('target_type'),
              targetId: sql`${values.targetId}`.as('target_id'),
              targetText: sql`${values.targetText.slice(0, 300)}`.as('target_text'),
              actionObjectType: sql`null`.as('action_object_type'),
              actionObjectId: sql`null`.as('action_object_id'),
              actionObjectText: sql`null`.as('action_object_text'),
              data: sql`${values.data === null ? null : JSON.stringify(values.data)}::jsonb`.as('data'),
              kind: sql`'watched_change'`.as('kind'),
              unread: sql`true`.as('unread'),
              deleted: sql`false`.as('deleted'),
              timestamp: sql`now()`.as('timestamp'),
            })
            .from(watchers),
        )
        .returning();
    },

    /**
     * What `insertWatcherNotifications` does for each of `changes` (each its own subjects, exclusions
     * and text), in ONE statement whatever their number: the changes go as one JSON parameter, each
     * change's watchers are read by a lateral select of the watches. The rows come back unordered.
     */
    async insertWatcherNotificationsMany(
      changes: { subjects: { model: WatchModel; id: string }[]; exclude: string[]; values: WatcherNotification }[],
    ): Promise<NotificationRow[]> {
      const wanted = changes.filter((c) => c.subjects.length);
      if (!wanted.length) return [];
      const parameter = JSON.stringify(
        wanted.map(({ subjects, exclude, values }) => ({
          subjects,
          exclude,
          actor_id: values.actorId,
          verb: values.verb.slice(0, 255),
          description: values.description,
          target_type: values.targetType,
          target_id: values.targetId,
          target_text: values.targetText.slice(0, 300),
          data: values.data,
        })),
      );
      const inAppOn = sql`coalesce((${notificationPreferences.channels} -> 'watched_change' ->> 'in_app')::boolean, true)`;
      // Drizzle inserts a select into every column in the table's order: the fields follow it.
      return db
        .insert(notifications)
        .select(
          sql`select ${sqlUuidv7}, w.user_id, c.actor_id, 'info', c.verb, c.description, c.target_type, c.target_id, c.target_text,
                     null, null, null, case when jsonb_typeof(c.data) = 'object' then c.data end, 'watched_change', true, false, now()
                from jsonb_to_recordset(${parameter}::jsonb)
                     as c(subjects jsonb, exclude jsonb, actor_id uuid, verb text, description text, target_type text, target_id text, target_text text, data jsonb)
                cross join lateral (
                  select distinct ${watches.userId} as user_id
                    from ${watches}
                    join ${users} on ${users.id} = ${watches.userId} and ${users.isActive}
                    left join ${notificationPreferences} on ${notificationPreferences.userId} = ${watches.userId}
                   where exists (select 1 from jsonb_to_recordset(c.subjects) as s(model text, id uuid) where ${watches.model} = s.model and ${watches.objectId} = s.id)
                     and (c.actor_id is null or ${watches.userId} <> c.actor_id)
                     and not (c.exclude ? ${watches.userId}::text)
                     and ${inAppOn}
                ) w`,
        )
        .returning();
    },
  };
}

export type WatchesRepository = ReturnType<typeof createWatchesRepository>;
