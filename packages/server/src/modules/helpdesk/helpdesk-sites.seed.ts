import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DemoSeeder } from '../../platform/demo-seeder';
import { cannedReplies, conversations, tickets } from '../../db/schema/helpdesk';
import { users } from '../identity/index';
import { costCentres } from '../records/index';
import { createNotificationsRepository } from '../notifications/index';

const text = (value: string) => ({ type: 'text', text: value });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...paragraphs: unknown[]) => ({ type: 'doc', content: paragraphs });

/** Shared canned replies: what every agent of a catering and care business sends most. */
const SHARED_REPLIES = [
  {
    title: 'Acknowledge: looking into it',
    body: doc(
      paragraph(text('Hi {{requester.first_name}},')),
      paragraph(
        text(
          'Thanks for raising {{ticket.id}} "{{ticket.title}}". We are looking into it for {{cost_centre.name}} and will update you here today.',
        ),
      ),
      paragraph(text('{{agent.first_name}}')),
    ),
  },
  {
    title: 'Technician booked',
    body: doc(
      paragraph(
        text(
          'Hi {{requester.first_name}}, a technician is booked for {{cost_centre.name}}. Please make sure the area is accessible.',
        ),
      ),
      paragraph(text('Regards, {{agent.first_name}}')),
    ),
  },
  {
    title: 'Closing: resolved',
    body: doc(
      paragraph(
        text(
          'Hi {{requester.full_name}}, we believe {{ticket.id}} is resolved, so we are closing it. Reply here if anything is still wrong.',
        ),
      ),
    ),
  },
];
const OWN_REPLIES = [
  { title: 'My sign-off', body: doc(paragraph(text('Cheers, {{agent.first_name}} (Help desk)'))) },
  {
    title: 'Need a photo',
    body: doc(
      paragraph(
        text(
          'Hi {{requester.first_name}}, could you attach a photo of the problem at {{cost_centre.name}}? It helps us send the right part.',
        ),
      ),
    ),
  },
];

const NOTES = [
  'Supplier confirmed the part ships Thursday; hold off on a second call-out.',
  'This site had the same fault last month: check the warranty before approving a quote.',
  'Client manager asked to be kept in the loop; please take this one over.',
  'Budget approval needed above $500, can you sign off?',
];

/**
 * Sites, internal notes and canned replies on the demo help desk (after `helpdesk` and `records`):
 * two of three demo tickets name a cost centre (and its client); some carry internal notes that
 * @mention a colleague (who is notified); agents get their own and shared canned replies.
 * Runs once: a second run finds the canned replies and stops.
 */
export const helpdeskSitesDemoSeeder: DemoSeeder = {
  key: 'helpdesk-sites',
  name: 'help desk sites, internal notes and canned replies',
  async run(ctx) {
    await ctx.database.db.transaction(async (tx) => {
      const [done] = await tx.select({ n: sql<number>`count(*)::int` }).from(cannedReplies);
      if ((done?.n ?? 0) > 0) return;
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

      await tx
        .insert(cannedReplies)
        .values([
          ...SHARED_REPLIES.map((r) => ({ ...r, shared: true, ownerId: colleague.id })),
          ...OWN_REPLIES.map((r) => ({ ...r, shared: false, ownerId: admin.id })),
          {
            title: 'Parts on order',
            body: doc(paragraph(text('Parts for {{ticket.title}} are on order.'))),
            shared: false,
            ownerId: colleague.id,
          },
        ]);

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
