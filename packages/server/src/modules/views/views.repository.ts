import { and, eq, inArray, ne } from 'drizzle-orm';
import { viewDefaults, views } from '../../db/schema/identity';
import { users } from '../identity/index';
import type { DbOrTx } from '../../platform/db';
import { visibleView } from './views.resource';

export type ViewRow = typeof views.$inferSelect;
export type ViewValues = Partial<typeof views.$inferInsert>;

/** Named list views and each user's default view per page. */
export function createViewsRepository(db: DbOrTx) {
  return {
    /** The view if `userId` may see it (their own, or shared). */
    async visible(userId: string, id: string): Promise<ViewRow | undefined> {
      const [row] = await db.select().from(views).where(visibleView(userId, id));
      return row;
    },

    /** The view if `userId` owns it. */
    async owned(userId: string, id: string): Promise<ViewRow | undefined> {
      const [row] = await db
        .select()
        .from(views)
        .where(and(eq(views.id, id), eq(views.userId, userId)));
      return row;
    },

    viewsByIds: (ids: string[]): Promise<ViewRow[]> => db.select().from(views).where(inArray(views.id, ids)),

    ownerNames: (ids: string[]) =>
      db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)),

    /** Which of `viewIds` are `userId`'s defaults. */
    async defaultsAmong(userId: string, viewIds: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ viewId: viewDefaults.viewId })
        .from(viewDefaults)
        .where(and(eq(viewDefaults.userId, userId), inArray(viewDefaults.viewId, viewIds)));
      return new Set(rows.map((row) => row.viewId));
    },

    async insertView(values: typeof views.$inferInsert): Promise<ViewRow | undefined> {
      const [row] = await db.insert(views).values(values).returning();
      return row;
    },

    /** Changes the view if `ownerId` owns it. */
    async updateOwnView(id: string, ownerId: string, values: ViewValues): Promise<ViewRow | undefined> {
      const [row] = await db
        .update(views)
        .set(values)
        .where(and(eq(views.id, id), eq(views.userId, ownerId)))
        .returning();
      return row;
    },

    /** Deletes the view if `ownerId` owns it; whether it did. */
    async deleteOwnView(id: string, ownerId: string): Promise<boolean> {
      const deleted = await db
        .delete(views)
        .where(and(eq(views.id, id), eq(views.userId, ownerId)))
        .returning({ id: views.id });
      return deleted.length > 0;
    },

    /** The view stops being anyone's default but its owner's (it was unshared). */
    async clearOthersDefaults(viewId: string, ownerId: string): Promise<void> {
      await db.delete(viewDefaults).where(and(eq(viewDefaults.viewId, viewId), ne(viewDefaults.userId, ownerId)));
    },

    /** `userId`'s default view of `page` (one per page). */
    async setDefault(userId: string, page: string, viewId: string): Promise<void> {
      await db
        .insert(viewDefaults)
        .values({ userId, page, viewId })
        .onConflictDoUpdate({ target: [viewDefaults.userId, viewDefaults.page], set: { viewId } });
    },

    async clearDefault(userId: string, viewId: string): Promise<void> {
      await db.delete(viewDefaults).where(and(eq(viewDefaults.userId, userId), eq(viewDefaults.viewId, viewId)));
    },
  };
}
