// The help desk flow module's public face (see records/index.ts).
export { helpdeskFlowPlugin, type HelpdeskFlowOptions } from './flow.plugin';
export type { FlowHistoryEntry, TicketFlowHooks } from './ticket-hooks';
// The port the help desk implements for the flow (the tickets are the help desk's; app.ts wires it).
export type { FlowTicket, FlowTicketChanges, FlowTicketStore, FlowTickets, SlaMove, SlaRecompute } from './flow-tickets';
export { teamsResource } from './flow.resources';
export type { DemoHistoryLine, DemoTicket, DemoTicketWriter } from './flow-tickets';
// The teams table, for a ticket view's team name; writes go through the flow's service.
export { helpdeskTeamMembers, helpdeskTeams } from '../../db/schema/helpdesk-flow';
