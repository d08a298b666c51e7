import type { Conversation, Ticket, TicketListItem } from '@ops/contract/helpdesk/helpdesk.schemas';
import { serializeConversation, serializeHistory, serializeTicket, serializeTicketListItem } from './helpdesk.serializers';
import type { Conditional } from '../../platform/conditional';
import { createTicketAccess, ticketTag } from './ticket-access';
import { createTicketAttachments } from './ticket-attachments';
import { createAttachmentFiles } from '../../platform/attachment-files';
import { createTicketWrites } from './ticket-writes';
import { createConversationWrites } from './conversation-writes';
import type { HelpdeskServiceDeps, TicketScope } from './helpdesk-service-deps';

export type { AttachmentParent, ClientInfo, HelpdeskServiceDeps, TicketScope } from './helpdesk-service-deps';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/**
 * The help desk: tickets (ticket-writes.ts), their messages (conversation-writes.ts) and attachments
 * (ticket-attachments.ts), each write one transaction checked against the caller's scope
 * (ticket-access.ts), and the reads the lists and details answer with.
 */
export function createHelpdeskService(deps: HelpdeskServiceDeps) {
  const { repository } = deps;
  const access = createTicketAccess(repository);
  const { ticketFor, conversationOnTicket, ticketView } = access;
  const files = createAttachmentFiles(deps);

  return {
    ticketFor,
    ...createTicketWrites(deps, access, files),
    ...createConversationWrites(deps, access, files),
    ...createTicketAttachments(deps, access, files),

    /** With `tag`, the answer's ETag (platform.md 14.6): the version is read before the view, so a racing write only makes it older. */
    async getTicket(scope: TicketScope, id: string, tag?: Conditional): Promise<Ticket> {
      const row = await ticketFor(scope, id);
      tag?.setTag(ticketTag(row));
      return serializeTicket(await ticketView(id));
    },

    async ticketListItems(ids: string[]): Promise<TicketListItem[]> {
      return (await repository.ticketListViews(ids)).map(serializeTicketListItem);
    },

    async historyEntries(ids: string[]) {
      return (await repository.historyViews(ids)).map(serializeHistory);
    },

    async conversationsByIds(ids: string[]): Promise<Conversation[]> {
      return (await repository.conversationViews(ids)).map(serializeConversation);
    },

    attachmentViews: (ids: string[]) => repository.attachmentViews(ids),

    publicUsers: (ids: string[]) => repository.publicUsers(ids),

    async getConversation(scope: TicketScope, ticketId: string, id: string): Promise<Conversation> {
      await conversationOnTicket(scope, ticketId, id);
      const [view] = await repository.conversationViews([id]);
      return serializeConversation(view!);
    },
  };
}

export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
