import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import { tickets } from '../../db/schema/helpdesk';
import type { FlowTicketChanges, FlowTickets, SlaMove } from '../helpdesk-flow/index';
import type { TicketRow } from './ticket-views.repository';

/**
 * The help desk's side of the flow's port (helpdesk-flow/flow-tickets.ts): the statements on
 * tickets that routing, the SLA clock and the SLA sweep make. The help desk owns the tickets, so they
 * live here; the face hands this factory out as `helpdeskFlowTickets` (a `FlowTicketStore`), which
 * app.ts passes to the flow's plugin.
 */
export function createFlowTicketsRepository(db: DbOrTx): FlowTickets & {
  openTickets(): Promise<TicketRow[]>;
  analyzeTickets(): Promise<void>;
} {
  return {
    async setFlowFields(ticketId: string, changes: FlowTicketChanges): Promise<void> {
      await db.update(tickets).set(changes).where(eq(tickets.id, ticketId));
    },

    openTicketsOfPolicy(policyId: string): Promise<TicketRow[]> {
      return db
        .select()
        .from(tickets)
        .where(and(eq(tickets.slaPolicyId, policyId), sql`${tickets.ticketStatus} <> 'CLOSED'`))
        .for('update');
    },

    async openTicketCounts(userIds: string[]): Promise<Map<string, number>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ userId: tickets.assigneeId, open: sql<number>`count(*)::int` })
        .from(tickets)
        // The literal matches the partial index helpdesk_ticket_assignee_open_idx.
        .where(and(inArray(tickets.assigneeId, userIds), sql`${tickets.ticketStatus} <> 'CLOSED'`))
        .groupBy(tickets.assigneeId);
      return new Map(rows.map((row) => [row.userId!, Number(row.open)]));
    },

    /** One set-based UPDATE; the risk and breach instants were precomputed in business time. */
    async moveDueSlas(now: Date): Promise<SlaMove[]> {
      const next = sql`case when ${tickets.slaBreachAt} <= ${now} then 'BREACHED' else 'AT_RISK' end`;
      const rows = rowsOf<{
        id: string;
        number: number;
        title: string;
        priority: string;
        assignee_id: string | null;
        team_id: string | null;
        sla_status: SlaMove['slaStatus'];
      }>(
        await db.execute(sql`
          update ${tickets} set sla_status = ${next}
           where sla_status in ('ON_TRACK', 'AT_RISK')
             and sla_risk_at <= ${now}
             and ticket_status not in ('ON_HOLD', 'CLOSED')
             and sla_status <> ${next}
          returning id, number, title, priority, assignee_id, team_id, sla_status`),
      );
      return rows.map((row) => ({
        id: String(row.id),
        number: Number(row.number),
        title: row.title,
        priority: row.priority,
        assigneeId: row.assignee_id === null ? null : String(row.assignee_id),
        teamId: row.team_id === null ? null : String(row.team_id),
        slaStatus: row.sla_status,
      }));
    },

    // The flow's demo step (flow.seed.ts; helpdesk-demo-tickets.ts lends these).
    openTickets(): Promise<TicketRow[]> {
      return db.select().from(tickets).where(ne(tickets.ticketStatus, 'CLOSED'));
    },
    async analyzeTickets(): Promise<void> {
      await db.execute(sql`analyze ${tickets}`);
    },
  };
}

