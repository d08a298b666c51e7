import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { Cron } from 'croner';
import type { DbOrTx } from '../../platform/db';
import type { NotificationDraft, NotificationWriter } from '../notifications/index';
import { cronSchedule } from '../integrations/index';
import { createFlowRepository } from './flow.repository';
import type { FlowTicketStore } from './flow-tickets';

/**
 * Moves every running SLA whose risk or breach instant has passed, in ONE set-based UPDATE (the
 * instants are precomputed in business time when a ticket changes), then notifies: AT_RISK the
 * assignee, BREACHED the assignee and the team. One transaction; notifications announced after commit.
 */
export async function runSlaSweep(options: {
  transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>;
  /** The help desk's tickets (flow-tickets.ts): the UPDATE is its repository's `moveDueSlas`. */
  tickets: FlowTicketStore;
  notifications: NotificationWriter;
  now?: Date;
  /** Told of tickets at risk and breached inside the sweep's transaction (automations' events, spec platform §14.3). */
  events?: (tx: DbOrTx, events: { event: string; model: string; subjectId: string }[]) => Promise<void>;
}): Promise<{ atRisk: number; breached: number }> {
  const now = options.now ?? new Date();
  const { moved, recorded } = await options.transaction(async (tx) => {
    const moved = await options.tickets(tx).moveDueSlas(now);
    if (!moved.length) return { moved, recorded: { events: [], emails: 0 } };
    await options.events?.(
      tx,
      moved.map((m) => ({ event: m.slaStatus === 'BREACHED' ? 'ticket.sla_breached' : 'ticket.sla_at_risk', model: 'ticket', subjectId: m.id })),
    );
    const breachedTeams = [
      ...new Set(moved.flatMap((m) => (m.slaStatus === 'BREACHED' && m.teamId ? [m.teamId] : []))),
    ];
    const members = await createFlowRepository(tx).teamMemberIds(breachedTeams);
    const drafts: NotificationDraft[] = [];
    for (const ticket of moved) {
      const recipients = new Set<string>();
      if (ticket.assigneeId) recipients.add(ticket.assigneeId);
      if (ticket.slaStatus === 'BREACHED') for (const m of members) if (m.teamId === ticket.teamId) recipients.add(m.userId);
      const phrase = `${formatTicketNumber(ticket)} "${ticket.title}"`;
      for (const recipientId of recipients) {
        drafts.push({
          recipientId,
          actorId: null,
          verb: ticket.slaStatus === 'BREACHED' ? 'breached its SLA' : 'is at risk',
          description:
            ticket.slaStatus === 'BREACHED'
              ? `The ticket ${phrase} breached its SLA`
              : `The ticket ${phrase} is at risk of breaching its SLA`,
          level: ticket.slaStatus === 'BREACHED' ? 'error' : 'warning',
          target: { type: 'ticket', id: ticket.id, text: ticket.title },
          data: { ticket_id: ticket.id, ticket_number: ticket.number, sla_status: ticket.slaStatus },
        });
      }
    }
    return { moved, recorded: await options.notifications.record(tx, drafts) };
  });
  options.notifications.afterCommit(recorded);
  return {
    atRisk: moved.filter((m) => m.slaStatus === 'AT_RISK').length,
    breached: moved.filter((m) => m.slaStatus === 'BREACHED').length,
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
