import type { DemoTicketWriter } from '../helpdesk-flow/index';
import { createHelpdeskRepository } from './helpdesk.repository';
import { createFlowTicketsRepository } from './flow-tickets.repository';

/** The help desk's writer lent to the flow's demo step (tickets and their history are the help desk's). */
export const helpdeskDemoTickets: DemoTicketWriter = {
  insertTicket: (tx, values) => createHelpdeskRepository(tx).insertTicket(values),
  insertHistory: (tx, values) => createHelpdeskRepository(tx).insertHistory(values),
  openTickets: (tx) => createFlowTicketsRepository(tx).openTickets(),
  analyzeTickets: (tx) => createFlowTicketsRepository(tx).analyzeTickets(),
};
