import { TICKET_STATUS_TRANSITIONS, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.values';

/** Columns in the order work flows (the contract lists statuses in another order). */
export const BOARD_STATUSES: readonly TicketStatus[] = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'REOPENED', 'CLOSED'];

/**
 * The moves a card's menu offers: the workflow's transitions from its status (the contract's
 * table, which the server enforces), in board order. A move the workflow forbids is not offered.
 */
export const menuMoves = (from: TicketStatus): TicketStatus[] =>
  BOARD_STATUSES.filter((to) => TICKET_STATUS_TRANSITIONS[from].includes(to));
