import { formatTicketNumber, type TicketType } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { NotificationLevel } from '@ops/contract/notifications/notifications.schemas';
import type { AuthUser } from '../identity/index';
import type { NotificationDraft, WatchedChange } from '../notifications/index';
import type { TicketRow } from './helpdesk.repository';
import { fullName, plainText } from './helpdesk.serializers';

/** The notifications a ticket's events send: what each says, to whom, and what it links to. */

const TYPE_PHRASES: Record<TicketType, string> = {
  FEEDBACK: 'feedback',
  ISSUE: 'an issue',
  SERVICE_REQUEST: 'a service request',
  INCIDENT: 'an incident',
  PROBLEM: 'a problem',
  ALERTS: 'an alert',
};

export const ticketTarget = (ticket: { id: string; title: string }) => ({ type: 'ticket', id: ticket.id, text: ticket.title });
/** How a sentence names a ticket: `#1042 "Oven door stuck"` (mail subjects are these sentences). */
export const ticketPhrase = (ticket: { number: number; title: string }) => `${formatTicketNumber(ticket)} "${ticket.title}"`;

export function createdDrafts(actor: AuthUser, ticket: TicketRow, staff: string[]): NotificationDraft[] {
  return staff.map((recipientId) => ({
    recipientId,
    actorId: actor.id,
    verb: 'created',
    description: `${fullName(actor)} raised ${TYPE_PHRASES[ticket.ticketType as TicketType]}: ${ticketPhrase(ticket)}`,
    level: (ticket.priority === 'URGENT' ? 'warning' : 'info') as NotificationLevel,
    target: ticketTarget(ticket),
    data: {
      ticket_id: ticket.id,
      ticket_number: ticket.number,
      ticket_type: ticket.ticketType,
      priority: ticket.priority,
      preview: plainText(ticket.ticketContent),
    },
  }));
}

export function assignedDraft(actor: AuthUser, ticket: TicketRow): NotificationDraft {
  return {
    recipientId: ticket.assigneeId!,
    actorId: actor.id,
    verb: 'assigned',
    description: `${fullName(actor)} assigned you the ticket ${ticketPhrase(ticket)}`,
    level: ticket.priority === 'URGENT' ? 'warning' : 'info',
    target: ticketTarget(ticket),
    data: { ticket_id: ticket.id, ticket_number: ticket.number, priority: ticket.priority },
  };
}

export function statusDraft(actor: AuthUser, ticket: TicketRow, from: string): NotificationDraft {
  return {
    recipientId: ticket.requesterId,
    actorId: actor.id,
    verb: 'changed status',
    description: `${fullName(actor)} changed the status of ${ticketPhrase(ticket)} from ${from} to ${ticket.ticketStatus}`,
    level: ticket.ticketStatus === 'CLOSED' ? 'success' : 'info',
    target: ticketTarget(ticket),
    data: { ticket_id: ticket.id, ticket_number: ticket.number, from_status: from, to_status: ticket.ticketStatus },
  };
}

/**
 * The notifications of a new message: each mentioned staff member is told once, as mentioned; the
 * recipient and copy users (those not mentioned) that it was sent. An internal note never reaches
 * the requester.
 */
export function messageDrafts(
  actor: AuthUser,
  ticket: TicketRow,
  conversation: { id: string; recipientId: string | null; message: unknown },
  audience: { copy: string[]; mentioned: string[]; internal: boolean },
): NotificationDraft[] {
  const { copy, mentioned, internal } = audience;
  const preview = plainText(conversation.message);
  const actionObject = { type: 'conversation', id: conversation.id, text: preview || '(no text)' };
  const data = { ticket_id: ticket.id, ticket_number: ticket.number, conversation_id: conversation.id, preview };
  const mentions = mentioned.map((recipientId) => ({
    recipientId,
    actorId: actor.id,
    verb: 'mentioned you',
    description: `${fullName(actor)} mentioned you ${internal ? 'in an internal note' : 'in a message'} on ${ticketPhrase(ticket)}`,
    target: ticketTarget(ticket),
    actionObject,
    data: { ...data, internal },
  }));
  const sent = [...new Set([conversation.recipientId, ...copy])]
    .filter((id): id is string => Boolean(id) && !mentioned.includes(id!))
    .filter((id) => !(internal && id === ticket.requesterId))
    .map((recipientId) => ({
      recipientId,
      actorId: actor.id,
      verb: 'sent a message',
      description: `${fullName(actor)} sent a message on ${ticketPhrase(ticket)}`,
      target: ticketTarget(ticket),
      actionObject,
      data,
    }));
  return [...mentions, ...sent];
}

/** A new ticket at a client or cost centre: their watchers hear of it (none when it has no site). */
export function newTicketWatched(actor: AuthUser, ticket: TicketRow): WatchedChange | undefined {
  const subjects = [
    ...(ticket.clientId ? [{ model: 'client' as const, id: ticket.clientId }] : []),
    ...(ticket.costCentreId ? [{ model: 'cost_centre' as const, id: ticket.costCentreId }] : []),
  ];
  if (!subjects.length) return undefined;
  return {
    actorId: actor.id,
    subjects,
    verb: 'raised a ticket at',
    description: `${fullName(actor)} raised ${TYPE_PHRASES[ticket.ticketType as TicketType]} at a site you watch: ${ticketPhrase(ticket)}`,
    target: ticketTarget(ticket),
    data: { ticket_id: ticket.id, ticket_number: ticket.number },
  };
}

/** A ticket's tracked fields changed: its watchers hear which. */
export function ticketChangedWatched(actor: AuthUser, ticket: TicketRow, fields: string[]): WatchedChange {
  return {
    actorId: actor.id,
    subjects: [{ model: 'ticket', id: ticket.id }],
    verb: 'changed',
    description: `${fullName(actor)} changed ${ticketPhrase(ticket)} (${fields.join(', ')})`,
    target: ticketTarget(ticket),
    data: { ticket_id: ticket.id, ticket_number: ticket.number, fields },
  };
}
