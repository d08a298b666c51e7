import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { ticketMailTokens } from '../../db/schema/mail-in';

/** The reply tokens of tickets (reply-address.ts makes them and reads the addresses): one row per ticket. */
export function createReplyTokensRepository(db: DbOrTx) {
  return {
    /** Stores each ticket's offered token unless the ticket has one already; tickets that do not exist get none. One statement. */
    async insertMissingTokens(offered: { ticketId: string; token: string }[]): Promise<void> {
      if (!offered.length) return;
      const values = sql.join(
        offered.map(({ ticketId, token }) => sql`(${ticketId}::uuid, ${token})`),
        sql`, `,
      );
      await db.execute(sql`
        insert into helpdesk_ticket_mail_token (ticket_id, token)
        select v.ticket_id, v.token from (values ${values}) as v(ticket_id, token)
          join helpdesk_ticket t on t.id = v.ticket_id
        on conflict (ticket_id) do nothing`);
    },

    /** The tokens of `ticketIds` that have one. */
    async tokensOf(ticketIds: string[]): Promise<{ ticketId: string; token: string }[]> {
      if (!ticketIds.length) return [];
      return db
        .select({ ticketId: ticketMailTokens.ticketId, token: ticketMailTokens.token })
        .from(ticketMailTokens)
        .where(inArray(ticketMailTokens.ticketId, ticketIds));
    },

    /** The ticket a token belongs to, if any. */
    async ticketIdOf(token: string): Promise<string | undefined> {
      const [row] = await db
        .select({ ticketId: ticketMailTokens.ticketId })
        .from(ticketMailTokens)
        .where(eq(ticketMailTokens.token, token))
        .limit(1);
      return row?.ticketId;
    },
  };
}

export type ReplyTokensRepository = ReturnType<typeof createReplyTokensRepository>;
