import type { Attachment } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import { ticketScopeCondition } from './ticket-sites.repository';
import { listPage } from '../../list-query/list-endpoint';
import { maskOutOfScope, namesInScope, viewerOf } from '../../list-query/scope-mask';
import type { AuthUser } from '../../platform/auth';
import { clientsResource, costCentresResource } from '../records/index';
import type { ListRequest } from '../../list-query/list-request';
import type { PermissionHolders } from '../identity/index';
import { type AttachmentParent, type HelpdeskService, type TicketScope } from './helpdesk.service';
import { serializeAttachment } from './helpdesk.serializers';
import { ticketListRows } from './ticket-views.repository';
import {
  assigneesResource,
  attachmentsOf,
  attachmentsResource,
  conversationsOf,
  conversationsResource,
  requesterConversationsOf,
  historyOf,
  historyResource,
  requesterHistoryOf,
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
      // Staff lists of Operation and Site users are bound to their allocation (spec platform §13.1).
      const where = scope.kind === 'own' ? ticketsRequestedBy(scope.userId) : ticketScopeCondition(scope.user ?? null);
      return listPage(db, list, { resource: ticketsResource, where, hydrate: helpdesk.ticketListItems, rows: ticketListRows });
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
      return listPage(db, list, {
        resource: historyResource,
        // The requester's side shows only changes to what they asked for, without routing notes.
        where: scope.kind === 'own' ? requesterHistoryOf(ticketId) : historyOf(ticketId),
        hydrate: async (ids) => {
          // History keeps the site names of its time: a name outside the viewer's allocation is withheld.
          const entries = (await helpdesk.historyEntries(ids)).map((e) => (scope.kind === 'own' ? { ...e, reason: null } : e));
          const sites = { client: clientsResource, cost_centre: costCentresResource } as const;
          const known = new Map<string, Set<string> | null>();
          for (const [field, resource] of Object.entries(sites)) {
            const names = entries.filter((e) => e.field === field).flatMap((e) => [e.from_value, e.to_value]).filter((v): v is string => !!v);
            if (names.length) known.set(field, await namesInScope(db, resource, list.viewer, names));
          }
          const shown = (field: string, value: string | null) => {
            const visible = known.get(field);
            return value === null || !visible || visible.has(value) ? value : null;
          };
          return entries.map((e) => (known.has(e.field) ? { ...e, from_value: shown(e.field, e.from_value), to_value: shown(e.field, e.to_value) } : e));
        },
      });
    },

    /** A ticket as the user may see it: a site outside their allocation keeps its id, its name withheld (scope-mask.ts). */
    async visibleTicket<T>(user: AuthUser, ticket: T): Promise<T> {
      return (await maskOutOfScope(db, ticketsResource, viewerOf(user), [ticket]))[0]!;
    },

    async conversations(scope: TicketScope, ticketId: string, list: ListRequest) {
      await helpdesk.ticketFor(scope, ticketId);
      return listPage(db, list, {
        resource: conversationsResource,
        // The requester's side never lists internal notes.
        where: scope.kind === 'own' ? requesterConversationsOf(ticketId) : conversationsOf(ticketId),
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
