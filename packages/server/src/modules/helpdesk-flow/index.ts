// The help desk flow module's public face (see records/index.ts).
export { helpdeskFlowPlugin } from './flow.plugin';
export type { FlowHistoryEntry, TicketFlowHooks } from './ticket-hooks';
export { teamsResource } from './flow.resources';
export type { DemoTicketWriter } from './flow.seed';
