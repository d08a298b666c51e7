import type { TicketHistoryField, TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { HistoryInsert } from './helpdesk.repository';
import type { TicketView } from './ticket-views.repository';

/** The ticket columns and joined names the history reads. */
type Tracked = Pick<
  TicketView,
  'id' | 'ticketStatus' | 'priority' | 'title' | 'assigneeId' | 'assignee' | 'teamId' | 'team' | 'clientId' | 'client' | 'costCentreId' | 'costCentre'
>;

/**
 * A field whose changes the ticket history records: how to tell a change (`value`, an id for
 * people, sites and teams) and how the history shows the value (`label`, their name).
 */
interface TrackedField {
  field: TicketHistoryField;
  value: (ticket: Tracked) => string | null;
  label: (ticket: Tracked) => string | null;
}

/** Every field the history records, in the order a multi-field change lists its entries. */
export const TRACKED_FIELDS: readonly TrackedField[] = [
  { field: 'ticket_status', value: (t) => t.ticketStatus, label: (t) => t.ticketStatus },
  { field: 'priority', value: (t) => t.priority, label: (t) => t.priority },
  { field: 'title', value: (t) => t.title, label: (t) => t.title },
  { field: 'assignee', value: (t) => t.assigneeId, label: (t) => t.assignee?.full_name ?? null },
  { field: 'team', value: (t) => t.teamId, label: (t) => t.team?.name ?? null },
  { field: 'client', value: (t) => t.clientId, label: (t) => t.client?.name ?? null },
  { field: 'cost_centre', value: (t) => t.costCentreId, label: (t) => t.costCentre?.name ?? null },
];

/**
 * The history entries of one change: one per tracked field whose value differs between `before`
 * and `after`. A status entry also fills from_status/to_status (the history's status columns).
 */
export function historyOf(before: Tracked, after: Tracked, changedById: string): HistoryInsert[] {
  return TRACKED_FIELDS.filter(({ value }) => value(before) !== value(after)).map(({ field, label }) => ({
    ticketId: after.id,
    field,
    ...(field === 'ticket_status'
      ? { fromStatus: before.ticketStatus as TicketStatus, toStatus: after.ticketStatus as TicketStatus }
      : {}),
    fromValue: label(before),
    toValue: label(after),
    changedById,
  }));
}

/** The first entry of every ticket: opened, by whom. */
export const openedEntry = (ticketId: string, changedById: string): HistoryInsert => ({
  ticketId,
  field: 'ticket_status',
  fromStatus: null,
  toStatus: 'OPEN',
  changedById,
});
