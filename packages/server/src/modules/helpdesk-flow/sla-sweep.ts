import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.schemas';
import { sql } from 'drizzle-orm';
import type { Cron } from 'croner';
import { tickets } from '../../db/schema/helpdesk';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import type { NotificationDraft, NotificationWriter } from '../notifications/index';
import { cronSchedule } from '../integrations/index';
import { createFlowRepository } from './flow.repository';

interface Moved {
  id: string;
  number: number;
  title: string;
  priority: string;
  assignee_id: string | null;
  team_id: string | null;
  sla_status: 'AT_RISK' | 'BREACHED';
}

/**
 * Moves every running SLA whose risk or breach instant has passed, in ONE set-based UPDATE (the
 * instants are precomputed in business time when a ticket changes), then notifies: AT_RISK the
 * assignee, BREACHED the assignee and the team. One transaction; notifications announced after commit.
 */
export async function runSlaSweep(options: {
  transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>;
  notifications: NotificationWriter;
  now?: Date;
}): Promise<{ atRisk: number; breached: number }> {
  const now = options.now ?? new Date();
  const { moved, recorded } = await options.transaction(async (tx) => {
    const next = sql`case when ${tickets.slaBreachAt} <= ${now} then 'BREACHED' else 'AT_RISK' end`;
    const moved = rowsOf<Moved>(
      await tx.execute(sql`
        update ${tickets} set sla_status = ${next}
         where sla_status in ('ON_TRACK', 'AT_RISK')
           and sla_risk_at <= ${now}
           and ticket_status not in ('ON_HOLD', 'CLOSED')
           and sla_status <> ${next}
        returning id, number, title, priority, assignee_id, team_id, sla_status`),
    );
    if (!moved.length) return { moved, recorded: { events: [], emails: 0 } };
    const breachedTeams = [
      ...new Set(moved.filter((m) => m.sla_status === 'BREACHED' && m.team_id).map((m) => String(m.team_id))),
    ];
    const members = await createFlowRepository(tx).teamMemberIds(breachedTeams);
    const drafts: NotificationDraft[] = [];
    for (const ticket of moved) {
      const recipients = new Set<string>();
      if (ticket.assignee_id) recipients.add(String(ticket.assignee_id));
      if (ticket.sla_status === 'BREACHED')
        for (const m of members) if (m.teamId === String(ticket.team_id)) recipients.add(m.userId);
      const phrase = `${formatTicketNumber({ number: Number(ticket.number) })} "${ticket.title}"`;
      for (const recipientId of recipients) {
        drafts.push({
          recipientId,
          actorId: null,
          verb: ticket.sla_status === 'BREACHED' ? 'breached its SLA' : 'is at risk',
          description:
            ticket.sla_status === 'BREACHED'
              ? `The ticket ${phrase} breached its SLA`
              : `The ticket ${phrase} is at risk of breaching its SLA`,
          level: ticket.sla_status === 'BREACHED' ? 'error' : 'warning',
          target: { type: 'ticket', id: String(ticket.id), text: ticket.title },
          data: { ticket_id: String(ticket.id), ticket_number: Number(ticket.number), sla_status: ticket.sla_status },
        });
      }
    }
    return { moved, recorded: await options.notifications.record(tx, drafts) };
  });
  options.notifications.afterCommit(recorded);
  return {
    atRisk: moved.filter((m) => m.sla_status === 'AT_RISK').length,
    breached: moved.filter((m) => m.sla_status === 'BREACHED').length,
  };
}

/** Runs the sweep on a cron schedule (SLA_SWEEP_CRON, default every minute; `off` disables it). */
export function startSlaSweep(
  options: Parameters<typeof runSlaSweep>[0] & { expression: string; log: (line: string) => void },
): Cron | null {
  if (!options.expression || options.expression === 'off') return null;
  const job = cronSchedule(options.expression, async () => {
    try {
      const { atRisk, breached } = await runSlaSweep(options);
      if (atRisk || breached) options.log(`SLA sweep: ${atRisk} at risk, ${breached} breached`);
    } catch (error) {
      options.log(`SLA sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  job.resume();
  return job;
}
