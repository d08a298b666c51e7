import type { FieldErrors } from '../../platform/errors';
import { invalidPk, notFound, ValidationError } from '../../platform/errors';
import type { HelpdeskRepository, TicketRow, TicketView } from './helpdesk.repository';
import type { AttachmentParent, TicketScope } from './helpdesk-service-deps';
import { HELPDESK_ERRORS } from './helpdesk.errors';
import { entityTag } from '../../platform/conditional';

/** The table a ticket's entity tag names (platform.md 14.6): `"helpdesk_ticket-<id>-<version>"`. */
export const TICKET_TAG_TABLE = 'helpdesk_ticket';

/** A ticket row's strong entity tag, from its version (raised by the row_version_bump trigger on every UPDATE). */
export const ticketTag = (row: Pick<TicketRow, 'id' | 'version'>): string => entityTag(TICKET_TAG_TABLE, row.id, row.version);


/**
 * Which ticket, conversation or attachment parent a scope reaches (others read as missing), and whom
 * a message may name.
 */
export function createTicketAccess(repository: HelpdeskRepository) {
  async function ticketFor(
    scope: TicketScope,
    id: string,
    repo: HelpdeskRepository = repository,
    lock = false,
  ): Promise<TicketRow> {
    const ticket = await repo.findTicket(id, { lock });
    // Another user's ticket is indistinguishable from a missing one.
    if (!ticket || (scope.kind === 'own' && ticket.requesterId !== scope.userId)) throw notFound();
    // Outside an Operation or Site user's allocation reads like missing too.
    if (scope.kind === 'staff' && scope.user && !(await repo.ticketInScope(scope.user, id))) throw notFound();
    return ticket;
  }

  async function conversationFor(scope: TicketScope, conversationId: string) {
    const conversation = await repository.findConversation(conversationId);
    // Internal notes do not exist on the my-tickets side.
    if (!conversation || (scope.kind === 'own' && conversation.internal)) throw notFound();
    const ticket = await ticketFor(scope, conversation.ticketId);
    return { conversation, ticket };
  }

  async function conversationOnTicket(scope: TicketScope, ticketId: string, id: string, repo: HelpdeskRepository = repository) {
    const ticket = await ticketFor(scope, ticketId, repo);
    const conversation = await repo.findConversation(id);
    if (!conversation || conversation.ticketId !== ticket.id || (scope.kind === 'own' && conversation.internal)) throw notFound();
    return { conversation, ticket };
  }

  /** The ticket an attachment parent belongs to, checked against the scope. */
  async function parentTicket(
    scope: TicketScope,
    parent: AttachmentParent,
  ): Promise<{ ticket: TicketRow; conversationId: string | null }> {
    if ('ticketId' in parent) return { ticket: await ticketFor(scope, parent.ticketId), conversationId: null };
    const { ticket, conversation } = await conversationFor(scope, parent.conversationId);
    return { ticket, conversationId: conversation.id };
  }

  /** 400 naming each user field whose id is not an active user. */
  async function checkUsers(
    repo: HelpdeskRepository,
    fields: Record<string, string | string[] | null | undefined>,
  ): Promise<void> {
    const ids = Object.values(fields).flatMap((value) => (value == null ? [] : Array.isArray(value) ? value : [value]));
    if (!ids.length) return;
    const known = await repo.activeUserIds([...new Set(ids)]);
    const errors: FieldErrors = {};
    for (const [field, value] of Object.entries(fields)) {
      if (value == null) continue;
      const missing = (Array.isArray(value) ? value : [value]).filter((id) => !known.has(id));
      if (missing.length) errors[field] = missing.map(invalidPk);
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  /**
   * A requester may only address the ticket's assignee and people already on its conversations
   * (spec platform §13.1), not notify any user of the system. Anyone else answers like an unknown id, so
   * the answer tells nothing about who exists.
   */
  async function checkRequesterAudience(repo: HelpdeskRepository, ticket: { id: string; assigneeId: string | null }, fields: { recipient?: string | null; copy: string[] }) {
    const named = [fields.recipient, ...fields.copy].filter((id): id is string => Boolean(id));
    if (!named.length) return;
    const allowed = await repo.conversationParticipantIds(ticket.id);
    if (ticket.assigneeId) allowed.add(ticket.assigneeId);
    const errors: FieldErrors = {};
    if (fields.recipient && !allowed.has(fields.recipient)) errors.recipient = [invalidPk(fields.recipient)];
    const strangers = fields.copy.filter((id) => !allowed.has(id));
    if (strangers.length) errors.copy = strangers.map(invalidPk);
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  /** An internal note is never addressed to the requester (400 naming the field). */
  function checkNoteAudience(ticket: { requesterId: string }, fields: { recipient?: string | null; copy: string[] }) {
    const errors: FieldErrors = {};
    const message = HELPDESK_ERRORS.message('NOTE_TO_REQUESTER');
    if (fields.recipient && fields.recipient === ticket.requesterId) errors.recipient = [message];
    if (fields.copy.includes(ticket.requesterId)) errors.copy = [message];
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  async function ticketView(id: string, repo: HelpdeskRepository = repository): Promise<TicketView> {
    const [view] = await repo.ticketViews([id]);
    if (!view) throw notFound();
    return view;
  }

  return { ticketFor, conversationFor, conversationOnTicket, parentTicket, checkUsers, checkRequesterAudience, checkNoteAudience, ticketView };
}

export type TicketAccess = ReturnType<typeof createTicketAccess>;
