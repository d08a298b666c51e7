import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CannedReply, CannedReplyChanges, CannedReplyVariable } from '@ops/contract/helpdesk/canned-replies';
import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { idIn } from '../../list-query/list-page';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { viewerOf } from '../../list-query/scope-mask';
import { clientsResource, costCentresResource } from '../records/index';
import { cannedReplies } from '../../db/schema/helpdesk';
import { tickets } from '../helpdesk/index';
import { users } from '../identity/index';
import { clients, costCentres } from '../records/index';
import { ticketInScope } from '../helpdesk/index';
import { cannedRepliesResource, visibleTo } from './canned-replies.resource';
import { fillPlaceholders } from './canned-replies.render';
import { CANNED_REPLIES_ERRORS } from './canned-replies.errors';

type Row = typeof cannedReplies.$inferSelect;
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** Administrators (superusers and the Admin user type) may change anyone's canned replies. */
const isAdmin = (user: AuthUser) => user.isSuperuser || user.userType === 1;

export function createCannedRepliesService(db: DbOrTx) {
  /** Canned replies with their owners: one statement for any number of ids. */
  async function views(ids: string[]): Promise<CannedReply[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ ...getTableColumns(cannedReplies), ownerFirst: users.firstName, ownerLast: users.lastName })
      .from(cannedReplies)
      .innerJoin(users, eq(users.id, cannedReplies.ownerId))
      .where(idIn(cannedReplies.id, ids));
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body as Record<string, unknown>,
      shared: r.shared,
      owner: { id: r.ownerId, full_name: fullName(r.ownerFirst, r.ownerLast) },
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  /** A canned reply the user may see (own or shared); another user's private one reads as missing. */
  async function visible(user: AuthUser, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(cannedReplies)
      .where(and(eq(cannedReplies.id, id), visibleTo(user.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** One the user may change: their own, or any visible one for an administrator. */
  async function editable(user: AuthUser, id: string): Promise<Row> {
    const row = await visible(user, id);
    if (row.ownerId !== user.id && !isAdmin(user)) throw CANNED_REPLIES_ERRORS.error('NOT_THE_OWNER');
    return row;
  }

  async function one(id: string): Promise<CannedReply> {
    const [view] = await views([id]);
    if (!view) throw notFound();
    return view;
  }

  return {
    list(user: AuthUser, list: ListRequest) {
      return listPage(db, list, { resource: cannedRepliesResource, where: visibleTo(user.id), hydrate: views });
    },

    async get(user: AuthUser, id: string): Promise<CannedReply> {
      await visible(user, id);
      return one(id);
    },

    async create(user: AuthUser, input: { title: string; body: Record<string, unknown>; shared: boolean }): Promise<CannedReply> {
      const [row] = await db
        .insert(cannedReplies)
        .values({ title: input.title, body: input.body, shared: input.shared, ownerId: user.id })
        .returning({ id: cannedReplies.id });
      return one(row!.id);
    },

    async update(user: AuthUser, id: string, changes: CannedReplyChanges): Promise<CannedReply> {
      await editable(user, id);
      await db
        .update(cannedReplies)
        .set({
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.body !== undefined ? { body: changes.body } : {}),
          ...(changes.shared !== undefined ? { shared: changes.shared } : {}),
          updatedAt: new Date(),
        })
        .where(eq(cannedReplies.id, id));
      return one(id);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      await editable(user, id);
      await db.delete(cannedReplies).where(eq(cannedReplies.id, id));
    },

    /** The reply's body with the ticket's values filled in (the caller is the agent). */
    async render(user: AuthUser, ticketId: string, id: string): Promise<{ message: Record<string, unknown> }> {
      const reply = await visible(user, id);
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
        // A site outside the agent's allocation fills in as blank (its name is withheld, scope-mask.ts).
        .leftJoin(clients, and(eq(clients.id, tickets.clientId), clientsResource.rowScope?.(viewerOf(user))))
        .leftJoin(costCentres, and(eq(costCentres.id, tickets.costCentreId), costCentresResource.rowScope?.(viewerOf(user))))
        .where(eq(tickets.id, ticketId))
        .limit(1);
      if (!ticket || !(await ticketInScope(db, user, ticketId))) throw notFound();
      const values = new Map<CannedReplyVariable, string>([
        ['ticket.id', formatTicketNumber(ticket)],
        ['ticket.title', ticket.title],
        ['requester.first_name', ticket.requesterFirst],
        ['requester.full_name', fullName(ticket.requesterFirst, ticket.requesterLast)],
        ['agent.first_name', user.firstName],
        ['client.name', ticket.clientName ?? ''],
        ['cost_centre.name', ticket.costCentreName ?? ''],
      ]);
      return { message: fillPlaceholders(reply.body, values) };
    },
  };
}

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;
