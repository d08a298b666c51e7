import { and, asc, eq, sql } from 'drizzle-orm';
import type { DemoSeeder } from '../../platform/demo-seeder';
import { cannedReplies } from '../../db/schema/helpdesk';
import { users } from '../identity/index';

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

/**
 * Own and shared canned replies of the demo agents (after `records`, which makes the demo people):
 * a colleague shares three and keeps one, the administrator keeps two. Runs once: a second run
 * finds the canned replies and stops.
 */
export const cannedRepliesDemoSeeder: DemoSeeder = {
  key: 'canned-replies',
  name: 'canned replies',
  async run(ctx) {
    await ctx.database.db.transaction(async (tx) => {
      const [done] = await tx.select({ n: sql<number>`count(*)::int` }).from(cannedReplies);
      if ((done?.n ?? 0) > 0) return;
      const staff = await tx
        .select({ id: users.id, isSuperuser: users.isSuperuser })
        .from(users)
        .where(and(eq(users.isActive, true), sql`(${users.isSuperuser} or ${users.userType} in (1, 2))`))
        .orderBy(asc(users.dateJoined), asc(users.id))
        .limit(20);
      if (!staff.length) return;
      const admin = staff.find((u) => u.isSuperuser) ?? staff[0]!;
      const colleague = staff.find((u) => u.id !== admin.id) ?? admin;
      await tx.insert(cannedReplies).values([
        ...SHARED_REPLIES.map((r) => ({ ...r, shared: true, ownerId: colleague.id })),
        ...OWN_REPLIES.map((r) => ({ ...r, shared: false, ownerId: admin.id })),
        {
          title: 'Parts on order',
          body: doc(paragraph(text('Parts for {{ticket.title}} are on order.'))),
          shared: false,
          ownerId: colleague.id,
        },
      ]);
    });
  },
};
