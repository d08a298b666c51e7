import type { Attachment } from '@ops/contract/helpdesk/helpdesk.schemas';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { conversations } from '../../db/schema/helpdesk';
import { ticketScopeCondition } from './ticket-sites';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import type { PermissionHolders } from '../identity/permission-holders';
import { type AttachmentParent, type HelpdeskService, type TicketScope } from './helpdesk.service';
import { serializeAttachment } from './helpdesk.serializers';
import {
  assigneesResource,
  attachmentsOf,
  attachmentsResource,
  conversationsOf,
  conversationsResource,
  historyOf,
  historyResource,
  ticketsRequestedBy,
  ticketsResource,
} from './tickets.resource';

export interface HelpdeskListsDeps {
  db: DbOrTx;
  helpdesk: Pick<
    HelpdeskService,
    | 'ticketFor'
    | 'checkAttachmentParent'
    | 'ticketListItems'
    | 'historyEntries'
    | 'conversationsByIds'
    | 'attachmentViews'
    | 'publicUsers'
  >;
  /** Identity's answer to who holds a permission (the assignee candidates). */
  holders: Pick<PermissionHolders, 'holderCondition'>;
}

/** The help desk's lists: tickets, a ticket's history and conversations, a parent's attachments; the parent is checked first. */
export function createHelpdeskListsService(deps: HelpdeskListsDeps) {
  const { db, helpdesk, holders } = deps;
  return {
    tickets(scope: TicketScope, list: ListRequest) {
      // Staff lists of Operation and Site users are bound to their allocation (DESIGN 13.1).
      const where = scope.kind === 'own' ? ticketsRequestedBy(scope.userId) : ticketScopeCondition(scope.user ?? null);
      return listPage(db, list, { resource: ticketsResource, where, hydrate: helpdesk.ticketListItems });
    },

    /** Who may be assigned a ticket: active users holding ticket change permission. */
    assignees(list: ListRequest) {
      return listPage(db, list, {
        resource: assigneesResource,
        where: holders.holderCondition('ticket', 'change'),
        hydrate: helpdesk.publicUsers,
      });
    },

    async history(scope: TicketScope, ticketId: string, list: ListRequest) {
      await helpdesk.ticketFor(scope, ticketId);
      return listPage(db, list, { resource: historyResource, where: historyOf(ticketId), hydrate: helpdesk.historyEntries });
    },

    async conversations(scope: TicketScope, ticketId: string, list: ListRequest) {
      await helpdesk.ticketFor(scope, ticketId);
      return listPage(db, list, {
        resource: conversationsResource,
        // The requester's side never lists internal notes.
        where: scope.kind === 'own' ? and(conversationsOf(ticketId), eq(conversations.internal, false)) : conversationsOf(ticketId),
        hydrate: helpdesk.conversationsByIds,
      });
    },

    /** `downloadUrl` turns an attachment id into its download link (built from the request by the route). */
    async attachments(scope: TicketScope, parent: AttachmentParent, list: ListRequest, downloadUrl: (id: string) => string) {
      await helpdesk.checkAttachmentParent(scope, parent);
      const hydrate = async (ids: string[]): Promise<Attachment[]> =>
        (await helpdesk.attachmentViews(ids)).map((view) => serializeAttachment(view, downloadUrl(view.id)));
      return listPage(db, list, { resource: attachmentsResource, where: attachmentsOf(parent), hydrate });
    },
  };
}

export type HelpdeskListsService = ReturnType<typeof createHelpdeskListsService>;
