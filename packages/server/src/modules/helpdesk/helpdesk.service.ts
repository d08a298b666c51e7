import type { Readable } from 'node:stream';
import {
  canTransition,
  formatTicketNumber,
  type Attachment,
  type Conversation,
  type ConversationChanges,
  type Ticket,
  type TicketChanges,
  type TicketHistoryField,
  type TicketListItem,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from '@ops/contract/helpdesk/helpdesk.schemas';
import type { NotificationLevel } from '@ops/contract/notifications/notifications.schemas';
import type { DbOrTx } from '../../platform/db';
import { notFound, permissionDenied, ValidationError, type FieldErrors } from '../../platform/errors';
import { CONTENT_TYPES, EXTENSIONS, type DetectedType } from '../../platform/file-types';
import { uuidv7 } from '../../db/ids';
import type { ReceivedFile } from '../../platform/multipart';
import { mentionedIds } from './mentions';
import type { FileStorage } from '../../platform/storage';
import type { AuthUser } from '../identity/identity.repository';
import type { NotificationDraft, NotificationWriter, RecordedNotifications } from '../notifications/notifications.service';
import type {
  AttachmentRow,
  AttachmentView,
  ConversationView,
  HelpdeskRepository,
  HistoryInsert,
  HistoryView,
  TicketRow,
  TicketView,
} from './helpdesk.repository';
import type { TicketFlowHooks } from '../helpdesk-flow/flow.service';

/**
 * Whose tickets a call may touch: the caller's own (my-tickets) or any (staff, permission checked by
 * the route); a staff `user` who is an Operation or Site user reaches only their allocation's tickets.
 */
export type TicketScope = { kind: 'own'; userId: string } | { kind: 'staff'; user?: AuthUser };
export type AttachmentParent = { ticketId: string } | { conversationId: string };

/** What the submitting client told us about itself; stored in meta_data. */
export interface ClientInfo {
  userAgent: string | null;
  timezone: string | null;
  ip: string | null;
}

export interface HelpdeskServiceDeps {
  repository: HelpdeskRepository;
  /** Runs `work` in one transaction with a repository bound to it; `tx` is for other modules' writers. */
  transaction: <T>(work: (repository: HelpdeskRepository, tx: DbOrTx) => Promise<T>) => Promise<T>;
  storage: FileStorage;
  notifications: NotificationWriter;
  log: { warn(obj: unknown, msg: string): void };
  /** Teams, routing and SLA (modules/helpdesk-flow): called inside the ticket's transaction. */
  flow?: TicketFlowHooks;
}

const TYPE_PHRASES: Record<TicketType, string> = {
  FEEDBACK: 'feedback',
  ISSUE: 'an issue',
  SERVICE_REQUEST: 'a service request',
  INCIDENT: 'an incident',
  PROBLEM: 'a problem',
  ALERTS: 'an alert',
};

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The text runs of a rich-text JSON document (TipTap/ProseMirror), joined, for previews and mail. */
export function plainText(document: unknown, max = 200): string {
  const parts: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 50 || parts.join(' ').length > max || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => walk(child, depth + 1));
    const record = node as Record<string, unknown>;
    if (typeof record.text === 'string') parts.push(record.text);
    for (const [key, value] of Object.entries(record)) if (key !== 'text' && typeof value === 'object') walk(value, depth + 1);
  };
  walk(document, 0);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function serializeTicketListItem(view: TicketView): TicketListItem {
  return {
    id: view.id,
    number: view.number,
    title: view.title,
    ticket_type: view.ticketType as TicketType,
    priority: view.priority as TicketPriority,
    ticket_status: view.ticketStatus as TicketStatus,
    requester: view.requester,
    assignee: view.assignee,
    created_by: view.createdBy,
    updated_by: view.updatedBy,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
    client: view.client,
    cost_centre: view.costCentre,
    team: view.team,
    first_response_due_at: view.firstResponseDueAt?.toISOString() ?? null,
    first_responded_at: view.firstRespondedAt?.toISOString() ?? null,
    due_at: view.dueAt?.toISOString() ?? null,
    sla_status: view.slaStatus as TicketListItem['sla_status'],
  };
}

export function serializeTicket(view: TicketView): Ticket {
  return {
    ...serializeTicketListItem(view),
    ticket_content: view.ticketContent as Record<string, unknown>,
    meta_data: view.metaData as Ticket['meta_data'],
  };
}

export function serializeConversation(view: ConversationView): Conversation {
  return {
    id: view.id,
    ticket: view.ticketId,
    sender: view.sender,
    recipient: view.recipient,
    copy: view.copy,
    message: view.message as Record<string, unknown>,
    internal: view.internal,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
    created_by: view.createdBy,
    updated_by: view.updatedBy,
  };
}

export function serializeAttachment(view: AttachmentView, downloadUrl: string): Attachment {
  return {
    id: view.id,
    attachment: downloadUrl,
    file_name: view.fileName,
    content_type: CONTENT_TYPES[view.fileType as DetectedType],
    size: view.size,
    uploaded_by: view.uploadedBy,
    uploaded_at: view.uploadedAt.toISOString(),
  };
}

export function serializeHistory(view: HistoryView) {
  return {
    id: view.id,
    ticket: view.ticketId,
    field: view.field as TicketHistoryField,
    from_status: view.fromStatus as TicketStatus | null,
    to_status: view.toStatus as TicketStatus | null,
    from_value: view.fromValue,
    to_value: view.toValue,
    reason: view.reason,
    changed_by: view.changedBy,
    changed_at: view.changedAt.toISOString(),
  };
}

const invalidPk = (id: string) => `Invalid pk "${id}" - object does not exist.`;

export function createHelpdeskService(deps: HelpdeskServiceDeps) {
  const { repository, storage, notifications } = deps;

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
   * (DESIGN 13.1), not notify any user of the system. Anyone else answers like an unknown id, so
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
    const message = 'An internal note cannot be sent to the requester.';
    if (fields.recipient && fields.recipient === ticket.requesterId) errors.recipient = [message];
    if (fields.copy.includes(ticket.requesterId)) errors.copy = [message];
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  async function ticketView(id: string, repo: HelpdeskRepository = repository): Promise<TicketView> {
    const [view] = await repo.ticketViews([id]);
    if (!view) throw notFound();
    return view;
  }

  /** Moves received files into storage; the caller removes them again if its transaction fails. */
  async function storeFiles(
    prefix: string,
    files: ReceivedFile[],
    uploadedById: string,
    ticketId: string,
    conversationId: string | null,
  ) {
    const stored: (AttachmentRow & { storageKey: string })[] = [];
    try {
      for (const file of files) {
        const id = uuidv7();
        const storageKey = `${prefix}/${id}.${EXTENSIONS[file.type]}`;
        await storage.putFile(storageKey, file.tempPath, CONTENT_TYPES[file.type]);
        stored.push({
          id,
          ticketId,
          conversationId,
          storageKey,
          fileName: file.filename.slice(-255),
          fileType: file.type,
          size: file.size,
          uploadedById,
          uploadedAt: new Date(),
        });
      }
    } catch (error) {
      await removeFiles(stored.map((s) => s.storageKey));
      throw error;
    }
    return stored;
  }

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((error) => deps.log.warn({ err: error, key }, 'removing a stored file failed'));
    }
  }

  /** Runs a write with its files: files stored first, removed again if the transaction fails; notifications announced after commit. */
  async function writeWithFiles<T>(
    files: { prefix: string; list: ReceivedFile[]; uploadedById: string; ticketId: string; conversationId: string | null } | null,
    work: (
      repo: HelpdeskRepository,
      tx: DbOrTx,
      stored: AttachmentRow[],
    ) => Promise<{ result: T; recorded: RecordedNotifications }>,
  ): Promise<T> {
    const stored = files
      ? await storeFiles(files.prefix, files.list, files.uploadedById, files.ticketId, files.conversationId)
      : [];
    let outcome: { result: T; recorded: RecordedNotifications };
    try {
      outcome = await deps.transaction((repo, tx) => work(repo, tx, stored));
    } catch (error) {
      await removeFiles(stored.map((s) => s.storageKey));
      throw error;
    }
    notifications.afterCommit(outcome.recorded);
    return outcome.result;
  }

  /** A ticket's update inside a transaction: status rule, history, notifications recorded (announced by the caller after commit). */
  async function applyTicketUpdate(repo: HelpdeskRepository, tx: DbOrTx, actor: AuthUser, id: string, changes: TicketChanges) {
    // Locked, so two concurrent status changes are checked one after the other.
    const beforeRow = await ticketFor({ kind: 'staff', user: actor }, id, repo, true);
    const before = await ticketView(id, repo);
    await checkUsers(repo, { requester: changes.requester, assignee: changes.assignee });
    if (changes.team && !(await repo.teamExists(changes.team))) throw ValidationError.field('team', invalidPk(changes.team));
    const site =
      changes.client !== undefined || changes.cost_centre !== undefined
        ? await repo.resolveSite(actor, { client: changes.client, cost_centre: changes.cost_centre }, before)
        : null;
    const from = before.ticketStatus as TicketStatus;
    const to = changes.ticket_status ?? from;
    if (!canTransition(from, to)) throw ValidationError.field('ticket_status', `Cannot change status from ${from} to ${to}.`);
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
    return { before, after, recorded };
  }

  const ticketTarget = (ticket: { id: string; title: string }) => ({ type: 'ticket', id: ticket.id, text: ticket.title });
  /** How a sentence names a ticket: `#1042 "Oven door stuck"` (mail subjects are these sentences). */
  const ticketPhrase = (ticket: { number: number; title: string }) => `${formatTicketNumber(ticket)} "${ticket.title}"`;

  function createdDrafts(actor: AuthUser, ticket: TicketRow, staff: string[]): NotificationDraft[] {
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

  function assignedDraft(actor: AuthUser, ticket: TicketRow): NotificationDraft {
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

  function statusDraft(actor: AuthUser, ticket: TicketRow, from: string): NotificationDraft {
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
          const routed = deps.flow ? await deps.flow.ticketCreated(tx, ticket) : { drafts: [] };
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
        if (deps.flow) drafts.push(...(await deps.flow.ticketCreated(tx, ticket)).drafts);
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
      return (await repository.ticketViews(ids)).map(serializeTicketListItem);
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
        // Only staff write internal notes; the requester never receives one (DESIGN 13.1).
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

    /** Access check for a parent's attachment list. */
    async checkAttachmentParent(scope: TicketScope, parent: AttachmentParent): Promise<void> {
      await parentTicket(scope, parent);
    },

    async uploadAttachment(
      actor: AuthUser,
      scope: TicketScope,
      parent: AttachmentParent,
      file: ReceivedFile,
    ): Promise<AttachmentView> {
      const { ticket, conversationId } = await parentTicket(scope, parent);
      const prefix = conversationId
        ? `helpdesk/tickets/${ticket.id}/conversations/${conversationId}`
        : `helpdesk/tickets/${ticket.id}`;
      return writeWithFiles(
        { prefix, list: [file], uploadedById: actor.id, ticketId: ticket.id, conversationId },
        async (repo, _tx, stored) => {
          await repo.insertAttachments(stored);
          const [view] = await repo.attachmentViews([stored[0]!.id]);
          return { result: view!, recorded: { events: [], emails: 0 } };
        },
      );
    },

    async getAttachment(scope: TicketScope, parent: AttachmentParent, id: string): Promise<AttachmentView> {
      await parentTicket(scope, parent);
      const row = await repository.findAttachment(id, parent);
      if (!row) throw notFound();
      const [view] = await repository.attachmentViews([row.id]);
      return view!;
    },

    /** Requesters delete only files they uploaded themselves; staff (with delete permission) any. */
    async deleteAttachment(actor: AuthUser, scope: TicketScope, parent: AttachmentParent, id: string): Promise<void> {
      await parentTicket(scope, parent);
      const row = await repository.findAttachment(id, parent);
      if (!row) throw notFound();
      if (scope.kind === 'own' && row.uploadedById !== actor.id)
        throw permissionDenied('You can only delete attachments you uploaded.');
      await repository.deleteAttachment(id);
      await removeFiles([row.storageKey]);
    },

    async openAttachment(
      scope: TicketScope,
      parent: AttachmentParent,
      id: string,
    ): Promise<{ row: AttachmentRow; stream: Readable; size: number }> {
      await parentTicket(scope, parent);
      const row = await repository.findAttachment(id, parent);
      if (!row) throw notFound();
      try {
        const { stream, size } = await storage.read(row.storageKey);
        return { row, stream, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('The file of this attachment is missing.');
        throw error;
      }
    },
  };
}

export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
