import { sql } from 'drizzle-orm';
import { check, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { tickets } from './helpdesk';

/**
 * The token of a ticket's reply address (`support+<token>@domain`, spec platform §13.1): 128 random bits
 * as 32 hex digits, made when the first mail about the ticket is written.
 */
export const ticketMailTokens = pgTable(
  'helpdesk_ticket_mail_token',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 32 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('helpdesk_ticket_mail_token_token_ck', sql`${t.token} ~ '^[0-9a-f]{32}$'`),
    uniqueIndex('helpdesk_ticket_mail_token_token_uq').on(t.token),
  ],
);
