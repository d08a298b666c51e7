import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../list-query/list-page';
import type { DemoSeeder } from '../../platform/demo-seeder';
import { conversations, tickets } from '../../db/schema/helpdesk';
import { users } from '../identity/index';
import { costCentres } from '../records/index';
import { createNotificationsRepository } from '../notifications/index';

const text = (value: string) => ({ type: 'text', text: value });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...paragraphs: unknown[]) => ({ type: 'doc', content: paragraphs });

const NOTES = [
  'Supplier confirmed the part ships Thursday; hold off on a second call-out.',
  'This site had the same fault last month: check the warranty before approving a quote.',
  'Client manager asked to be kept in the loop; please take this one over.',
  'Budget approval needed above $500, can you sign off?',
];

/**
 * Sites and internal notes on the demo help desk (after `helpdesk` and `records`): two of three
 * demo tickets name a cost centre (and its client); some carry internal notes that @mention a
 * colleague (who is notified). The agents' canned replies are the canned-replies module's own step.
 * Runs once: a second run finds a ticket with a site or an internal note and stops.
 */
export const helpdeskSitesDemoSeeder: DemoSeeder = {
  key: 'helpdesk-sites',
  name: 'help desk sites and internal notes',
  async run(ctx) {
    await ctx.database.db.transaction(async (tx) => {
      const [done] = rowsOf<{ yes: boolean }>(
        await tx.execute(sql`select exists (select 1 from ${tickets} where ${tickets.costCentreId} is not null)
          or exists (select 1 from ${conversations} where ${conversations.internal}) as yes`),
      );
      if (done?.yes) return;
      const staff = await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, isSuperuser: users.isSuperuser })
        .from(users)
        .where(and(eq(users.isActive, true), sql`(${users.isSuperuser} or ${users.userType} in (1, 2))`))
        .orderBy(asc(users.dateJoined), asc(users.id))
        .limit(20);
      if (!staff.length) return;
      const admin = staff.find((u) => u.isSuperuser) ?? staff[0]!;
      const colleague = staff.find((u) => u.id !== admin.id) ?? admin;
      const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim() || 'A colleague';

      // Sites: two of every three tickets without one get a cost centre (and its client).
      const sites = await tx
        .select({ id: costCentres.id, clientId: costCentres.clientId })
        .from(costCentres)
        .orderBy(asc(costCentres.code))
        .limit(12);
      const open = await tx
        .select({
          id: tickets.id,
          number: tickets.number,
          title: tickets.title,
          requesterId: tickets.requesterId,
          assigneeId: tickets.assigneeId,
          createdAt: tickets.createdAt,
        })
        .from(tickets)
        .where(isNull(tickets.costCentreId))
        .orderBy(asc(tickets.number))
        .limit(200);
      if (sites.length) {
        for (const [index, ticket] of open.entries()) {
          if (index % 3 === 2) continue;
          const site = sites[index % sites.length]!;
          await tx.update(tickets).set({ costCentreId: site.id, clientId: site.clientId }).where(eq(tickets.id, ticket.id));
        }
      }

      // Internal notes with a mention on a few tickets; the mentioned colleague is notified.
      const notifications = createNotificationsRepository(tx);
      for (const [index, ticket] of open
        .filter((t) => t.assigneeId)
        .slice(0, NOTES.length * 2)
        .entries()) {
        if (index % 2 === 1) continue;
        const author = staff.find((u) => u.id === ticket.assigneeId) ?? colleague;
        const mentioned = author.id === admin.id ? colleague : admin;
        if (mentioned.id === author.id || mentioned.id === ticket.requesterId) continue;
        const note = NOTES[(index / 2) % NOTES.length]!;
        const at = new Date(ticket.createdAt.getTime() + 3 * 3600 * 1000);
        const message = doc(
          paragraph({ type: 'mention', attrs: { id: mentioned.id, label: name(mentioned) } }, text(` ${note}`)),
        );
        const [row] = await tx
          .insert(conversations)
          .values({
            ticketId: ticket.id,
            senderId: author.id,
            recipientId: null,
            message,
            internal: true,
            createdById: author.id,
            updatedById: author.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: conversations.id });
        await notifications.insertNotifications([
          {
            recipientId: mentioned.id,
            actorId: author.id,
            verb: 'mentioned you',
            description: `${name(author)} mentioned you in an internal note on #${ticket.number} "${ticket.title}"`,
            level: 'info',
            targetType: 'ticket',
            targetId: ticket.id,
            targetText: ticket.title,
            actionObjectType: 'conversation',
            actionObjectId: row!.id,
            actionObjectText: note,
            data: { ticket_id: ticket.id, ticket_number: ticket.number, conversation_id: row!.id, preview: note, internal: true },
            unread: true,
            timestamp: at,
          },
        ]);
      }
    });
  },
};
