import type {
  RoutingRule,
  RoutingRuleChanges,
  RoutingRuleInput,
  SlaPolicy,
  SlaPolicyChanges,
  SlaPolicyInput,
  Team,
  TeamChanges,
  TeamInput,
} from '@ops/contract/helpdesk/helpdesk-flow.schemas';
import { formatTicketNumber, type TicketPriority, type TicketType } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import { type FieldErrors, invalidPk, notFound, ValidationError } from '../../platform/errors';
import type { NotificationDraft } from '../notifications/index';
import { addBusinessMinutes, type BusinessCalendar, type BusinessHours } from './business-time';
import {
  createFlowRepository,
  type FlowRepository,
  type RoutingRuleRow,
  type SlaPolicyRow,
  type TeamRow,
  type TicketRowForFlow,
} from './flow.repository';
import { NO_SLA, resumedPausedMinutes, slaState, type SlaTargets } from './sla-clock';

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

export function serializeTeam(row: TeamRow & { members: string[] }): Team {
  return {
    id: row.id,
    name: row.name,
    members: row.members,
    assignment: row.assignment as Team['assignment'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializeRule(row: RoutingRuleRow): RoutingRule {
  return {
    id: row.id,
    position: row.position,
    ticket_type: row.ticketType as TicketType | null,
    priority: row.priority as TicketPriority | null,
    industry: row.industryId,
    legal_entity: row.legalEntityId,
    cost_centre: row.costCentreId,
    team: row.teamId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function serializePolicy(row: SlaPolicyRow): SlaPolicy {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    ticket_type: row.ticketType as TicketType | null,
    priority: row.priority as TicketPriority | null,
    industry: row.industryId,
    first_response_minutes: row.firstResponseMinutes,
    resolution_minutes: row.resolutionMinutes,
    business_hours: row.businessHours as SlaPolicy['business_hours'],
    holidays: row.holidays as string[],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function targetsOf(policy: SlaPolicyRow | undefined | null): SlaTargets | null {
  if (!policy) return null;
  const calendar: BusinessCalendar = { hours: policy.businessHours as BusinessHours, holidays: policy.holidays as string[] };
  return { firstResponseMinutes: policy.firstResponseMinutes, resolutionMinutes: policy.resolutionMinutes, calendar };
}

/**
 * Refuses a policy whose targets its business hours and holidays cannot reach within the
 * horizon the due-time arithmetic looks ahead (three years from now): such a due time would
 * be decades away, and computing it for a ticket would fail.
 */
function checkReachable(policy: SlaPolicyRow, now: Date): void {
  const targets = targetsOf(policy)!;
  const errors: FieldErrors = {};
  for (const [field, minutes] of [
    ['first_response_minutes', targets.firstResponseMinutes],
    ['resolution_minutes', targets.resolutionMinutes],
  ] as const) {
    try {
      addBusinessMinutes(now, minutes, targets.calendar);
    } catch {
      errors[field] = ['The business hours and holidays do not give this many working minutes within three years.'];
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Client and cost centre of a ticket, once tickets carry them (the hdsites branch adds the columns). */
function siteIdsOf(ticket: TicketRowForFlow): { costCentreId: string | null; clientId: string | null } {
  const row = ticket as TicketRowForFlow & { costCentreId?: string | null; clientId?: string | null };
  return { costCentreId: row.costCentreId ?? null, clientId: row.clientId ?? null };
}

export interface FlowServiceDeps {
  db: DbOrTx;
  transaction: <T>(work: (repository: FlowRepository, tx: DbOrTx) => Promise<T>) => Promise<T>;
  now?: () => Date;
}

/**
 * Teams, routing rules and SLA policies (CRUD), and what they do to tickets: routing and
 * assignment of a new ticket, the SLA clock on create, status and priority changes and the first
 * staff reply. The ticket hooks run inside the help desk's own transaction.
 */
export function createFlowService(deps: FlowServiceDeps) {
  const clock = deps.now ?? (() => new Date());
  const repository = createFlowRepository(deps.db);

  async function checkRefs(
    repo: FlowRepository,
    fields: {
      members?: string[];
      industry?: string | null;
      legal_entity?: string | null;
      cost_centre?: string | null;
      team?: string | null;
    },
  ) {
    const present = (v: string | null | undefined) => (v ? [v] : []);
    const found = await repo.existing({
      users: fields.members,
      industries: present(fields.industry),
      legalEntities: present(fields.legal_entity),
      costCentres: present(fields.cost_centre),
      teams: present(fields.team),
    });
    const errors: FieldErrors = {};
    const missing = (fields.members ?? []).filter((id) => !found.users.has(id));
    if (missing.length) errors.members = missing.map(invalidPk);
    for (const [field, set] of [
      ['industry', found.industries],
      ['legal_entity', found.legalEntities],
      ['cost_centre', found.costCentres],
      ['team', found.teams],
    ] as const) {
      const value = fields[field];
      if (value && !set.has(value)) errors[field] = [invalidPk(value)];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  async function teamOr404(repo: FlowRepository, id: string) {
    const [team] = await repo.teamsWithMembers([id]);
    if (!team) throw notFound();
    return serializeTeam(team);
  }

  /** Recomputes the SLA of the open tickets of a policy (after it changed). */
  async function recomputePolicyTickets(repo: FlowRepository, policy: SlaPolicyRow) {
    const now = clock();
    const targets = targetsOf(policy);
    for (const ticket of await repo.openTicketsOfPolicy(policy.id)) {
      const state = slaState(targets, slaInputOf(ticket), now);
      await repo.updateTicket(ticket.id, state);
    }
  }

  const slaInputOf = (ticket: TicketRowForFlow) => ({
    createdAt: ticket.createdAt,
    ticketStatus: ticket.ticketStatus,
    firstRespondedAt: ticket.firstRespondedAt,
    pausedMinutes: ticket.slaPausedMinutes,
    pausedAt: ticket.slaPausedAt,
    previousStatus: ticket.slaStatus,
  });

  const factsOf = async (repo: FlowRepository, ticket: TicketRowForFlow) => {
    const ids = siteIdsOf(ticket);
    return { ticketType: ticket.ticketType, priority: ticket.priority, ...(await repo.siteOf(ids.costCentreId, ids.clientId)) };
  };

  return {
    // Teams
    teams: (ids: string[]) => repository.teamsWithMembers(ids).then((rows) => rows.map(serializeTeam)),
    getTeam: (id: string) => teamOr404(repository, id),
    createTeam: (input: TeamInput) =>
      deps.transaction(async (repo) => {
        const members = [...new Set(input.members)];
        await checkRefs(repo, { members });
        const team = await repo.insertTeam({ name: input.name, assignment: input.assignment });
        await repo.replaceMembers(team.id, members);
        return teamOr404(repo, team.id);
      }),
    updateTeam: (id: string, changes: TeamChanges) =>
      deps.transaction(async (repo) => {
        await teamOr404(repo, id);
        const members = changes.members ? [...new Set(changes.members)] : undefined;
        await checkRefs(repo, { members });
        await repo.updateTeam(id, {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.assignment !== undefined ? { assignment: changes.assignment } : {}),
          updatedAt: new Date(),
        });
        if (members) await repo.replaceMembers(id, members);
        return teamOr404(repo, id);
      }),
    async deleteTeam(id: string) {
      if (!(await repository.deleteTeam(id))) throw notFound();
    },

    // Routing rules
    rules: (ids: string[]) => repository.rulesByIds(ids).then((rows) => rows.map(serializeRule)),
    async getRule(id: string) {
      const [row] = await repository.rulesByIds([id]);
      if (!row) throw notFound();
      return serializeRule(row);
    },
    createRule: (input: RoutingRuleInput) =>
      deps.transaction(async (repo) => {
        await checkRefs(repo, input);
        return serializeRule(
          await repo.insertRule({
            position: input.position,
            ticketType: input.ticket_type,
            priority: input.priority,
            industryId: input.industry,
            legalEntityId: input.legal_entity,
            costCentreId: input.cost_centre,
            teamId: input.team,
          }),
        );
      }),
    updateRule: (id: string, changes: RoutingRuleChanges) =>
      deps.transaction(async (repo) => {
        const [before] = await repo.rulesByIds([id]);
        if (!before) throw notFound();
        await checkRefs(repo, changes);
        const row = await repo.updateRule(id, {
          ...(changes.position !== undefined ? { position: changes.position } : {}),
          ...(changes.ticket_type !== undefined ? { ticketType: changes.ticket_type } : {}),
          ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
          ...(changes.industry !== undefined ? { industryId: changes.industry } : {}),
          ...(changes.legal_entity !== undefined ? { legalEntityId: changes.legal_entity } : {}),
          ...(changes.cost_centre !== undefined ? { costCentreId: changes.cost_centre } : {}),
          ...(changes.team !== undefined ? { teamId: changes.team } : {}),
          updatedAt: new Date(),
        });
        return serializeRule(row!);
      }),
    async deleteRule(id: string) {
      if (!(await repository.deleteRule(id))) throw notFound();
    },

    // SLA policies
    policies: (ids: string[]) => repository.policiesByIds(ids).then((rows) => rows.map(serializePolicy)),
    async getPolicy(id: string) {
      const [row] = await repository.policiesByIds([id]);
      if (!row) throw notFound();
      return serializePolicy(row);
    },
    createPolicy: (input: SlaPolicyInput) =>
      deps.transaction(async (repo) => {
        await checkRefs(repo, { industry: input.industry });
        const row = await repo.insertPolicy({
            name: input.name,
            position: input.position,
            ticketType: input.ticket_type,
            priority: input.priority,
            industryId: input.industry,
            firstResponseMinutes: input.first_response_minutes,
            resolutionMinutes: input.resolution_minutes,
            businessHours: input.business_hours,
            holidays: [...new Set(input.holidays)].sort(),
          });
        checkReachable(row, clock());
        return serializePolicy(row);
      }),
    /** A changed policy recomputes the due times of its open tickets. */
    updatePolicy: (id: string, changes: SlaPolicyChanges) =>
      deps.transaction(async (repo) => {
        const [before] = await repo.policiesByIds([id]);
        if (!before) throw notFound();
        await checkRefs(repo, { industry: changes.industry });
        const row = await repo.updatePolicy(id, {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.position !== undefined ? { position: changes.position } : {}),
          ...(changes.ticket_type !== undefined ? { ticketType: changes.ticket_type } : {}),
          ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
          ...(changes.industry !== undefined ? { industryId: changes.industry } : {}),
          ...(changes.first_response_minutes !== undefined ? { firstResponseMinutes: changes.first_response_minutes } : {}),
          ...(changes.resolution_minutes !== undefined ? { resolutionMinutes: changes.resolution_minutes } : {}),
          ...(changes.business_hours !== undefined ? { businessHours: changes.business_hours } : {}),
          ...(changes.holidays !== undefined ? { holidays: [...new Set(changes.holidays)].sort() } : {}),
          updatedAt: new Date(),
        });
        checkReachable(row!, clock());
        await recomputePolicyTickets(repo, row!);
        return serializePolicy(row!);
      }),
    /** Open tickets of a deleted policy lose their SLA (closed ones keep MET/BREACHED). */
    deletePolicy: (id: string) =>
      deps.transaction(async (repo) => {
        const [before] = await repo.policiesByIds([id]);
        if (!before) throw notFound();
        for (const ticket of await repo.openTicketsOfPolicy(id))
          await repo.updateTicket(ticket.id, { ...NO_SLA, slaPolicyId: null });
        await repo.deletePolicy(id);
      }),

    /** The ticket hooks the help desk service calls inside its transactions. */
    hooks: {
      /**
       * A new ticket: the team of the first matching rule, an assignee by the team's method
       * (unless one was given), history entries saying why (returned for the help desk to write), and
       * the SLA clock started.
       */
      async ticketCreated(
        tx: DbOrTx,
        ticket: TicketRowForFlow,
      ): Promise<{ drafts: NotificationDraft[]; history: FlowHistoryEntry[] }> {
        const repo = createFlowRepository(tx);
        const now = clock();
        const facts = await factsOf(repo, ticket);
        const drafts: NotificationDraft[] = [];
        const history: FlowHistoryEntry[] = [];
        const changes: Partial<TicketRowForFlow> = {};
        const rule = await repo.firstMatchingRule(facts);
        if (rule) {
          changes.teamId = rule.teamId;
          let assigneeId: string | null = null;
          if (!ticket.assigneeId && rule.assignment === 'ROUND_ROBIN') assigneeId = await repo.nextRoundRobin(rule.teamId);
          if (!ticket.assigneeId && rule.assignment === 'LEAST_OPEN') assigneeId = await repo.leastOpenMember(rule.teamId);
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
        if (Object.keys(changes).length) await repo.updateTicket(ticket.id, changes);
        return { drafts, history };
      },

      /** Status, priority or type changed: pause/resume the clock and recompute (re-matching the policy). */
      async ticketUpdated(tx: DbOrTx, before: TicketRowForFlow, after: TicketRowForFlow): Promise<void> {
        const statusChanged = before.ticketStatus !== after.ticketStatus;
        const matchChanged = before.priority !== after.priority || before.ticketType !== after.ticketType;
        if (!statusChanged && !matchChanged) return;
        const repo = createFlowRepository(tx);
        const now = clock();
        let policy: SlaPolicyRow | undefined;
        if (matchChanged) policy = await repo.firstMatchingPolicy(await factsOf(repo, after));
        else if (after.slaPolicyId) [policy] = await repo.policiesByIds([after.slaPolicyId]);
        if (!policy) {
          if (matchChanged || after.slaStatus !== 'NONE') await repo.updateTicket(after.id, { ...NO_SLA, slaPolicyId: null });
          return;
        }
        const targets = targetsOf(policy)!;
        let pausedMinutes = after.slaPausedMinutes;
        let pausedAt = after.slaPausedAt;
        if (statusChanged && before.ticketStatus === 'ON_HOLD') {
          pausedMinutes = resumedPausedMinutes(pausedMinutes, pausedAt, now, targets.calendar);
          pausedAt = null;
        }
        if (statusChanged && after.ticketStatus === 'ON_HOLD') pausedAt = now;
        const previousStatus = statusChanged && before.ticketStatus === 'CLOSED' ? 'ON_TRACK' : after.slaStatus;
        const state = slaState(targets, { ...slaInputOf(after), pausedMinutes, pausedAt, previousStatus }, now);
        await repo.updateTicket(after.id, { slaPolicyId: policy.id, ...state });
      },

      /** A staff member's reply (not an internal note) is the first response, once. */
      async staffReplied(tx: DbOrTx, ticket: TicketRowForFlow): Promise<void> {
        if (ticket.firstRespondedAt) return;
        const repo = createFlowRepository(tx);
        const now = clock();
        const [policy] = ticket.slaPolicyId ? await repo.policiesByIds([ticket.slaPolicyId]) : [];
        const withReply = { ...ticket, firstRespondedAt: now };
        const state = policy ? slaState(targetsOf(policy), slaInputOf(withReply), now) : {};
        await repo.updateTicket(ticket.id, { firstRespondedAt: now, ...state });
      },
    },
  };
}

export type FlowService = ReturnType<typeof createFlowService>;
export type TicketFlowHooks = FlowService['hooks'];
