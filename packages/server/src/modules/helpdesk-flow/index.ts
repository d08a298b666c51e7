// The help desk flow module's public face (see records/index.ts).
export { helpdeskFlowPlugin } from './flow.plugin';
export type { FlowHistoryEntry, TicketFlowHooks } from './ticket-hooks';
export { teamsResource } from './flow.resources';
export type { DemoTicketWriter } from './flow.seed';
// The teams table, for a ticket view's team name; writes go through the flow's service.
export { helpdeskTeams } from '../../db/schema/helpdesk-flow';
