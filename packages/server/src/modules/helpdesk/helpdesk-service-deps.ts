import type { DbOrTx } from '../../platform/db';
import type { FileStorage } from '../../platform/storage';
import type { AuthUser } from '../identity/index';
import type { NotificationWriter } from '../notifications/index';
import type { TicketFlowHooks } from '../helpdesk-flow/index';
import type { HelpdeskRepository } from './helpdesk.repository';

// The service's inputs and scopes, apart from the service so its parts (ticket-access, -writes,
// conversation-writes, attachment-files, ticket-attachments) can name them without importing the service that composes them.
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
  /** A repository bound to another module's transaction (a ticket raised inside that module's write); unset: not offered. */
  repositoryFor?: (tx: DbOrTx) => HelpdeskRepository;
  storage: FileStorage;
  notifications: NotificationWriter;
  log: { warn(obj: unknown, msg: string): void };
  /** Teams, routing and SLA (modules/helpdesk-flow): called inside the ticket's transaction. */
  flow?: TicketFlowHooks;
  /**
   * Told of a new ticket and of a change (the tracked fields that changed) inside the ticket's
   * transaction, so what it writes commits with it (automations' event outbox, spec platform §14.3).
   */
  events?: TicketEvents;
}

export interface TicketEvents {
  created(tx: DbOrTx, ticketId: string): Promise<void>;
  updated(tx: DbOrTx, ticketId: string, fields: string[]): Promise<void>;
  /** `updated` for each of a group of tickets changed together, in one statement (unset: one `updated` call each). */
  updatedMany?(tx: DbOrTx, changes: { ticketId: string; fields: string[] }[]): Promise<void>;
}
