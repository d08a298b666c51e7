import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { cannedReplies } from '../../db/schema/helpdesk';
import type { DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { tickets } from '../helpdesk/index';
import { users } from '../identity/index';
import { clients, costCentres } from '../records/index';
import { visibleTo } from './canned-replies.resource';

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
export type CannedReplyValues = Partial<Pick<typeof cannedReplies.$inferInsert, 'title' | 'body' | 'shared' | 'updatedAt'>>;

/** Canned replies, and the ticket values a reply's placeholders take. */
export function createCannedRepliesRepository(db: DbOrTx) {
  return {
    /** Canned replies with their owners' names: one statement for any number of ids. */
    withOwners: (ids: string[]) =>
      db
        .select({ ...getTableColumns(cannedReplies), ownerFirst: users.firstName, ownerLast: users.lastName })
        .from(cannedReplies)
        .innerJoin(users, eq(users.id, cannedReplies.ownerId))
        .where(idIn(cannedReplies.id, ids)),

    /** The reply if `userId` may see it (their own, or shared). */
    async visible(userId: string, id: string): Promise<CannedReplyRow | undefined> {
      const [row] = await db
        .select()
        .from(cannedReplies)
        .where(and(eq(cannedReplies.id, id), visibleTo(userId)))
        .limit(1);
      return row;
    },

    async insert(values: typeof cannedReplies.$inferInsert): Promise<string> {
      const [row] = await db.insert(cannedReplies).values(values).returning({ id: cannedReplies.id });
      return row!.id;
    },

    async update(id: string, values: CannedReplyValues): Promise<void> {
      await db.update(cannedReplies).set(values).where(eq(cannedReplies.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(cannedReplies).where(eq(cannedReplies.id, id));
    },

    /**
     * What a ticket's placeholders take: its number, title, requester and site names. The site
     * names pass `clientScope` / `costCentreScope` (the agent's allocation) or read as null.
     */
    async placeholderValues(ticketId: string, clientScope: SQL | undefined, costCentreScope: SQL | undefined) {
      const [ticket] = await db
        .select({
          id: tickets.id,
          number: tickets.number,
          title: tickets.title,
          requesterFirst: users.firstName,
          requesterLast: users.lastName,
          clientName: sql<string | null>`${clients.name}`,
          costCentreName: sql<string | null>`${costCentres.name}`,
        })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.requesterId))
        .leftJoin(clients, and(eq(clients.id, tickets.clientId), clientScope))
        .leftJoin(costCentres, and(eq(costCentres.id, tickets.costCentreId), costCentreScope))
        .where(eq(tickets.id, ticketId))
        .limit(1);
      return ticket;
    },
  };
}
