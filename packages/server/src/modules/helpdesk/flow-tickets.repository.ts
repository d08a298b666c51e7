import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import { tickets } from '../../db/schema/helpdesk';
import type { FlowTicketChanges, FlowTickets, SlaMove, SlaRecompute } from '../helpdesk-flow/index';
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

    /** The recomputed SLAs as one JSON parameter, joined to the tickets by id. */
    async setSlaMany(rows: SlaRecompute[]): Promise<void> {
      if (!rows.length) return;
      const parameter = JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          sla_policy_id: r.slaPolicyId,
          first_response_due_at: r.firstResponseDueAt,
          due_at: r.dueAt,
          sla_status: r.slaStatus,
          sla_risk_at: r.slaRiskAt,
          sla_breach_at: r.slaBreachAt,
          sla_paused_at: r.slaPausedAt,
          sla_paused_minutes: r.slaPausedMinutes,
        })),
      );
      await db.execute(sql`
        update ${tickets} t
           set sla_policy_id = v.sla_policy_id, first_response_due_at = v.first_response_due_at, due_at = v.due_at,
               sla_status = v.sla_status, sla_risk_at = v.sla_risk_at, sla_breach_at = v.sla_breach_at,
               sla_paused_at = v.sla_paused_at, sla_paused_minutes = v.sla_paused_minutes
          from jsonb_to_recordset(${parameter}::jsonb)
               as v(id uuid, sla_policy_id uuid, first_response_due_at timestamptz, due_at timestamptz, sla_status text,
                    sla_risk_at timestamptz, sla_breach_at timestamptz, sla_paused_at timestamptz, sla_paused_minutes integer)
         where t.id = v.id`);
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

