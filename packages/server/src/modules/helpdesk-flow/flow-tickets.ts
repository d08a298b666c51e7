import type { DbOrTx } from '../../platform/db';
import type { SlaState } from './sla-clock';

// The flow's port onto tickets. The help desk owns `helpdesk_ticket` and `ticket_history` and imports
// this module (its hooks), so the flow cannot import the help desk back: it declares here what it
// needs of tickets, the help desk implements it in its repository (helpdesk/flow-tickets.repository.ts)
// and app.ts hands it to the flow's plugin (docs/architecture.md, "Module faces").

/** What the flow reads of a ticket (routing facts, SLA clock, notification text); the help desk's ticket row has these and more. */
export interface FlowTicket {
  id: string;
  number: number;
  title: string;
  ticketType: string;
  priority: string;
  ticketStatus: string;
  assigneeId: string | null;
  teamId: string | null;
  clientId: string | null;
  costCentreId: string | null;
  createdAt: Date;
  updatedAt: Date;
  firstRespondedAt: Date | null;
  slaPolicyId: string | null;
  slaStatus: string;
  slaPausedAt: Date | null;
  slaPausedMinutes: number;
}

/** What the flow sets on a ticket: its team and assignee (routing), its policy, first response and SLA state. */
export type FlowTicketChanges = Partial<
  Pick<FlowTicket, 'teamId' | 'assigneeId' | 'slaPolicyId' | 'firstRespondedAt'> & SlaState
>;

/** A ticket's recomputed SLA: its policy (none: null) and its whole state. */
export type SlaRecompute = { id: string; slaPolicyId: string | null } & SlaState;

/** A ticket the SLA sweep moved to AT_RISK or BREACHED. */
export interface SlaMove {
  id: string;
  number: number;
  title: string;
  priority: string;
  assigneeId: string | null;
  teamId: string | null;
  slaStatus: 'AT_RISK' | 'BREACHED';
}

/** The tickets as the flow needs them, on one executor (the pool or the caller's transaction). */
export interface FlowTickets {
  /** Sets the flow's fields of one ticket. */
  setFlowFields(ticketId: string, changes: FlowTicketChanges): Promise<void>;
  /**
   * Sets each ticket's policy and whole SLA state, each its own (a group of tickets changed
   * together), in one statement whatever their number.
   */
  setSlaMany(rows: SlaRecompute[]): Promise<void>;
  /** The open (not CLOSED) tickets under a policy, locked (to recompute after the policy changed or went). */
  openTicketsOfPolicy(policyId: string): Promise<FlowTicket[]>;
  /** Per person, the tickets assigned to them that are not CLOSED (people with none are left out). */
  openTicketCounts(userIds: string[]): Promise<Map<string, number>>;
  /**
   * Moves every running SLA whose risk or breach instant has passed at `now` to AT_RISK or BREACHED
   * (one set-based UPDATE; ON_HOLD and CLOSED tickets stand still) and returns the tickets it moved.
   */
  moveDueSlas(now: Date): Promise<SlaMove[]>;
}

/** The help desk's tickets for the flow, bound to an executor. */
export type FlowTicketStore = (db: DbOrTx) => FlowTickets;

/** A fresh demo ticket the flow's demo step has the help desk write (already routed and timed). */
export interface DemoTicket {
  title: string;
  ticketType: string;
  priority: string;
  ticketStatus: string;
  ticketContent: unknown;
  metaData: Record<string, unknown>;
  requesterId: string;
  assigneeId: string | null;
  createdById: string;
  createdAt: Date;
  updatedAt: Date;
  teamId: string;
  firstRespondedAt: Date | null;
}

/** A backdated history line of a demo ticket: its opening (`ticket_status`) or its routing (`team`). */
export type DemoHistoryLine =
  | { ticketId: string; field: 'ticket_status'; toStatus: string; changedById: string; changedAt: Date }
  | { ticketId: string; field: 'team'; toValue: string; reason: string; changedAt: Date };

/**
 * What the help desk lends the flow's demo step (flow.seed.ts) beside the store: it owns tickets and
 * their history, so the fresh demo tickets, their history and the list of open tickets to route come
 * through it (seed/demo-seed.ts passes the help desk's writer in).
 */
export interface DemoTicketWriter {
  insertTicket(tx: DbOrTx, values: DemoTicket): Promise<{ id: string; requesterId: string }>;
  insertHistory(tx: DbOrTx, values: DemoHistoryLine[]): Promise<void>;
  /** Every ticket not CLOSED. */
  openTickets(tx: DbOrTx): Promise<FlowTicket[]>;
  /** Refreshes the planner's statistics of the tickets table after the step wrote many rows. */
  analyzeTickets(tx: DbOrTx): Promise<void>;
}
