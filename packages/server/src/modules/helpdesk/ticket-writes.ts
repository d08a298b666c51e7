import { canTransition, type Ticket, type TicketChanges, type TicketPriority, type TicketStatus, type TicketType } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import { COMMON_ERRORS, notFound } from '../../platform/errors';
import { checkIfMatch, type Conditional } from '../../platform/conditional';
import { uuidv7 } from '../../db/ids';
import type { ReceivedFile } from '../../platform/multipart';
import type { AuthUser } from '../identity/index';
import type { NotificationDraft, RecordedNotifications } from '../notifications/index';
import type { HelpdeskRepository, TicketInsert, TicketRow } from './helpdesk.repository';
import { serializeTicket } from './helpdesk.serializers';
import { TICKET_TAG_TABLE, ticketTag, type TicketAccess } from './ticket-access';
import type { AttachmentFiles } from '../../platform/attachment-files';
import { historyOf, openedEntry } from './ticket-history';
import { assignedDraft, createdDrafts, newTicketWatched, statusDraft, ticketChangedWatched } from './ticket-notification-drafts';
import { HELPDESK_ERRORS } from './helpdesk.errors';
import type { ClientInfo, HelpdeskServiceDeps } from './helpdesk-service-deps';

/** The help-drawer form's fields (the contract's ticketCreateFormSchema, or an e-mail turned into one). */
export interface TicketForm {
  title: string;
  ticket_content: Record<string, unknown>;
  client?: string;
  cost_centre?: string;
}

/** A ticket another module raises (raiseWithin): at a cost centre, its content a rich-text document. */
export interface RaisedTicketInput {
  title: string;
  type: TicketType;
  priority: TicketPriority;
  content: Record<string, unknown>;
  costCentreId: string;
  /** What raised it, kept in the ticket's meta data (`sitecheck`). */
  source: string;
}

/** A staff member's new ticket (the contract's ticketInputSchema). */
export interface StaffTicketInput {
  title: string;
  ticket_type: TicketType;
  ticket_content: Record<string, unknown>;
  priority: TicketPriority;
  requester?: string;
  assignee?: string | null;
  client?: string | null;
  cost_centre?: string | null;
}

const metaData = (client: ClientInfo, source: string) => ({ user_agent: client.userAgent, timezone: client.timezone, ip: client.ip, source });

/** The ticket columns a change sets directly (status and site have their own rules). */
function columnsOf(changes: TicketChanges): Partial<TicketInsert> {
  return {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.ticket_type !== undefined ? { ticketType: changes.ticket_type } : {}),
    ...(changes.ticket_content !== undefined ? { ticketContent: changes.ticket_content } : {}),
    ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
    ...(changes.requester !== undefined ? { requesterId: changes.requester } : {}),
    ...(changes.assignee !== undefined ? { assigneeId: changes.assignee } : {}),
    ...(changes.team !== undefined ? { teamId: changes.team } : {}),
  };
}

/** Raising, changing and deleting tickets: each write one transaction, notifications announced after commit. */
export function createTicketWrites(deps: HelpdeskServiceDeps, access: TicketAccess, files: AttachmentFiles) {
  const { repository, notifications, flow } = deps;
  const { ticketFor, checkUsers, ticketView } = access;

  /**
   * A new ticket's row, its opening history, routing by the flow (team, assignee, SLA) and the
   * notifications of staff who handle tickets and of the assignee, recorded in `tx`.
   */
  async function openTicket(repo: HelpdeskRepository, tx: DbOrTx, actor: AuthUser, values: TicketInsert) {
    const ticket = await repo.insertTicket(values);
    await repo.insertHistory([openedEntry(ticket.id, actor.id)]);
    const drafts = createdDrafts(actor, ticket, await repo.usersHolding('ticket', 'change'));
    if (ticket.assigneeId) drafts.push(assignedDraft(actor, ticket));
    if (flow) {
      const routed = await flow.ticketCreated(tx, ticket);
      await repo.insertHistory(routed.history);
      drafts.push(...routed.drafts);
    }
    await deps.events?.created(tx, ticket.id);
    return { ticket, recorded: await notifications.record(tx, drafts, newTicketWatched(actor, ticket)) };
  }

  /** The help-drawer form: a ticket of `type` raised by the caller with its files, all or nothing. */
  async function createFromForm(actor: AuthUser, type: TicketType, form: TicketForm, received: ReceivedFile[], client: ClientInfo, source = 'help-drawer') {
    const id = uuidv7();
    // The site named on the form, else the one cost centre the user is allocated (if exactly one).
    const site =
      form.client || form.cost_centre
        ? await repository.resolveSite(actor, { client: form.client, cost_centre: form.cost_centre })
        : await repository.defaultSiteOf(actor.id);
    const staged = await files.stage(`helpdesk/tickets/${id}`, received, { ticketId: id, conversationId: null, uploadedById: actor.id });
    const { ticket, recorded } = await staged.keptIf(
      deps.transaction(async (repo, tx) => {
        const opened = await openTicket(repo, tx, actor, {
          id,
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
        await repo.insertAttachments(staged.rows);
        return opened;
      }),
    );
    notifications.afterCommit(recorded);
    return { id: ticket.id, number: ticket.number };
  }

  /**
   * A ticket another module raises inside its own transaction `tx` (a failed site check, spec
   * platform §14.1): opened, routed and notified like any new ticket, `actor` its requester. The
   * caller calls `afterCommit()` once its transaction committed.
   */
  async function raiseWithin(tx: DbOrTx, actor: AuthUser, input: RaisedTicketInput): Promise<{ id: string; afterCommit: () => void }> {
    if (!deps.repositoryFor) throw new Error('this help desk service was built without repositoryFor');
    const repo = deps.repositoryFor(tx);
    const site = await repo.costCentreWithin(input.costCentreId, undefined);
    const { ticket, recorded } = await openTicket(repo, tx, actor, {
      title: input.title,
      ticketType: input.type,
      priority: input.priority,
      ticketStatus: 'OPEN',
      ticketContent: input.content,
      metaData: { user_agent: null, timezone: null, ip: null, source: input.source },
      clientId: site?.clientId ?? null,
      costCentreId: site?.id ?? null,
      requesterId: actor.id,
      createdById: actor.id,
      updatedById: actor.id,
    });
    return { id: ticket.id, afterCommit: () => notifications.afterCommit(recorded) };
  }

  async function createByStaff(actor: AuthUser, input: StaffTicketInput, client: ClientInfo): Promise<Ticket> {
    const { view, recorded } = await deps.transaction(async (repo, tx) => {
      await checkUsers(repo, { requester: input.requester, assignee: input.assignee });
      const site = await repo.resolveSite(actor, { client: input.client, cost_centre: input.cost_centre });
      const { ticket, recorded } = await openTicket(repo, tx, actor, {
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
      return { view: await ticketView(ticket.id, repo), recorded };
    });
    notifications.afterCommit(recorded);
    return serializeTicket(view);
  }

  /** The status a change moves to, along the workflow only (400 naming ticket_status otherwise). */
  function nextStatus(ticket: TicketRow, changes: TicketChanges): TicketStatus {
    const from = ticket.ticketStatus as TicketStatus;
    const to = changes.ticket_status ?? from;
    if (!canTransition(from, to)) throw HELPDESK_ERRORS.onField('ticket_status', 'STATUS_TRANSITION', from, to);
    return to;
  }

  /**
   * A ticket's change inside `tx` (staff PATCH/PUT and bulk change alike): checks, the row, the SLA
   * clock, one history entry per changed tracked field (ticket-history.ts) and the notifications,
   * recorded for the caller to announce after commit. With `condition` (If-Match), a locked row at
   * another version throws StaleRecord before anything is written.
   */
  async function applyTicketUpdate(
    repo: HelpdeskRepository,
    tx: DbOrTx,
    actor: AuthUser,
    id: string,
    changes: TicketChanges,
    condition?: Conditional,
  ) {
    // Locked, so two concurrent status changes are checked one after the other (and If-Match against the row as it stays).
    const locked = await ticketFor({ kind: 'staff', user: actor }, id, repo, true);
    checkIfMatch(condition, TICKET_TAG_TABLE, locked);
    const before = await ticketView(id, repo);
    await checkUsers(repo, { requester: changes.requester, assignee: changes.assignee });
    if (changes.team && !(await repo.teamExists(changes.team))) throw COMMON_ERRORS.onField('team', 'INVALID_PK', changes.team);
    const site =
      changes.client !== undefined || changes.cost_centre !== undefined
        ? await repo.resolveSite(actor, { client: changes.client, cost_centre: changes.cost_centre }, before)
        : null;
    const ticket = await repo.updateTicket(id, {
      ...columnsOf(changes),
      ...(site ? { clientId: site.clientId, costCentreId: site.costCentreId } : {}),
      ticketStatus: nextStatus(locked, changes),
      updatedById: actor.id,
      updatedAt: new Date(),
    });
    if (flow) await flow.ticketUpdated(tx, locked, ticket);
    const after = await ticketView(id, repo);
    const entries = historyOf(before, after, actor.id);
    await repo.insertHistory(entries);
    if (entries.length) await deps.events?.updated(tx, id, [...new Set(entries.flatMap((e) => (e.field ? [e.field] : [])))]);
    const drafts: NotificationDraft[] = [];
    if (ticket.ticketStatus !== before.ticketStatus) drafts.push(statusDraft(actor, ticket, before.ticketStatus));
    if (ticket.assigneeId && ticket.assigneeId !== before.assigneeId) drafts.push(assignedDraft(actor, ticket));
    const watched = entries.length ? ticketChangedWatched(actor, ticket, entries.flatMap((e) => (e.field ? [e.field] : []))) : undefined;
    const recorded = await notifications.record(tx, drafts, watched);
    // The requester's open page shows assignee, team and the rest: changes not notified to them still reach it.
    if (entries.length && ticket.requesterId !== actor.id && !drafts.some((d) => d.recipientId === ticket.requesterId))
      recorded.events.push({ userId: ticket.requesterId, ticketId: id });
    return { before, after, recorded };
  }

  /**
   * Staff changes: the status moves only along the workflow and the requester is told; every
   * change of a tracked field is recorded in the history with who and when.
   */
  async function updateTicket(actor: AuthUser, id: string, changes: TicketChanges, condition?: Conditional): Promise<Ticket> {
    const { after, recorded, tag } = await deps.transaction(async (repo, tx) => {
      const applied = await applyTicketUpdate(repo, tx, actor, id, changes, condition);
      // The flow's hooks may write the row again: the tag answered is the row's as the transaction leaves it.
      return { ...applied, tag: ticketTag((await repo.findTicket(id))!) };
    });
    notifications.afterCommit(recorded);
    condition?.setTag(tag);
    return serializeTicket(after);
  }

  /**
   * A change another module makes inside its own transaction `tx` (an automation's `set_fields` and
   * `assign`, many tickets in one transaction): the same checks, history, SLA clock, events and
   * notifications as a staff change by `actor`. The caller calls `afterCommit()` once `tx` committed.
   */
  async function updateWithin(tx: DbOrTx, actor: AuthUser, id: string, changes: TicketChanges): Promise<{ afterCommit: () => void }> {
    if (!deps.repositoryFor) throw new Error('this help desk service was built without repositoryFor');
    const { recorded } = await applyTicketUpdate(deps.repositoryFor(tx), tx, actor, id, changes);
    return { afterCommit: () => notifications.afterCommit(recorded) };
  }

  /**
   * The same change by `actor` to a group of tickets inside `tx` (an automation's `set_fields` or
   * `assign` on a batch): per ticket exactly what `applyTicketUpdate` does (checks, row, SLA clock,
   * history, events, notifications, watchers, the version bump), in a fixed number of statements
   * for the group: the tickets locked in id order, read, updated, their history, events and
   * notifications written one statement each, the SLA policy matched once per distinct facts. Any
   * ticket refused (missing, out of scope, a status it cannot move to) refuses the group. A change
   * of site resolves each ticket's site against its own: those go one ticket at a time.
   */
  async function applyTicketUpdates(repo: HelpdeskRepository, tx: DbOrTx, actor: AuthUser, ids: string[], changes: TicketChanges): Promise<RecordedNotifications> {
    const unique = [...new Set(ids)].sort();
    if (changes.client !== undefined || changes.cost_centre !== undefined || unique.length < 2) {
      const recorded: RecordedNotifications = { events: [], emails: 0, pushes: 0 };
      for (const id of unique) {
        const one = (await applyTicketUpdate(repo, tx, actor, id, changes)).recorded;
        recorded.events.push(...one.events);
        recorded.emails += one.emails;
        recorded.pushes! += one.pushes ?? 0;
      }
      return recorded;
    }
    // Locked in id order, so two groups (or a group and a single update) never wait on each other in a cycle.
    const locked = await repo.findTickets(unique, { lock: true });
    const inScope = await repo.ticketsInScope(actor, unique);
    if (locked.length !== unique.length || locked.some((row) => !inScope.has(row.id))) throw notFound();
    const beforeOf = new Map((await repo.ticketViews(unique)).map((view) => [view.id, view]));
    await checkUsers(repo, { requester: changes.requester, assignee: changes.assignee });
    if (changes.team && !(await repo.teamExists(changes.team))) throw COMMON_ERRORS.onField('team', 'INVALID_PK', changes.team);
    // Every ticket moves along the workflow, or none does.
    for (const row of locked) nextStatus(row, changes);
    const updated = await repo.updateTickets(unique, {
      ...columnsOf(changes),
      ...(changes.ticket_status !== undefined ? { ticketStatus: changes.ticket_status } : {}),
      updatedById: actor.id,
      updatedAt: new Date(),
    });
    const updatedOf = new Map(updated.map((row) => [row.id, row]));
    if (flow) await flow.ticketsUpdated(tx, locked.map((before) => ({ before, after: updatedOf.get(before.id)! })));
    const afterOf = new Map((await repo.ticketViews(unique)).map((view) => [view.id, view]));
    const changed = unique.map((id) => {
      const before = beforeOf.get(id)!;
      const entries = historyOf(before, afterOf.get(id)!, actor.id);
      return { id, before, ticket: updatedOf.get(id)!, entries, fields: entries.flatMap((e) => (e.field ? [e.field] : [])) };
    });
    await repo.insertHistory(changed.flatMap((c) => c.entries));
    const events = changed.filter((c) => c.entries.length).map((c) => ({ ticketId: c.id, fields: [...new Set(c.fields)] }));
    if (deps.events?.updatedMany) await deps.events.updatedMany(tx, events);
    else for (const event of events) await deps.events?.updated(tx, event.ticketId, event.fields);
    const items = changed.map(({ before, ticket, entries, fields }) => {
      const drafts: NotificationDraft[] = [];
      if (ticket.ticketStatus !== before.ticketStatus) drafts.push(statusDraft(actor, ticket, before.ticketStatus));
      if (ticket.assigneeId && ticket.assigneeId !== before.assigneeId) drafts.push(assignedDraft(actor, ticket));
      return { drafts, ...(entries.length ? { watched: ticketChangedWatched(actor, ticket, fields) } : {}) };
    });
    const recorded = await notifications.recordMany(tx, items);
    // The requester's open page shows assignee, team and the rest: changes not notified to them still reach it.
    changed.forEach(({ id, ticket, entries }, i) => {
      if (entries.length && ticket.requesterId !== actor.id && !items[i]!.drafts.some((d) => d.recipientId === ticket.requesterId))
        recorded.events.push({ userId: ticket.requesterId, ticketId: id });
    });
    return recorded;
  }

  /**
   * `updateWithin` for a group of tickets receiving the same change by the same actor (an
   * automation's grouped `set_fields` and `assign`): applyTicketUpdates, one `afterCommit` for all.
   */
  async function updateManyWithin(tx: DbOrTx, actor: AuthUser, ids: string[], changes: TicketChanges): Promise<{ afterCommit: () => void }> {
    if (!deps.repositoryFor) throw new Error('this help desk service was built without repositoryFor');
    const recorded = await applyTicketUpdates(deps.repositoryFor(tx), tx, actor, ids, changes);
    return { afterCommit: () => notifications.afterCommit(recorded) };
  }

  /** A ticket goes with its messages, attachments and history; files are removed after commit. */
  async function deleteTicket(id: string, actor?: AuthUser, condition?: Conditional): Promise<void> {
    const keys = await deps.transaction(async (repo) => {
      checkIfMatch(condition, TICKET_TAG_TABLE, await ticketFor({ kind: 'staff', user: actor }, id, repo, true));
      const found = await repo.storageKeysOfTicket(id);
      await repo.deleteTicket(id);
      return found;
    });
    await files.remove(keys);
  }

  return { createFromForm, createByStaff, raiseWithin, applyTicketUpdate, updateTicket, updateWithin, updateManyWithin, deleteTicket };
}
