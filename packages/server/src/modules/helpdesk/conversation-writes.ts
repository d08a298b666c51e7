import type { Conversation, ConversationChanges } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { AuthUser } from '../identity/index';
import type { HelpdeskRepository, TicketRow } from './helpdesk.repository';
import { serializeConversation } from './helpdesk.serializers';
import { mentionedIds } from './mentions';
import type { TicketAccess } from './ticket-access';
import type { AttachmentFiles } from '../../platform/attachment-files';
import { messageDrafts } from './ticket-notification-drafts';
import type { HelpdeskServiceDeps, TicketScope } from './helpdesk-service-deps';

export interface MessageInput {
  recipient?: string | null;
  copy: string[];
  message: Record<string, unknown>;
  internal?: boolean;
}

/** Messages and internal notes on a ticket: write, change, delete. */
export function createConversationWrites(deps: HelpdeskServiceDeps, access: TicketAccess, files: AttachmentFiles) {
  const { notifications, flow } = deps;
  const { ticketFor, conversationOnTicket, checkUsers, checkRequesterAudience, checkNoteAudience } = access;

  async function conversationView(repo: HelpdeskRepository, id: string): Promise<Conversation> {
    const [view] = await repo.conversationViews([id]);
    return serializeConversation(view!);
  }

  /** Mentioned staff (staff side only; ids that are not active staff are ignored), not the writer, and never the requester of a note. */
  async function mentionedStaff(repo: HelpdeskRepository, actor: AuthUser, ticket: TicketRow, input: MessageInput, internal: boolean) {
    const staff = await repo.staffAmong(mentionedIds(input.message));
    return staff.filter((id) => id !== actor.id && !(internal && id === ticket.requesterId));
  }

  /**
   * A message on a ticket from the caller. Without a recipient it goes to the other side: the
   * assignee when the requester writes, the requester when staff write (an internal note: nobody).
   * Recipient, copy and mentioned users are notified.
   */
  async function createConversation(actor: AuthUser, scope: TicketScope, ticketId: string, input: MessageInput): Promise<Conversation> {
    const { conversation, recorded } = await deps.transaction(async (repo, tx) => {
      const ticket = await ticketFor(scope, ticketId, repo);
      const copy = [...new Set(input.copy)];
      // Only staff write internal notes; the requester never receives one (spec platform §13.1).
      const internal = scope.kind === 'staff' && input.internal === true;
      await checkUsers(repo, { recipient: input.recipient, copy });
      if (scope.kind === 'own') await checkRequesterAudience(repo, ticket, { recipient: input.recipient, copy });
      if (internal) checkNoteAudience(ticket, { recipient: input.recipient, copy });
      const otherSide = internal ? null : ticket.requesterId !== actor.id ? ticket.requesterId : ticket.assigneeId;
      const row = await repo.insertConversation({
        ticketId,
        senderId: actor.id,
        recipientId: (input.recipient === undefined ? otherSide : input.recipient) ?? null,
        message: input.message,
        internal,
        createdById: actor.id,
        updatedById: actor.id,
      });
      await repo.replaceCopies(row.id, copy);
      // The first staff reply starts no clock but stops the first-response one (internal notes do not count).
      if (flow && scope.kind === 'staff' && actor.id !== ticket.requesterId && !internal) await flow.staffReplied(tx, ticket);
      const mentioned = scope.kind === 'staff' ? await mentionedStaff(repo, actor, ticket, input, internal) : [];
      const recorded = await notifications.record(tx, messageDrafts(actor, ticket, row, { copy, mentioned, internal }));
      return { conversation: await conversationView(repo, row.id), recorded };
    });
    notifications.afterCommit(recorded);
    return conversation;
  }

  async function updateConversation(actor: AuthUser, ticketId: string, id: string, changes: ConversationChanges): Promise<Conversation> {
    return deps.transaction(async (repo) => {
      const { conversation, ticket } = await conversationOnTicket({ kind: 'staff', user: actor }, ticketId, id, repo);
      const copy = changes.copy ? [...new Set(changes.copy)] : undefined;
      await checkUsers(repo, { recipient: changes.recipient, copy });
      if (conversation.internal) checkNoteAudience(ticket, { recipient: changes.recipient, copy: copy ?? [] });
      await repo.updateConversation(id, {
        ...(changes.message !== undefined ? { message: changes.message } : {}),
        ...(changes.recipient !== undefined ? { recipientId: changes.recipient } : {}),
        updatedById: actor.id,
        updatedAt: new Date(),
      });
      if (copy) await repo.replaceCopies(id, copy);
      return conversationView(repo, id);
    });
  }

  /** A message goes with its attachments; their files are removed after commit. */
  async function deleteConversation(ticketId: string, id: string, actor?: AuthUser): Promise<void> {
    const keys = await deps.transaction(async (repo) => {
      await conversationOnTicket({ kind: 'staff', user: actor }, ticketId, id, repo);
      const found = await repo.storageKeysOfConversation(id);
      await repo.deleteConversation(id);
      return found;
    });
    await files.remove(keys);
  }

  return { createConversation, updateConversation, deleteConversation };
}
