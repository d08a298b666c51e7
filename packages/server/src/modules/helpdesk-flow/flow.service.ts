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
import type { TicketPriority, TicketType } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { DbOrTx } from '../../platform/db';
import { type FieldErrors, invalidPk, notFound, ValidationError } from '../../platform/errors';
import { FLOW_ERRORS } from './flow.errors';
import { addBusinessMinutes } from './business-time';
import { createFlowRepository, type FlowRepository, type RoutingRuleRow, type SlaPolicyRow, type TeamRow } from './flow.repository';
import { NO_SLA, slaState } from './sla-clock';
import { createTicketFlowHooks, slaInputOf, targetsOf } from './ticket-hooks';
import type { FlowTicketStore } from './flow-tickets';

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
      errors[field] = [FLOW_ERRORS.message('TARGET_OUT_OF_REACH')];
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export interface FlowServiceDeps {
  db: DbOrTx;
  transaction: <T>(work: (repository: FlowRepository, tx: DbOrTx) => Promise<T>) => Promise<T>;
  /** The help desk's tickets (flow-tickets.ts): the flow sets their team, assignee and SLA through it. */
  tickets: FlowTicketStore;
  now?: () => Date;
}

/**
 * Teams, routing rules and SLA policies (CRUD; a changed policy recomputes its open tickets), and
 * `hooks`, what they do to tickets (ticket-hooks.ts), run inside the help desk's own transaction.
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
  async function recomputePolicyTickets(tx: DbOrTx, policy: SlaPolicyRow) {
    const now = clock();
    const targets = targetsOf(policy);
    const tickets = deps.tickets(tx);
    for (const ticket of await tickets.openTicketsOfPolicy(policy.id)) {
      const state = slaState(targets, slaInputOf(ticket), now);
      await tickets.setFlowFields(ticket.id, state);
    }
  }

  return {
    /** The ticket hooks the help desk service calls inside its transactions. */
    hooks: createTicketFlowHooks(clock, deps.tickets),

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
      deps.transaction(async (repo, tx) => {
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
        await recomputePolicyTickets(tx, row!);
        return serializePolicy(row!);
      }),
    /** Open tickets of a deleted policy lose their SLA (closed ones keep MET/BREACHED). */
    deletePolicy: (id: string) =>
      deps.transaction(async (repo, tx) => {
        const [before] = await repo.policiesByIds([id]);
        if (!before) throw notFound();
        const tickets = deps.tickets(tx);
        for (const ticket of await tickets.openTicketsOfPolicy(id))
          await tickets.setFlowFields(ticket.id, { ...NO_SLA, slaPolicyId: null });
        await repo.deletePolicy(id);
      }),

  };
}

export type FlowService = ReturnType<typeof createFlowService>;
