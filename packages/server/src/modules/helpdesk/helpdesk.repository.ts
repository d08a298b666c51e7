import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { idIn, rowsOf } from '../../list-query/list-page';
import { attachments, conversationCopies, conversations, ticketHistory, tickets } from '../../db/schema/helpdesk';
import { users } from '../identity/index';
import { helpdeskTeams } from '../helpdesk-flow/index';
import type { PermissionHolders } from '../identity/index';
import { resolveSite } from './ticket-sites';
import { createTicketSitesRepository } from './ticket-sites.repository';
import { createTicketViews, type AttachmentRow, type ConversationRow, type TicketRow } from './ticket-views.repository';

export type { AttachmentRow, AttachmentView, ConversationRow, ConversationView, HistoryView, TicketListView, TicketRow, TicketView, UserRef, UserWithEmail } from './ticket-views.repository';
export type TicketInsert = typeof tickets.$inferInsert;
export type AttachmentInsert = typeof attachments.$inferInsert;
export type HistoryInsert = typeof ticketHistory.$inferInsert;

/**
 * The help desk's rows: the writes and single-row reads of tickets, messages, copies, attachments
 * and history, the user checks the service makes, and (spread in) the joined reads of
 * ticket-views.repository.ts and the site reads of ticket-sites.repository.ts. `holders`
 * (identity's) answers who holds a permission; only the service's notification paths need it.
 */
export function createHelpdeskRepository(db: DbOrTx, holders?: PermissionHolders) {
  const sites = createTicketSitesRepository(db);
  return {
    ...createTicketViews(db),
    ...sites,
    // The site rules (ticket-sites.ts) on this repository's site reads.
    resolveSite: (user: Parameters<typeof resolveSite>[1], input: Parameters<typeof resolveSite>[2], current?: Parameters<typeof resolveSite>[3]) =>
      resolveSite(sites, user, input, current),
    async teamExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: helpdeskTeams.id }).from(helpdeskTeams).where(eq(helpdeskTeams.id, id)).limit(1);
      return Boolean(row);
    },

    /** Which of `ids` are active staff (holders of ticket read permission), in the order given: one statement. */
    async staffAmong(ids: string[]): Promise<string[]> {
      if (!holders) throw new Error('this helpdesk repository was built without the permission holders');
      if (!ids.length) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isActive, true), holders.holderCondition('ticket', 'read')));
      const staff = new Set(rows.map((r) => r.id));
      return ids.filter((id) => staff.has(id));
    },

    async insertTicket(values: TicketInsert): Promise<TicketRow> {
      const [row] = await db.insert(tickets).values(values).returning();
      return row!;
    },

    async findTicket(id: string, options: { lock?: boolean } = {}): Promise<TicketRow | undefined> {
      const query = db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    async updateTicket(id: string, values: Partial<TicketInsert>): Promise<TicketRow> {
      const [row] = await db.update(tickets).set(values).where(eq(tickets.id, id)).returning();
      return row!;
    },

    /** Tickets by id (one statement), in id order; locked in that order, so two groups lock alike. */
    async findTickets(ids: string[], options: { lock?: boolean } = {}): Promise<TicketRow[]> {
      if (!ids.length) return [];
      const query = db.select().from(tickets).where(idIn(tickets.id, ids)).orderBy(tickets.id);
      return options.lock ? query.for('update') : query;
    },

    /** The same values set on every ticket of `ids` (one statement), the rows as they are after it. */
    async updateTickets(ids: string[], values: Partial<TicketInsert>): Promise<TicketRow[]> {
      if (!ids.length) return [];
      return db.update(tickets).set(values).where(idIn(tickets.id, ids)).returning();
    },

    async deleteTicket(id: string): Promise<void> {
      await db.delete(tickets).where(eq(tickets.id, id));
    },

    async insertHistory(values: HistoryInsert[]): Promise<void> {
      if (values.length) await db.insert(ticketHistory).values(values);
    },

    async insertConversation(values: typeof conversations.$inferInsert): Promise<ConversationRow> {
      const [row] = await db.insert(conversations).values(values).returning();
      return row!;
    },

    async findConversation(id: string): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
      return row;
    },

    async updateConversation(id: string, values: Partial<typeof conversations.$inferInsert>): Promise<void> {
      await db.update(conversations).set(values).where(eq(conversations.id, id));
    },

    async deleteConversation(id: string): Promise<void> {
      await db.delete(conversations).where(eq(conversations.id, id));
    },

    async replaceCopies(conversationId: string, userIds: string[]): Promise<void> {
      await db.delete(conversationCopies).where(eq(conversationCopies.conversationId, conversationId));
      if (userIds.length) await db.insert(conversationCopies).values(userIds.map((userId) => ({ conversationId, userId })));
    },

    /** Everyone on a ticket's conversations (senders, recipients, copies; internal notes left out): one statement. */
    async conversationParticipantIds(ticketId: string): Promise<Set<string>> {
      const rows = await db.execute<{ id: string }>(sql`
        select c.sender_id as id from ${conversations} c where c.ticket_id = ${ticketId} and c.sender_id is not null and not c.internal
        union
        select c.recipient_id from ${conversations} c where c.ticket_id = ${ticketId} and c.recipient_id is not null and not c.internal
        union
        select cc.user_id from ${conversationCopies} cc join ${conversations} c on c.id = cc.conversation_id where c.ticket_id = ${ticketId} and not c.internal`);
      return new Set(rowsOf<{ id: string }>(rows).map((r) => String(r.id)));
    },

    async copyUserIds(conversationId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: conversationCopies.userId })
        .from(conversationCopies)
        .where(eq(conversationCopies.conversationId, conversationId));
      return rows.map((r) => r.userId);
    },

    async insertAttachments(values: AttachmentInsert[]): Promise<AttachmentRow[]> {
      if (!values.length) return [];
      return db.insert(attachments).values(values).returning();
    },

    /** An attachment under its parent: a ticket's own files, or one message's files. */
    async findAttachment(
      id: string,
      parent: { ticketId: string } | { conversationId: string },
    ): Promise<AttachmentRow | undefined> {
      const where =
        'ticketId' in parent
          ? and(eq(attachments.id, id), eq(attachments.ticketId, parent.ticketId), isNull(attachments.conversationId))
          : and(eq(attachments.id, id), eq(attachments.conversationId, parent.conversationId));
      const [row] = await db.select().from(attachments).where(where).limit(1);
      return row;
    },

    async deleteAttachment(id: string): Promise<void> {
      await db.delete(attachments).where(eq(attachments.id, id));
    },

    /** Storage keys of every file of a ticket (its own and its messages'). */
    async storageKeysOfTicket(ticketId: string): Promise<string[]> {
      const rows = await db.select({ key: attachments.storageKey }).from(attachments).where(eq(attachments.ticketId, ticketId));
      return rows.map((r) => r.key);
    },

    /** Which of these storage keys an attachment row names. */
    async knownStorageKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await db
        .select({ key: attachments.storageKey })
        .from(attachments)
        .where(inArray(attachments.storageKey, keys));
      return new Set(rows.map((r) => r.key));
    },

    /** One page of attachment rows by id, for walking every row without holding them all. */
    async attachmentKeysAfter(afterId: string | null, limit: number): Promise<{ id: string; key: string }[]> {
      return db
        .select({ id: attachments.id, key: attachments.storageKey })
        .from(attachments)
        .where(afterId ? sql`${attachments.id} > ${afterId}` : undefined)
        .orderBy(attachments.id)
        .limit(limit);
    },

    async storageKeysOfConversation(conversationId: string): Promise<string[]> {
      const rows = await db
        .select({ key: attachments.storageKey })
        .from(attachments)
        .where(eq(attachments.conversationId, conversationId));
      return rows.map((r) => r.key);
    },

    /** Active users with their type, oldest first (the demo seeder picks requesters and agents from them). */
    async activePeople(
      limit: number,
    ): Promise<{ id: string; firstName: string; lastName: string; userType: number; isSuperuser: boolean }[]> {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          userType: users.userType,
          isSuperuser: users.isSuperuser,
        })
        .from(users)
        .where(eq(users.isActive, true))
        .orderBy(users.dateJoined, users.id)
        .limit(limit);
    },

    /** Which of `ids` are active users. */
    async activeUserIds(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isActive, true)));
      return new Set(rows.map((r) => r.id));
    },

    /** Active users holding `model.action` (identity answers, in this repository's transaction). */
    async usersHolding(model: string, action: string): Promise<string[]> {
      if (!holders) throw new Error('this helpdesk repository was built without the permission holders');
      return holders.usersHolding(db, model, action);
    },

  };
}

export type HelpdeskRepository = ReturnType<typeof createHelpdeskRepository>;

