// The help desk module's public face (see records/index.ts).
import type { HelpdeskService } from './helpdesk.service';
export { helpdeskPlugin } from './helpdesk.plugin';
export type { HelpdeskService, TicketScope } from './helpdesk.service';
// Other modules raise a ticket inside their own transaction (site checks: a failed run).
export type { RaisedTicketInput } from './ticket-writes';
export type { TicketEvents } from './helpdesk-service-deps';
/** The port a module raising tickets takes: `app.helpdesk.raiseWithin`. */
export type TicketRaiser = Pick<HelpdeskService, 'raiseWithin'>;
// The flow's port onto tickets (helpdesk-flow/flow-tickets.ts), which app.ts hands to the flow's
// plugin, and the writer the flow's demo step writes its tickets through: the help desk owns them.
export { createFlowTicketsRepository as helpdeskFlowTickets } from './flow-tickets.repository';
export { helpdeskDemoTickets } from './helpdesk-demo-tickets';
// Bulk change of tickets (jobs) writes through the help desk's own update rule and repository.
export { createHelpdeskRepository } from './helpdesk.repository';
export { ticketsResource } from './tickets.resource';
export { ticketInScope, ticketVisible } from './ticket-sites';
export { ticketScopeCondition } from './ticket-sites.repository';
export { attachmentFileRule } from './helpdesk.routes';
// The tickets table, for reads (search, the dashboard, canned replies' placeholders); writes go
// through the help desk service (scripts/check-layers.mjs, docs/architecture.md).
export { tickets } from '../../db/schema/helpdesk';
