import {
  canTransition,
  type Conversation,
  type ConversationChanges,
  type Ticket,
  type TicketChanges,
  type TicketListItem,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import { COMMON_ERRORS } from '../../platform/errors';
import { uuidv7 } from '../../db/ids';
import type { ReceivedFile } from '../../platform/multipart';
import { mentionedIds } from './mentions';
import type { AuthUser } from '../identity/index';
import type { NotificationDraft } from '../notifications/index';
import type { HelpdeskRepository, HistoryInsert } from './helpdesk.repository';
import { fullName, plainText, serializeConversation, serializeHistory, serializeTicket, serializeTicketListItem } from './helpdesk.serializers';
import { createTicketAccess } from './ticket-access';
import { createTicketAttachments } from './ticket-attachments';
import { createTicketFiles } from './ticket-files';
import { assignedDraft, createdDrafts, statusDraft, ticketPhrase, ticketTarget } from './ticket-notification-drafts';
import { HELPDESK_ERRORS } from './helpdesk.errors';
import type { ClientInfo, HelpdeskServiceDeps, TicketScope } from './helpdesk-service-deps';

export type { AttachmentParent, ClientInfo, HelpdeskServiceDeps, TicketScope } from './helpdesk-service-deps';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export function createHelpdeskService(deps: HelpdeskServiceDeps) {
  const { repository, notifications } = deps;
  const access = createTicketAccess(repository);
  const { ticketFor, conversationOnTicket, checkUsers, checkRequesterAudience, checkNoteAudience, ticketView } = access;
  const files = createTicketFiles(deps);
  const { removeFiles, writeWithFiles } = files;

  /** A ticket's update inside a transaction: status rule, history, notifications recorded (announced by the caller after commit). */
  async function applyTicketUpdate(repo: HelpdeskRepository, tx: DbOrTx, actor: AuthUser, id: string, changes: TicketChanges) {
    // Locked, so two concurrent status changes are checked one after the other.
    const beforeRow = await ticketFor({ kind: 'staff', user: actor }, id, repo, true);
    const before = await ticketView(id, repo);
    await checkUsers(repo, { requester: changes.requester, assignee: changes.assignee });
    if (changes.team && !(await repo.teamExists(changes.team))) throw COMMON_ERRORS.onField('team', 'INVALID_PK', changes.team);
    const site =
      changes.client !== undefined || changes.cost_centre !== undefined
        ? await repo.resolveSite(actor, { client: changes.client, cost_centre: changes.cost_centre }, before)
        : null;
    const from = before.ticketStatus as TicketStatus;
    const to = changes.ticket_status ?? from;
    if (!canTransition(from, to)) throw HELPDESK_ERRORS.onField('ticket_status', 'STATUS_TRANSITION', from, to);
    const ticket = await repo.updateTicket(id, {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.ticket_type !== undefined ? { ticketType: changes.ticket_type } : {}),
      ...(changes.ticket_content !== undefined ? { ticketContent: changes.ticket_content } : {}),
      ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
      ...(changes.requester !== undefined ? { requesterId: changes.requester } : {}),
      ...(changes.assignee !== undefined ? { assigneeId: changes.assignee } : {}),
      ...(site ? { clientId: site.clientId, costCentreId: site.costCentreId } : {}),
      ...(changes.team !== undefined ? { teamId: changes.team } : {}),
      ticketStatus: to,
      updatedById: actor.id,
      updatedAt: new Date(),
    });
    if (deps.flow) await deps.flow.ticketUpdated(tx, beforeRow, ticket);
    const after = await ticketView(id, repo);
    const drafts: NotificationDraft[] = [];
    const changedById = actor.id;
    const entries: HistoryInsert[] = [];
    if (to !== from) {
      entries.push({
        ticketId: id,
        field: 'ticket_status',
        fromStatus: from,
        toStatus: to,
        fromValue: from,
        toValue: to,
        changedById,
      });
      drafts.push(statusDraft(actor, ticket, from));
    }
    if (after.priority !== before.priority)
      entries.push({ ticketId: id, field: 'priority', fromValue: before.priority, toValue: after.priority, changedById });
    if (after.title !== before.title)
      entries.push({ ticketId: id, field: 'title', fromValue: before.title, toValue: after.title, changedById });
    if (after.assigneeId !== before.assigneeId) {
      entries.push({
        ticketId: id,
        field: 'assignee',
        fromValue: before.assignee?.full_name ?? null,
        toValue: after.assignee?.full_name ?? null,
        changedById,
      });
    }
    if (after.teamId !== before.teamId)
      entries.push({ ticketId: id, field: 'team', fromValue: before.team?.name ?? null, toValue: after.team?.name ?? null, changedById });
    if (after.clientId !== before.clientId)
      entries.push({ ticketId: id, field: 'client', fromValue: before.client?.name ?? null, toValue: after.client?.name ?? null, changedById });
    if (after.costCentreId !== before.costCentreId)
      entries.push({
        ticketId: id,
        field: 'cost_centre',
        fromValue: before.costCentre?.name ?? null,
        toValue: after.costCentre?.name ?? null,
        changedById,
      });
    await repo.insertHistory(entries);
    if (ticket.assigneeId && ticket.assigneeId !== before.assigneeId) drafts.push(assignedDraft(actor, ticket));
    const recorded = await notifications.record(tx, drafts);
    // The requester's open page shows assignee, team and the rest: changes not notified to them still reach it.
    if (entries.length && ticket.requesterId !== actor.id && !drafts.some((d) => d.recipientId === ticket.requesterId))
      recorded.events.push({ userId: ticket.requesterId, ticketId: id });
    return { before, after, recorded };
  }

  const metaData = (client: ClientInfo, source: string) => ({
    user_agent: client.userAgent,
    timezone: client.timezone,
    ip: client.ip,
    source,
  });

  return {
    ticketFor,

    /** The help-drawer form: a ticket of `type` raised by the caller with its files, all or nothing. */
    async createFromForm(
      actor: AuthUser,
      type: TicketType,
      form: { title: string; ticket_content: Record<string, unknown>; client?: string; cost_centre?: string },
      files: ReceivedFile[],
      client: ClientInfo,
      source = 'help-drawer',
    ) {
      const ticketId = uuidv7();
      // The site named on the form, else the one cost centre the user is allocated (if exactly one).
      const site =
        form.client || form.cost_centre
          ? await repository.resolveSite(actor, { client: form.client, cost_centre: form.cost_centre })
          : await repository.defaultSiteOf(actor.id);
      return writeWithFiles(
        { prefix: `helpdesk/tickets/${ticketId}`, list: files, uploadedById: actor.id, ticketId, conversationId: null },
        async (repo, tx, stored) => {
          const ticket = await repo.insertTicket({
            id: ticketId,
            title: form.title,
            ticketType: type,
            priority: 'MEDIUM',
            ticketStatus: 'OPEN',
            ticketContent: form.ticket_content,
            metaData: metaData(client, source),
            clientId: site?.clientId ?? null,
            costCentreId: site?.costCentreId ?? null,
            requesterId: actor.id,
            createdById: actor.id,
            updatedById: actor.id,
          });
          await repo.insertHistory([
            { ticketId, field: 'ticket_status', fromStatus: null, toStatus: 'OPEN', changedById: actor.id },
          ]);
          await repo.insertAttachments(stored);
          const routed = deps.flow ? await deps.flow.ticketCreated(tx, ticket) : { drafts: [], history: [] };
          await repo.insertHistory(routed.history);
          const recorded = await notifications.record(tx, [
            ...createdDrafts(actor, ticket, await repo.usersHolding('ticket', 'change')),
            ...routed.drafts,
          ]);
          return { result: { id: ticketId, number: ticket.number }, recorded };
        },
      );
    },

    async createByStaff(
      actor: AuthUser,
      input: {
        title: string;
        ticket_type: TicketType;
        ticket_content: Record<string, unknown>;
        priority: TicketPriority;
        requester?: string;
        assignee?: string | null;
        client?: string | null;
        cost_centre?: string | null;
      },
      client: ClientInfo,
    ): Promise<Ticket> {
      return writeWithFiles(null, async (repo, tx) => {
        await checkUsers(repo, { requester: input.requester, assignee: input.assignee });
        const site = await repo.resolveSite(actor, { client: input.client, cost_centre: input.cost_centre });
        const ticket = await repo.insertTicket({
          title: input.title,
          ticketType: input.ticket_type,
          priority: input.priority,
          ticketStatus: 'OPEN',
          ticketContent: input.ticket_content,
          metaData: metaData(client, 'staff'),
          clientId: site.clientId,
          costCentreId: site.costCentreId,
          requesterId: input.requester ?? actor.id,
          assigneeId: input.assignee ?? null,
          createdById: actor.id,
          updatedById: actor.id,
        });
        await repo.insertHistory([
          { ticketId: ticket.id, field: 'ticket_status', fromStatus: null, toStatus: 'OPEN', changedById: actor.id },
        ]);
        const drafts = createdDrafts(actor, ticket, await repo.usersHolding('ticket', 'change'));
        if (ticket.assigneeId) drafts.push(assignedDraft(actor, ticket));
        if (deps.flow) {
          const routed = await deps.flow.ticketCreated(tx, ticket);
          await repo.insertHistory(routed.history);
          drafts.push(...routed.drafts);
        }
        const recorded = await notifications.record(tx, drafts);
        return { result: serializeTicket(await ticketView(ticket.id, repo)), recorded };
      });
    },

    async getTicket(scope: TicketScope, id: string): Promise<Ticket> {
      await ticketFor(scope, id);
      return serializeTicket(await ticketView(id));
    },

    /**
     * Staff changes: the status moves only along the workflow and the requester is told; every
     * change of status, priority, assignee or title is recorded in the history with who and when.
     */
    async updateTicket(actor: AuthUser, id: string, changes: TicketChanges): Promise<Ticket> {
      return writeWithFiles(null, async (repo, tx) => {
        const { after, recorded } = await applyTicketUpdate(repo, tx, actor, id, changes);
        return { result: serializeTicket(after), recorded };
      });
    },

    applyTicketUpdate,

    /** A ticket goes with its messages, attachments and history; files are removed after commit. */
    async deleteTicket(id: string, actor?: AuthUser): Promise<void> {
      const keys = await deps.transaction(async (repo) => {
        await ticketFor({ kind: 'staff', user: actor }, id, repo, true);
        const found = await repo.storageKeysOfTicket(id);
        await repo.deleteTicket(id);
        return found;
      });
      await removeFiles(keys);
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

    /**
     * A message on a ticket from the caller. Without a recipient it goes to
     * the other side: the assignee when the requester writes, the requester
     * when staff write. Recipient and copy users are notified.
     */
    async createConversation(
      actor: AuthUser,
      scope: TicketScope,
      ticketId: string,
      input: { recipient?: string | null; copy: string[]; message: Record<string, unknown>; internal?: boolean },
    ): Promise<Conversation> {
      return writeWithFiles(null, async (repo, tx) => {
        const ticket = await ticketFor(scope, ticketId, repo);
        const copy = [...new Set(input.copy)];
        // Only staff write internal notes; the requester never receives one (spec platform §13.1).
        const internal = scope.kind === 'staff' && input.internal === true;
        await checkUsers(repo, { recipient: input.recipient, copy });
        if (scope.kind === 'own') await checkRequesterAudience(repo, ticket, { recipient: input.recipient, copy });
        if (internal) checkNoteAudience(ticket, { recipient: input.recipient, copy });
        const fallback = internal ? null : ticket.requesterId !== actor.id ? ticket.requesterId : ticket.assigneeId;
        const recipientId = input.recipient === undefined ? fallback : input.recipient;
        const conversation = await repo.insertConversation({
          ticketId,
          senderId: actor.id,
          recipientId: recipientId ?? null,
          message: input.message,
          internal,
          createdById: actor.id,
          updatedById: actor.id,
        });
        await repo.replaceCopies(conversation.id, copy);
        // The first staff reply starts no clock but stops the first-response one (internal notes do not count).
        if (deps.flow && scope.kind === 'staff' && actor.id !== ticket.requesterId && !internal) await deps.flow.staffReplied(tx, ticket);
        const preview = plainText(input.message);
        // Mentioned staff (staff side only; ids that are not active staff are ignored) are told once, as mentioned.
        const mentioned =
          scope.kind === 'staff'
            ? (await repo.staffAmong(mentionedIds(input.message))).filter(
                (id) => id !== actor.id && !(internal && id === ticket.requesterId),
              )
            : [];
        const mentionDrafts: NotificationDraft[] = mentioned.map((recipient) => ({
          recipientId: recipient,
          actorId: actor.id,
          verb: 'mentioned you',
          description: `${fullName(actor)} mentioned you ${internal ? 'in an internal note' : 'in a message'} on ${ticketPhrase(ticket)}`,
          target: ticketTarget(ticket),
          actionObject: { type: 'conversation', id: conversation.id, text: preview || '(no text)' },
          data: { ticket_id: ticket.id, ticket_number: ticket.number, conversation_id: conversation.id, preview, internal },
        }));
        const recorded = await notifications.record(tx, [
          ...mentionDrafts,
          ...[...new Set([conversation.recipientId, ...copy])]
            .filter((id): id is string => Boolean(id) && !mentioned.includes(id!))
            .filter((id) => !(internal && id === ticket.requesterId))
            .map((recipient) => ({
              recipientId: recipient,
              actorId: actor.id,
              verb: 'sent a message',
              description: `${fullName(actor)} sent a message on ${ticketPhrase(ticket)}`,
              target: ticketTarget(ticket),
              actionObject: { type: 'conversation', id: conversation.id, text: preview || '(no text)' },
              data: { ticket_id: ticket.id, ticket_number: ticket.number, conversation_id: conversation.id, preview },
            })),
        ]);
        const [view] = await repo.conversationViews([conversation.id]);
        return { result: serializeConversation(view!), recorded };
      });
    },

    async updateConversation(actor: AuthUser, ticketId: string, id: string, changes: ConversationChanges): Promise<Conversation> {
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
        const [view] = await repo.conversationViews([id]);
        return serializeConversation(view!);
      });
    },

    async deleteConversation(ticketId: string, id: string, actor?: AuthUser): Promise<void> {
      const keys = await deps.transaction(async (repo) => {
        await conversationOnTicket({ kind: 'staff', user: actor }, ticketId, id, repo);
        const found = await repo.storageKeysOfConversation(id);
        await repo.deleteConversation(id);
        return found;
      });
      await removeFiles(keys);
    },

    ...createTicketAttachments(deps, access, files),
  };
}

export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
