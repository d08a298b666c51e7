import type { PgSelect } from 'drizzle-orm/pg-core';
import { aliasedTable, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { together, type DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { statementName } from '../../platform/named-statements';
import { attachments, conversationCopies, conversations, ticketHistory, tickets } from '../../db/schema/helpdesk';
import { users } from '../identity/index';
import { clients, costCentres } from '../records/index';
import { helpdeskTeams } from '../helpdesk-flow/index';

// The help desk's reads: tickets, messages, attachments and history with their people, sites and
// team joined, for the detail and list answers (helpdesk.repository.ts composes them with the writes).

export type TicketRow = typeof tickets.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;

export interface UserWithEmail {
  id: string;
  full_name: string;
  email: string;
}
export interface UserRef {
  id: string;
  full_name: string;
}

const requester = aliasedTable(users, 'requester');
const assignee = aliasedTable(users, 'assignee');
const createdBy = aliasedTable(users, 'created_by');
const updatedBy = aliasedTable(users, 'updated_by');
const sender = aliasedTable(users, 'sender');
const recipient = aliasedTable(users, 'recipient');

const nameOf = (t: typeof users) => sql<string | null>`btrim(${t.firstName} || ' ' || ${t.lastName})`;

/**
 * A joined user as flat columns `<prefix>_id`, `<prefix>_name`, `<prefix>_email`
 * (drizzle types nested selections over left joins poorly).
 */
function userColumns<P extends string>(t: typeof users, prefix: P) {
  return {
    [`${prefix}_id`]: sql<string | null>`${t.id}`,
    [`${prefix}_name`]: nameOf(t),
    [`${prefix}_email`]: sql<string | null>`${t.email}`,
  } as Record<`${P}_id` | `${P}_name` | `${P}_email`, ReturnType<typeof nameOf>>;
}

type Flat = Record<string, unknown>;
function userWithEmailFrom(row: Flat, prefix: string): UserWithEmail | null {
  const id = row[`${prefix}_id`] as string | null;
  return id ? { id, full_name: String(row[`${prefix}_name`] ?? ''), email: String(row[`${prefix}_email`] ?? '') } : null;
}
function teamFrom(row: Flat): { id: string; name: string } | null {
  return row.teamId ? { id: String(row.teamId), name: String(row.team_name ?? '') } : null;
}
function userRefFrom(row: Flat, prefix: string): UserRef | null {
  const id = row[`${prefix}_id`] as string | null;
  return id ? { id, full_name: String(row[`${prefix}_name`] ?? '') } : null;
}

function siteFrom(row: Flat, idKey: string, nameKey: string): { id: string; name: string } | null {
  const id = row[idKey] as string | null;
  return id ? { id, name: String(row[nameKey] ?? '') } : null;
}

export interface TicketView extends TicketRow {
  requester: UserWithEmail;
  assignee: UserWithEmail | null;
  createdBy: UserRef | null;
  updatedBy: UserRef | null;
  client: { id: string; name: string } | null;
  costCentre: { id: string; name: string } | null;
  team: { id: string; name: string } | null;
}

export interface ConversationView extends ConversationRow {
  sender: UserWithEmail;
  recipient: UserWithEmail | null;
  createdBy: UserRef | null;
  updatedBy: UserRef | null;
  copy: UserWithEmail[];
}

export interface AttachmentView extends AttachmentRow {
  uploadedBy: UserRef | null;
}

export interface HistoryView {
  id: string;
  ticketId: string;
  field: string;
  fromStatus: string | null;
  toStatus: string | null;
  fromValue: string | null;
  toValue: string | null;
  reason: string | null;
  changedAt: Date;
  changedBy: UserRef | null;
}

/** The property names of a table's own columns, listed once per table (getTableColumns copies them at each call). */
const columnKeys = new Map<object, string[]>();

/** The table's own columns out of a flat joined row. */
function pick<T extends typeof tickets | typeof ticketHistory | typeof conversations | typeof attachments>(
  row: Flat,
  table: T,
): T['$inferSelect'] {
  let keys = columnKeys.get(table);
  if (!keys) columnKeys.set(table, (keys = Object.keys(getTableColumns(table))));
  const own: Flat = {};
  for (const key of keys) own[key] = row[key];
  return own as T['$inferSelect'];
}

/** What a ticket list item shows (serializeTicketListItem): no content or metadata, which the list never sends. */
export type TicketListView = Pick<
  TicketView,
  | 'id'
  | 'number'
  | 'title'
  | 'ticketType'
  | 'priority'
  | 'ticketStatus'
  | 'requester'
  | 'assignee'
  | 'createdBy'
  | 'updatedBy'
  | 'createdAt'
  | 'updatedAt'
  | 'client'
  | 'costCentre'
  | 'team'
  | 'firstResponseDueAt'
  | 'firstRespondedAt'
  | 'dueAt'
  | 'slaStatus'
>;

/** A row of `ticketListStatement`: the list's ticket columns, the people's ids, names and emails, the sites' and team's names. */
type TicketListRow = Pick<
  TicketRow,
  | 'id'
  | 'number'
  | 'title'
  | 'ticketType'
  | 'priority'
  | 'ticketStatus'
  | 'createdAt'
  | 'updatedAt'
  | 'clientId'
  | 'costCentreId'
  | 'teamId'
  | 'firstResponseDueAt'
  | 'firstRespondedAt'
  | 'dueAt'
  | 'slaStatus'
> & {
  requesterId: string;
  requesterName: string | null;
  requesterEmail: string;
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  createdById: string | null;
  createdByName: string | null;
  updatedById: string | null;
  updatedByName: string | null;
  clientName: string | null;
  costCentreName: string | null;
  teamName: string | null;
};

/** A ticket's people, sites and team, joined for the ticket view and the list items (flat columns over aliased tables). */
function withTicketJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(requester, eq(requester.id, tickets.requesterId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
    .leftJoin(createdBy, eq(createdBy.id, tickets.createdById))
    .leftJoin(updatedBy, eq(updatedBy.id, tickets.updatedById))
    .leftJoin(clients, eq(clients.id, tickets.clientId))
    .leftJoin(costCentres, eq(costCentres.id, tickets.costCentreId))
    .leftJoin(helpdeskTeams, eq(helpdeskTeams.id, tickets.teamId));
}

/**
 * The list items' statement, built once per executor and prepared under its name: a list page only
 * binds its ids (one text value, as `idIn`). Named, each pooled connection parses and plans its seven
 * joins once; a lookup by primary keys has one good plan whatever the ids, so PostgreSQL's plan cache
 * keeps a generic plan instead of planning at every bind (16 ms a page before, 100k tickets).
 * It reads only the columns a list item shows: the rich-text content and metadata (JSON the server
 * would parse for each row) stay in the table.
 */
function ticketListStatement(db: DbOrTx) {
  const selected = db
    .select({
      id: tickets.id,
      number: tickets.number,
      title: tickets.title,
      ticketType: tickets.ticketType,
      priority: tickets.priority,
      ticketStatus: tickets.ticketStatus,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      clientId: tickets.clientId,
      costCentreId: tickets.costCentreId,
      teamId: tickets.teamId,
      firstResponseDueAt: tickets.firstResponseDueAt,
      firstRespondedAt: tickets.firstRespondedAt,
      dueAt: tickets.dueAt,
      slaStatus: tickets.slaStatus,
      requesterId: sql<string>`${requester.id}`,
      requesterName: nameOf(requester),
      requesterEmail: sql<string>`${requester.email}`,
      assigneeId: sql<string | null>`${assignee.id}`,
      assigneeName: nameOf(assignee),
      assigneeEmail: sql<string | null>`${assignee.email}`,
      createdById: sql<string | null>`${createdBy.id}`,
      createdByName: nameOf(createdBy),
      updatedById: sql<string | null>`${updatedBy.id}`,
      updatedByName: nameOf(updatedBy),
      clientName: sql<string | null>`${clients.name}`,
      costCentreName: sql<string | null>`${costCentres.name}`,
      teamName: sql<string | null>`${helpdeskTeams.name}`,
    })
    .from(tickets)
    .$dynamic();
  const query = withTicketJoins(selected).where(sql`${tickets.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`);
  return query.prepare(statementName('helpdesk_ticket_list', query));
}

/** The read side of the help desk repository, on one executor. */
export function createTicketViews(db: DbOrTx) {
  let ticketList: ReturnType<typeof ticketListStatement> | undefined;
  return {
    /** Tickets with their people: one statement for any number of ids. */
    async ticketViews(ids: string[]): Promise<TicketView[]> {
      if (!ids.length) return [];
      const selected = db
        .select({
          ...getTableColumns(tickets),
          ...userColumns(requester, 'requester'),
          ...userColumns(assignee, 'assignee'),
          ...userColumns(createdBy, 'createdBy'),
          ...userColumns(updatedBy, 'updatedBy'),
          siteClientName: sql<string | null>`${clients.name}`,
          siteCostCentreName: sql<string | null>`${costCentres.name}`,
          team_name: sql<string | null>`${helpdeskTeams.name}`,
        })
        .from(tickets)
        .$dynamic();
      const rows = await withTicketJoins(selected).where(idIn(tickets.id, ids));
      return rows.map((r) => ({
        ...pick(r, tickets),
        requester: userWithEmailFrom(r, 'requester')!,
        assignee: userWithEmailFrom(r, 'assignee'),
        createdBy: userRefFrom(r, 'createdBy'),
        updatedBy: userRefFrom(r, 'updatedBy'),
        client: siteFrom(r, 'clientId', 'siteClientName'),
        costCentre: siteFrom(r, 'costCentreId', 'siteCostCentreName'),
        team: teamFrom(r as Flat),
      }));
    },

    /** The list items of a page of tickets, in one named statement (`ticketListStatement`). */
    async ticketListViews(ids: string[]): Promise<TicketListView[]> {
      if (!ids.length) return [];
      // Typed here: Drizzle infers `never` for this mix of main-table columns and joined expressions.
      const rows = (await (ticketList ??= ticketListStatement(db)).execute({ ids: ids.join(',') })) as unknown as TicketListRow[];
      return rows.map((r) => ({
        id: r.id,
        number: r.number,
        title: r.title,
        ticketType: r.ticketType,
        priority: r.priority,
        ticketStatus: r.ticketStatus,
        requester: { id: r.requesterId, full_name: r.requesterName ?? '', email: r.requesterEmail },
        assignee: r.assigneeId ? { id: r.assigneeId, full_name: r.assigneeName ?? '', email: r.assigneeEmail ?? '' } : null,
        createdBy: r.createdById ? { id: r.createdById, full_name: r.createdByName ?? '' } : null,
        updatedBy: r.updatedById ? { id: r.updatedById, full_name: r.updatedByName ?? '' } : null,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        client: r.clientId ? { id: r.clientId, name: r.clientName ?? '' } : null,
        costCentre: r.costCentreId ? { id: r.costCentreId, name: r.costCentreName ?? '' } : null,
        team: r.teamId ? { id: r.teamId, name: r.teamName ?? '' } : null,
        firstResponseDueAt: r.firstResponseDueAt,
        firstRespondedAt: r.firstRespondedAt,
        dueAt: r.dueAt,
        slaStatus: r.slaStatus,
      }));
    },

    async historyViews(ids: string[]): Promise<HistoryView[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ ...getTableColumns(ticketHistory), ...userColumns(createdBy, 'changedBy') })
        .from(ticketHistory)
        .leftJoin(createdBy, eq(createdBy.id, ticketHistory.changedById))
        .where(inArray(ticketHistory.id, ids));
      return rows.map((r) => ({ ...pick(r, ticketHistory), changedBy: userRefFrom(r, 'changedBy') }));
    },

    /** Messages with their people and copy lists: two statements for any number of ids. */
    async conversationViews(ids: string[]): Promise<ConversationView[]> {
      if (!ids.length) return [];
      const [rows, copies] = await together(db, [
        () => db
          .select({
            ...getTableColumns(conversations),
            ...userColumns(sender, 'sender'),
            ...userColumns(recipient, 'recipient'),
            ...userColumns(createdBy, 'createdBy'),
            ...userColumns(updatedBy, 'updatedBy'),
          })
          .from(conversations)
          .innerJoin(sender, eq(sender.id, conversations.senderId))
          .leftJoin(recipient, eq(recipient.id, conversations.recipientId))
          .leftJoin(createdBy, eq(createdBy.id, conversations.createdById))
          .leftJoin(updatedBy, eq(updatedBy.id, conversations.updatedById))
          .where(inArray(conversations.id, ids)),
        () => db
          .select({ conversationId: conversationCopies.conversationId, ...userColumns(users, 'user') })
          .from(conversationCopies)
          .innerJoin(users, eq(users.id, conversationCopies.userId))
          .where(inArray(conversationCopies.conversationId, ids))
          .orderBy(users.email),
      ]);
      const copyMap = new Map<string, UserWithEmail[]>();
      for (const c of copies) {
        const list = copyMap.get(c.conversationId) ?? [];
        list.push(userWithEmailFrom(c, 'user')!);
        copyMap.set(c.conversationId, list);
      }
      return rows.map((r) => {
        const own = pick(r, conversations);
        return {
          ...own,
          sender: userWithEmailFrom(r, 'sender')!,
          recipient: userWithEmailFrom(r, 'recipient'),
          createdBy: userRefFrom(r, 'createdBy'),
          updatedBy: userRefFrom(r, 'updatedBy'),
          copy: copyMap.get(own.id) ?? [],
        };
      });
    },

    async attachmentViews(ids: string[]): Promise<AttachmentView[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ ...getTableColumns(attachments), ...userColumns(createdBy, 'uploadedBy') })
        .from(attachments)
        .leftJoin(createdBy, eq(createdBy.id, attachments.uploadedById))
        .where(inArray(attachments.id, ids));
      return rows.map((r) => ({ ...pick(r, attachments), uploadedBy: userRefFrom(r, 'uploadedBy') }));
    },

    /** Users in the public shape (id, full_name, email), for lists of people. */
    async publicUsers(ids: string[]): Promise<UserWithEmail[]> {
      if (!ids.length) return [];
      const rows = await db.select(userColumns(users, 'user')).from(users).where(idIn(users.id, ids));
      return rows.map((r) => userWithEmailFrom(r, 'user')!);
    },
  };
}
