import type { CannedReply, CannedReplyChanges, CannedReplyVariable } from '@ops/contract/helpdesk/canned-replies';
import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { viewerOf } from '../../list-query/scope-mask';
import { clientsResource, costCentresResource } from '../records/index';
import { ticketInScope } from '../helpdesk/index';
import { cannedRepliesResource, visibleTo } from './canned-replies.resource';
import { createCannedRepliesRepository, type CannedReplyRow } from './canned-replies.repository';
import { fillPlaceholders } from './canned-replies.render';
import { CANNED_REPLIES_ERRORS } from './canned-replies.errors';

type Row = CannedReplyRow;
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** Administrators (superusers and the Admin user type) may change anyone's canned replies. */
const isAdmin = (user: AuthUser) => user.isSuperuser || user.userType === 1;

export function createCannedRepliesService(db: DbOrTx) {
  const repository = createCannedRepliesRepository(db);
  /** Canned replies with their owners: one statement for any number of ids. */
  async function views(ids: string[]): Promise<CannedReply[]> {
    if (!ids.length) return [];
    const rows = await repository.withOwners(ids);
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
    const row = await repository.visible(user.id, id);
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
      return one(await repository.insert({ title: input.title, body: input.body, shared: input.shared, ownerId: user.id }));
    },

    async update(user: AuthUser, id: string, changes: CannedReplyChanges): Promise<CannedReply> {
      await editable(user, id);
      await repository.update(id, {
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.body !== undefined ? { body: changes.body } : {}),
        ...(changes.shared !== undefined ? { shared: changes.shared } : {}),
        updatedAt: new Date(),
      });
      return one(id);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      await editable(user, id);
      await repository.remove(id);
    },

    /** The reply's body with the ticket's values filled in (the caller is the agent). */
    async render(user: AuthUser, ticketId: string, id: string): Promise<{ message: Record<string, unknown> }> {
      const reply = await visible(user, id);
      // A site outside the agent's allocation fills in as blank (its name is withheld, scope-mask.ts).
      const ticket = await repository.placeholderValues(
        ticketId,
        clientsResource.rowScope?.(viewerOf(user)),
        costCentresResource.rowScope?.(viewerOf(user)),
      );
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
