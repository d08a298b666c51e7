import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clients, costCentres } from '../records/index';
import { clientsResource, costCentresResource } from '../records/index';
import {
  attachmentSchema,
  conversationSchema,
  ticketHistoryEntrySchema,
  ticketListItemSchema,
  REQUESTER_HISTORY_FIELDS,
  TICKET_HISTORY_FIELDS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
} from '@ops/contract/helpdesk/helpdesk.schemas';
import { attachments, conversations, ticketHistory, tickets } from '../../db/schema/helpdesk';
import { defineListResource, type ListField, type ListResource } from '../../list-query/list-resource';
import { usersResource } from '../identity/index';
import { SLA_STATUSES } from '@ops/contract/helpdesk/helpdesk-flow.schemas';
import { teamsResource } from '../helpdesk-flow/index';

/** A ticket's site name as an orderable field, read from the site's own table (see `readsFrom`). */
function siteName(table: PgTable, id: PgColumn, name: PgColumn, ref: PgColumn, resource: () => ListResource): ListField {
  const column = (scope: SQL | undefined) => sql`(select ${name} from ${table} where ${id} = ${ref}${scope ? sql` and ${scope}` : sql``})`;
  return { kind: 'text', column: column(undefined), filter: false, order: true, readsFrom: { resource, column } };
}

export const ticketsResource = defineListResource({
  name: 'tickets',
  table: tickets,
  id: tickets.id,
  fields: {
    id: { kind: 'uuid', column: tickets.id, order: true },
    number: { kind: 'number', column: tickets.number, order: true },
    title: { kind: 'text', column: tickets.title, order: true },
    ticket_type: { kind: 'enum', column: tickets.ticketType, enumValues: TICKET_TYPES, order: true },
    priority: { kind: 'enum', column: tickets.priority, enumValues: TICKET_PRIORITIES, order: true },
    ticket_status: { kind: 'enum', column: tickets.ticketStatus, enumValues: TICKET_STATUSES, order: true },
    requester: { kind: 'uuid', column: tickets.requesterId, relation: () => usersResource },
    assignee: { kind: 'uuid', column: tickets.assigneeId, relation: () => usersResource },
    created_by: { kind: 'uuid', column: tickets.createdById, relation: () => usersResource },
    created_at: { kind: 'datetime', column: tickets.createdAt, order: true },
    updated_at: { kind: 'datetime', column: tickets.updatedAt, order: true },
    client: { kind: 'uuid', column: tickets.clientId, relation: () => clientsResource, order: false },
    cost_centre: { kind: 'uuid', column: tickets.costCentreId, relation: () => costCentresResource, order: false },
    // Ordering by site orders by its name (tickets without one last; for a scoped viewer, a site
    // outside the allocation sorts as if it had none, since its name is withheld).
    client_name: siteName(clients, clients.id, clients.name, tickets.clientId, () => clientsResource),
    cost_centre_name: siteName(costCentres, costCentres.id, costCentres.name, tickets.costCentreId, () => costCentresResource),
    team: { kind: 'uuid', column: tickets.teamId, relation: () => teamsResource, order: true },
    first_response_due_at: { kind: 'datetime', column: tickets.firstResponseDueAt, order: true },
    first_responded_at: { kind: 'datetime', column: tickets.firstRespondedAt, order: true },
    due_at: { kind: 'datetime', column: tickets.dueAt, order: true },
    sla_status: { kind: 'enum', column: tickets.slaStatus, enumValues: SLA_STATUSES, order: true },
  },
  // `number` matches a whole number written `1042` or `#1042` (see compileSearch).
  search: ['number', 'title', 'requester__email', 'requester__first_name', 'requester__last_name'],
  defaultOrdering: ['-created_at'],
  itemSchema: ticketListItemSchema,
});

export const ticketsRequestedBy = (userId: string) => eq(tickets.requesterId, userId);

export const historyResource = defineListResource({
  name: 'ticket-history',
  table: ticketHistory,
  id: ticketHistory.id,
  fields: {
    id: { kind: 'uuid', column: ticketHistory.id, order: true },
    field: { kind: 'enum', column: ticketHistory.field, enumValues: TICKET_HISTORY_FIELDS },
    from_status: { kind: 'enum', column: ticketHistory.fromStatus, enumValues: TICKET_STATUSES },
    to_status: { kind: 'enum', column: ticketHistory.toStatus, enumValues: TICKET_STATUSES },
    changed_by: { kind: 'uuid', column: ticketHistory.changedById },
    changed_at: { kind: 'datetime', column: ticketHistory.changedAt, order: true },
  },
  search: [],
  defaultOrdering: ['changed_at'],
  itemSchema: ticketHistoryEntrySchema,
});

export const historyOf = (ticketId: string) => eq(ticketHistory.ticketId, ticketId);
export const requesterHistoryOf = (ticketId: string) =>
  and(historyOf(ticketId), inArray(ticketHistory.field, [...REQUESTER_HISTORY_FIELDS]));

export const conversationsResource = defineListResource({
  name: 'conversations',
  table: conversations,
  id: conversations.id,
  fields: {
    id: { kind: 'uuid', column: conversations.id, order: true },
    sender: { kind: 'uuid', column: conversations.senderId, relation: () => usersResource },
    recipient: { kind: 'uuid', column: conversations.recipientId, relation: () => usersResource },
    created_at: { kind: 'datetime', column: conversations.createdAt, order: true },
    updated_at: { kind: 'datetime', column: conversations.updatedAt, order: true },
    internal: { kind: 'boolean', column: conversations.internal },
  },
  search: [],
  defaultOrdering: ['created_at'],
  itemSchema: conversationSchema,
});

export const conversationsOf = (ticketId: string) => eq(conversations.ticketId, ticketId);
/** The requester's side: a ticket's conversations without its internal notes. */
export const requesterConversationsOf = (ticketId: string) => and(conversationsOf(ticketId), eq(conversations.internal, false));

export const attachmentsResource = defineListResource({
  name: 'attachments',
  table: attachments,
  id: attachments.id,
  fields: {
    id: { kind: 'uuid', column: attachments.id, order: true },
    file_name: { kind: 'text', column: attachments.fileName, order: true },
    size: { kind: 'number', column: attachments.size, order: true },
    uploaded_by: { kind: 'uuid', column: attachments.uploadedById },
    uploaded_at: { kind: 'datetime', column: attachments.uploadedAt, order: true },
  },
  search: ['file_name'],
  defaultOrdering: ['uploaded_at'],
  itemSchema: attachmentSchema,
});

/** A ticket's own files (not its messages'), or one message's files. */
export const attachmentsOf = (parent: { ticketId: string } | { conversationId: string }) =>
  'ticketId' in parent
    ? and(eq(attachments.ticketId, parent.ticketId), isNull(attachments.conversationId))
    : eq(attachments.conversationId, parent.conversationId);

/** Who may be assigned a ticket: active users holding ticket change permission (the users list, narrowed by the lists service). */
export const assigneesResource = usersResource;
