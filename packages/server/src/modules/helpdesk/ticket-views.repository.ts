import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { aliasedTable, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { together, type DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { statementName } from '../../platform/named-statements';
import type { ListRows } from '../../list-query/list-rows';
import type { ShapeNode } from '../../list-query/row-writer';
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
 * A person a row names: a users table under its own alias, joined on the row's column (an inner
 * join for the one every row has). `ref`: answered as a UserRef (id and name), else with the email.
 */
interface Person {
  user: typeof users;
  on: AnyPgColumn;
  inner?: true;
  ref?: true;
}
type People = Record<string, Person>;
type PersonOf<P extends Person> = P extends { ref: true } ? UserRef | null : P extends { inner: true } ? UserWithEmail : UserWithEmail | null;

const TICKET_PEOPLE = {
  requester: { user: requester, on: tickets.requesterId, inner: true },
  assignee: { user: assignee, on: tickets.assigneeId },
  createdBy: { user: createdBy, on: tickets.createdById, ref: true },
  updatedBy: { user: updatedBy, on: tickets.updatedById, ref: true },
} as const satisfies People;
const CONVERSATION_PEOPLE = {
  sender: { user: sender, on: conversations.senderId, inner: true },
  recipient: { user: recipient, on: conversations.recipientId },
  createdBy: { user: createdBy, on: conversations.createdById, ref: true },
  updatedBy: { user: updatedBy, on: conversations.updatedById, ref: true },
} as const satisfies People;
const HISTORY_PEOPLE = { changedBy: { user: createdBy, on: ticketHistory.changedById, ref: true } } as const satisfies People;
const ATTACHMENT_PEOPLE = { uploadedBy: { user: createdBy, on: attachments.uploadedById, ref: true } } as const satisfies People;

/**
 * A joined user as flat columns `<prefix>_id`, `<prefix>_name`, `<prefix>_email`
 * (drizzle types nested selections over left joins poorly); `email: false` leaves the email out.
 */
function userColumns<P extends string>(t: typeof users, prefix: P, email = true) {
  return {
    [`${prefix}_id`]: sql<string | null>`${t.id}`,
    [`${prefix}_name`]: nameOf(t),
    ...(email ? { [`${prefix}_email`]: sql<string | null>`${t.email}` } : {}),
  } as Record<`${P}_id` | `${P}_name` | `${P}_email`, ReturnType<typeof nameOf>>;
}

/** Every person's columns, in order; `shownOnly` leaves out the emails a UserRef does not show. */
function peopleColumns(people: People, shownOnly = false) {
  return Object.assign({}, ...Object.entries(people).map(([prefix, p]) => userColumns(p.user, prefix, !(shownOnly && p.ref)))) as Record<
    string,
    ReturnType<typeof nameOf>
  >;
}

/** Joins every person's aliased users table, in order. */
function joinPeople<T extends PgSelect>(query: T, people: People): T {
  let joined: PgSelect = query;
  for (const p of Object.values(people)) joined = p.inner ? joined.innerJoin(p.user, eq(p.user.id, p.on)) : joined.leftJoin(p.user, eq(p.user.id, p.on));
  return joined as T;
}

type Flat = Record<string, unknown>;
function userWithEmailFrom(row: Flat, prefix: string): UserWithEmail | null {
  const id = row[`${prefix}_id`] as string | null;
  return id ? { id, full_name: String(row[`${prefix}_name`] ?? ''), email: String(row[`${prefix}_email`] ?? '') } : null;
}
function userRefFrom(row: Flat, prefix: string): UserRef | null {
  const id = row[`${prefix}_id`] as string | null;
  return id ? { id, full_name: String(row[`${prefix}_name`] ?? '') } : null;
}

/** Every person of a flat joined row, by its prefix. */
function peopleFrom<P extends People>(row: Flat, people: P): { [K in keyof P]: PersonOf<P[K]> } {
  const out: Flat = {};
  for (const [prefix, p] of Object.entries(people)) out[prefix] = p.ref ? userRefFrom(row, prefix) : userWithEmailFrom(row, prefix);
  return out as { [K in keyof P]: PersonOf<P[K]> };
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

/** A row of `ticketListStatement`: the list's ticket columns, the people's flat columns (`<prefix>_id`, ...), the sites' and team's names. */
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
> & Flat & {
  clientName: string | null;
  costCentreName: string | null;
  teamName: string | null;
};

/** Rows of `table` by id, each its own columns and its people: one statement. */
async function rowsWithPeople<T extends typeof ticketHistory | typeof conversations | typeof attachments, P extends People>(
  db: DbOrTx,
  table: T,
  people: P,
  ids: string[],
): Promise<(T['$inferSelect'] & { [K in keyof P]: PersonOf<P[K]> })[]> {
  const source: PgTable = table; // widened: Drizzle's from() refuses a table type parameter
  const selected = db.select({ ...getTableColumns(table), ...peopleColumns(people) }).from(source).$dynamic();
  const rows: Flat[] = await joinPeople(selected, people).where(inArray(table.id, ids));
  return rows.map((r) => ({ ...pick(r, table), ...peopleFrom(r, people) }));
}

/** A ticket's people, sites and team, joined for the ticket view and the list items (flat columns over aliased tables). */
function withTicketJoins<T extends PgSelect>(query: T) {
  return joinPeople(query, TICKET_PEOPLE)
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
export function ticketListStatement(db: DbOrTx) {
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
      ...peopleColumns(TICKET_PEOPLE, true),
      clientName: sql<string | null>`${clients.name}`,
      costCentreName: sql<string | null>`${costCentres.name}`,
      teamName: sql<string | null>`${helpdeskTeams.name}`,
    })
    .from(tickets)
    .$dynamic();
  const query = withTicketJoins(selected).where(sql`${tickets.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`);
  return query.prepare(statementName('helpdesk_ticket_list', query));
}

const text = (value: string | null) => String(value ?? '');
const person = (prefix: string, email: boolean): ShapeNode => ({
  object: {
    id: { col: `${prefix}_id` },
    full_name: { from: [`${prefix}_name`], compute: text },
    ...(email ? { email: { from: [`${prefix}_email`], compute: text } } : {}),
  },
  when: `${prefix}_id`,
});
const site = (id: string, name: string): ShapeNode => ({
  object: { id: { col: id }, name: { from: [name], compute: (value: string | null) => value ?? '' } },
  when: id,
});

/**
 * A ticket list item over `ticketListStatement`'s columns (list-query/list-rows.ts), in the order
 * `ticketListViews` and `serializeTicketListItem` build it.
 */
export const ticketListRows: ListRows = {
  statement: ticketListStatement,
  id: 'id',
  shape: {
    id: { col: 'id' },
    number: { col: 'number' },
    title: { col: 'title' },
    ticket_type: { col: 'ticketType' },
    priority: { col: 'priority' },
    ticket_status: { col: 'ticketStatus' },
    requester: person('requester', true),
    assignee: person('assignee', true),
    created_by: person('createdBy', false),
    updated_by: person('updatedBy', false),
    created_at: { col: 'createdAt' },
    updated_at: { col: 'updatedAt' },
    client: site('clientId', 'clientName'),
    cost_centre: site('costCentreId', 'costCentreName'),
    team: site('teamId', 'teamName'),
    first_response_due_at: { col: 'firstResponseDueAt' },
    first_responded_at: { col: 'firstRespondedAt' },
    due_at: { col: 'dueAt' },
    sla_status: { col: 'slaStatus' },
  },
};

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
          ...peopleColumns(TICKET_PEOPLE),
          siteClientName: sql<string | null>`${clients.name}`,
          siteCostCentreName: sql<string | null>`${costCentres.name}`,
          team_name: sql<string | null>`${helpdeskTeams.name}`,
        })
        .from(tickets)
        .$dynamic();
      const rows = await withTicketJoins(selected).where(idIn(tickets.id, ids));
      return rows.map((r) => ({
        ...pick(r, tickets),
        ...peopleFrom(r, TICKET_PEOPLE),
        client: siteFrom(r, 'clientId', 'siteClientName'),
        costCentre: siteFrom(r, 'costCentreId', 'siteCostCentreName'),
        team: siteFrom(r, 'teamId', 'team_name'),
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
        ...peopleFrom(r, TICKET_PEOPLE),
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
      return rowsWithPeople(db, ticketHistory, HISTORY_PEOPLE, ids);
    },

    /** Messages with their people and copy lists: two statements for any number of ids. */
    async conversationViews(ids: string[]): Promise<ConversationView[]> {
      if (!ids.length) return [];
      const [rows, copies] = await together(db, [
        () => rowsWithPeople(db, conversations, CONVERSATION_PEOPLE, ids),
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
      return rows.map((r) => ({ ...r, copy: copyMap.get(r.id) ?? [] }));
    },

    async attachmentViews(ids: string[]): Promise<AttachmentView[]> {
      if (!ids.length) return [];
      return rowsWithPeople(db, attachments, ATTACHMENT_PEOPLE, ids);
    },

    /** Users in the public shape (id, full_name, email), for lists of people. */
    async publicUsers(ids: string[]): Promise<UserWithEmail[]> {
      if (!ids.length) return [];
      const rows = await db.select(userColumns(users, 'user')).from(users).where(idIn(users.id, ids));
      return rows.map((r) => userWithEmailFrom(r, 'user')!);
    },
  };
}
