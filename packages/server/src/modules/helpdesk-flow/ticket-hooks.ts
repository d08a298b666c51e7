import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import type { NotificationDraft } from '../notifications/index';
import type { BusinessCalendar, BusinessHours } from './business-time';
import { createFlowRepository, policyFactsKey, type FlowRepository, type SlaPolicyRow } from './flow.repository';
import type { FlowTicket, FlowTicketChanges, FlowTicketStore, FlowTickets, SlaRecompute } from './flow-tickets';
import { NO_SLA, resumedPausedMinutes, slaState, type SlaTargets } from './sla-clock';

// What teams, routing and SLA policies do to tickets: the hooks the help desk calls inside its own
// ticket transactions (flow.service.ts holds the CRUD of the teams, rules and policies).

/**
 * A history line routing adds to a new ticket. The help desk owns `ticket_history` and writes these
 * in the ticket's transaction (the hook returns them instead of inserting them itself).
 */
export interface FlowHistoryEntry {
  ticketId: string;
  field: 'team' | 'assignee';
  fromValue: null;
  toValue: string | null;
  reason: string;
  changedById: null;
}

const METHOD_WORDS: Record<string, string> = {
  MANUAL: 'manual assignment',
  ROUND_ROBIN: 'round robin',
  LEAST_OPEN: 'least open tickets',
};

export function targetsOf(policy: SlaPolicyRow | undefined | null): SlaTargets | null {
  if (!policy) return null;
  const calendar: BusinessCalendar = { hours: policy.businessHours as BusinessHours, holidays: policy.holidays as string[] };
  return { firstResponseMinutes: policy.firstResponseMinutes, resolutionMinutes: policy.resolutionMinutes, calendar };
}

/** What the SLA clock reads of a ticket. */
export const slaInputOf = (ticket: FlowTicket) => ({
  createdAt: ticket.createdAt,
  ticketStatus: ticket.ticketStatus,
  firstRespondedAt: ticket.firstRespondedAt,
  pausedMinutes: ticket.slaPausedMinutes,
  pausedAt: ticket.slaPausedAt,
  previousStatus: ticket.slaStatus,
});

/** What routing rules and SLA policies match a ticket on: its type, priority and site. */
const factsOf = async (repo: FlowRepository, ticket: FlowTicket) => ({
  ticketType: ticket.ticketType,
  priority: ticket.priority,
  ...(await repo.siteOf(ticket.costCentreId, ticket.clientId)),
});

/** A changed ticket's SLA state under `policy`: a pause ended or begun by the status change, the clock recomputed. */
function recomputed(policy: SlaPolicyRow, before: FlowTicket, after: FlowTicket, statusChanged: boolean, now: Date) {
  const targets = targetsOf(policy)!;
  let pausedMinutes = after.slaPausedMinutes;
  let pausedAt = after.slaPausedAt;
  if (statusChanged && before.ticketStatus === 'ON_HOLD') {
    pausedMinutes = resumedPausedMinutes(pausedMinutes, pausedAt, now, targets.calendar);
    pausedAt = null;
  }
  if (statusChanged && after.ticketStatus === 'ON_HOLD') pausedAt = now;
  const previousStatus = statusChanged && before.ticketStatus === 'CLOSED' ? 'ON_TRACK' : after.slaStatus;
  return slaState(targets, { ...slaInputOf(after), pausedMinutes, pausedAt, previousStatus }, now);
}

/**
 * Least open: the assignable member (flow.repository.ts, assignablePerson) with the fewest tickets
 * not CLOSED, ties to the lowest id; the team's row is locked first so concurrent assignments take turns.
 */
async function leastOpenMember(repo: FlowRepository, tickets: FlowTickets, teamId: string): Promise<string | null> {
  await repo.lockTeam(teamId);
  const members = await repo.assignableMembers(teamId);
  const open = await tickets.openTicketCounts(members);
  let chosen: string | null = null;
  for (const member of members) if (chosen === null || (open.get(member) ?? 0) < (open.get(chosen) ?? 0)) chosen = member;
  return chosen;
}

/**
 * The ticket hooks the help desk service calls inside its transactions; `clock` is the flow's time,
 * `ticketsOf` the help desk's tickets (flow-tickets.ts), on the same transaction.
 */
export function createTicketFlowHooks(clock: () => Date, ticketsOf: FlowTicketStore) {
  return {
    /**
     * A new ticket: the team of the first matching rule, an assignee by the team's method
     * (unless one was given), history entries saying why (returned for the help desk to write), and
     * the SLA clock started.
     */
    async ticketCreated(
      tx: DbOrTx,
      ticket: FlowTicket,
    ): Promise<{ drafts: NotificationDraft[]; history: FlowHistoryEntry[] }> {
      const repo = createFlowRepository(tx);
      const tickets = ticketsOf(tx);
      const now = clock();
      const facts = await factsOf(repo, ticket);
      const drafts: NotificationDraft[] = [];
      const history: FlowHistoryEntry[] = [];
      const changes: FlowTicketChanges = {};
      const rule = await repo.firstMatchingRule(facts);
      if (rule) {
        changes.teamId = rule.teamId;
        let assigneeId: string | null = null;
        if (!ticket.assigneeId && rule.assignment === 'ROUND_ROBIN') assigneeId = await repo.nextRoundRobin(rule.teamId);
        if (!ticket.assigneeId && rule.assignment === 'LEAST_OPEN') assigneeId = await leastOpenMember(repo, tickets, rule.teamId);
        const method = ticket.assigneeId
          ? 'assignee given'
          : assigneeId
            ? METHOD_WORDS[rule.assignment]
            : `${METHOD_WORDS[rule.assignment]}${rule.assignment === 'MANUAL' ? '' : ', no member to pick'}`;
        const reason = `Routing rule at position ${rule.position} matched; team ${rule.teamName}; ${method}.`;
        history.push({ ticketId: ticket.id, field: 'team', fromValue: null, toValue: rule.teamName, reason, changedById: null });
        if (assigneeId) {
          changes.assigneeId = assigneeId;
          const names = await repo.userNames([assigneeId]);
          history.push({
            ticketId: ticket.id,
            field: 'assignee',
            fromValue: null,
            toValue: names.get(assigneeId) ?? null,
            reason,
            changedById: null,
          });
          drafts.push({
            recipientId: assigneeId,
            actorId: null,
            verb: 'assigned',
            description: `${formatTicketNumber(ticket)} "${ticket.title}" was assigned to you (team ${rule.teamName}, ${METHOD_WORDS[rule.assignment]})`,
            level: ticket.priority === 'URGENT' ? 'warning' : 'info',
            target: { type: 'ticket', id: ticket.id, text: ticket.title },
            data: { ticket_id: ticket.id, ticket_number: ticket.number, priority: ticket.priority, team_id: rule.teamId },
          });
        }
      }
      const policy = await repo.firstMatchingPolicy(facts);
      if (policy) Object.assign(changes, { slaPolicyId: policy.id }, slaState(targetsOf(policy), slaInputOf(ticket), now));
      if (Object.keys(changes).length) await tickets.setFlowFields(ticket.id, changes);
      return { drafts, history };
    },

    /** Status, priority or type changed: pause/resume the clock and recompute (re-matching the policy). */
    async ticketUpdated(tx: DbOrTx, before: FlowTicket, after: FlowTicket): Promise<void> {
      const statusChanged = before.ticketStatus !== after.ticketStatus;
      const matchChanged = before.priority !== after.priority || before.ticketType !== after.ticketType;
      if (!statusChanged && !matchChanged) return;
      const repo = createFlowRepository(tx);
      const now = clock();
      let policy: SlaPolicyRow | undefined;
      if (matchChanged) policy = await repo.firstMatchingPolicy(await factsOf(repo, after));
      else if (after.slaPolicyId) [policy] = await repo.policiesByIds([after.slaPolicyId]);
      if (!policy) {
        if (matchChanged || after.slaStatus !== 'NONE') await ticketsOf(tx).setFlowFields(after.id, { ...NO_SLA, slaPolicyId: null });
        return;
      }
      await ticketsOf(tx).setFlowFields(after.id, { slaPolicyId: policy.id, ...recomputed(policy, before, after, statusChanged, now) });
    },

    /**
     * `ticketUpdated` for a group of tickets changed together: the sites read once for the group,
     * the policy matched once per distinct facts, the policies kept read in one statement, and
     * every recomputed SLA written in one.
     */
    async ticketsUpdated(tx: DbOrTx, pairs: { before: FlowTicket; after: FlowTicket }[]): Promise<void> {
      const moved = pairs
        .map(({ before, after }) => ({
          before,
          after,
          statusChanged: before.ticketStatus !== after.ticketStatus,
          matchChanged: before.priority !== after.priority || before.ticketType !== after.ticketType,
        }))
        .filter((m) => m.statusChanged || m.matchChanged);
      if (!moved.length) return;
      const repo = createFlowRepository(tx);
      const now = clock();
      const matching = moved.filter((m) => m.matchChanged);
      const sites = await repo.sitesOf(matching.map((m) => m.after));
      const matched = new Map<string, SlaPolicyRow | undefined>();
      const policyOf = new Map<FlowTicket, SlaPolicyRow | undefined>();
      for (const [i, { after }] of matching.entries()) {
        const facts = { ticketType: after.ticketType, priority: after.priority, ...sites[i]! };
        const key = policyFactsKey(facts);
        if (!matched.has(key)) matched.set(key, await repo.firstMatchingPolicy(facts));
        policyOf.set(after, matched.get(key));
      }
      const kept = new Map((await repo.policiesByIds([...new Set(moved.flatMap((m) => (!m.matchChanged && m.after.slaPolicyId ? [m.after.slaPolicyId] : [])))])).map((p) => [p.id, p]));
      const rows: SlaRecompute[] = [];
      for (const { before, after, statusChanged, matchChanged } of moved) {
        const policy = matchChanged ? policyOf.get(after) : after.slaPolicyId ? kept.get(after.slaPolicyId) : undefined;
        if (!policy) {
          if (matchChanged || after.slaStatus !== 'NONE') rows.push({ id: after.id, ...NO_SLA, slaPolicyId: null });
          continue;
        }
        rows.push({ id: after.id, slaPolicyId: policy.id, ...recomputed(policy, before, after, statusChanged, now) });
      }
      await ticketsOf(tx).setSlaMany(rows);
    },

    /** A staff member's reply (not an internal note) is the first response, once. */
    async staffReplied(tx: DbOrTx, ticket: FlowTicket): Promise<void> {
      if (ticket.firstRespondedAt) return;
      const repo = createFlowRepository(tx);
      const now = clock();
      const [policy] = ticket.slaPolicyId ? await repo.policiesByIds([ticket.slaPolicyId]) : [];
      const withReply = { ...ticket, firstRespondedAt: now };
      const state = policy ? slaState(targetsOf(policy), slaInputOf(withReply), now) : {};
      await ticketsOf(tx).setFlowFields(ticket.id, { firstRespondedAt: now, ...state });
    },
  };
}

export type TicketFlowHooks = ReturnType<typeof createTicketFlowHooks>;
