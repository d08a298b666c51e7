import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { together, type DbOrTx } from '../../platform/db';
import { idIn } from '../../list-query/list-page';
import { helpdeskTeamMembers, helpdeskTeams, routingRules, slaPolicies } from '../../db/schema/helpdesk-flow';
import { users } from '../identity/index';
import { clients, costCentres, industries, legalEntities } from '../records/index';

export type TeamRow = typeof helpdeskTeams.$inferSelect;
export type RoutingRuleRow = typeof routingRules.$inferSelect;
export type SlaPolicyRow = typeof slaPolicies.$inferSelect;

/** Where a ticket is, for rules naming an industry, legal entity or site. */
export interface TicketSite {
  costCentreId: string | null;
  industryId: string | null;
  legalEntityId: string | null;
}

/** What a rule or policy matches on. */
export interface TicketFacts extends TicketSite {
  ticketType: string;
  priority: string;
}

/**
 * Who automatic assignment (round robin, least open) may pick: active people. Superusers (the
 * bootstrap admin of ensure-admin; the API cannot make one) and Service Accounts (user type 3)
 * stay team members for manual assignment but are never handed tickets (docs/decisions.md).
 */
const assignablePerson = and(eq(users.isActive, true), eq(users.isSuperuser, false), sql`${users.userType} <> 3`);

const anyOr = (column: Parameters<typeof eq>[0], value: string | null) =>
  value === null ? sql`${column} is null` : sql`(${column} is null or ${column} = ${value})`;

/** What `firstMatchingPolicy` reads of the facts: tickets with the same key match the same policy. */
export const policyFactsKey = (facts: TicketFacts): string => JSON.stringify([facts.ticketType, facts.priority, facts.industryId]);

export function createFlowRepository(db: DbOrTx) {
  return {
    // Teams
    async teamsWithMembers(ids: string[]): Promise<(TeamRow & { members: string[] })[]> {
      if (!ids.length) return [];
      const [rows, members] = await together(db, [
        () => db.select().from(helpdeskTeams).where(inArray(helpdeskTeams.id, ids)),
        () => db.select().from(helpdeskTeamMembers).where(inArray(helpdeskTeamMembers.teamId, ids)).orderBy(helpdeskTeamMembers.userId),
      ]);
      return rows.map((row) => ({ ...row, members: members.filter((m) => m.teamId === row.id).map((m) => m.userId) }));
    },
    async insertTeam(values: typeof helpdeskTeams.$inferInsert): Promise<TeamRow> {
      const [row] = await db.insert(helpdeskTeams).values(values).returning();
      return row!;
    },
    async updateTeam(id: string, values: Partial<typeof helpdeskTeams.$inferInsert>): Promise<TeamRow | undefined> {
      const [row] = await db.update(helpdeskTeams).set(values).where(eq(helpdeskTeams.id, id)).returning();
      return row;
    },
    async deleteTeam(id: string): Promise<boolean> {
      return (await db.delete(helpdeskTeams).where(eq(helpdeskTeams.id, id)).returning({ id: helpdeskTeams.id })).length > 0;
    },
    async replaceMembers(teamId: string, userIds: string[]): Promise<void> {
      await db.delete(helpdeskTeamMembers).where(eq(helpdeskTeamMembers.teamId, teamId));
      if (userIds.length) await db.insert(helpdeskTeamMembers).values(userIds.map((userId) => ({ teamId, userId })));
    },
    async teamMemberIds(teamIds: string[]): Promise<{ teamId: string; userId: string }[]> {
      if (!teamIds.length) return [];
      return db
        .select({ teamId: helpdeskTeamMembers.teamId, userId: helpdeskTeamMembers.userId })
        .from(helpdeskTeamMembers)
        .innerJoin(users, and(eq(users.id, helpdeskTeamMembers.userId), eq(users.isActive, true)))
        .where(inArray(helpdeskTeamMembers.teamId, teamIds));
    },

    /**
     * Round robin: one UPDATE advances the team's counter (the row lock makes concurrent
     * assignments take turns), then the counter picks among the assignable members (see assignablePerson) in a fixed order.
     */
    async nextRoundRobin(teamId: string): Promise<string | null> {
      const [team] = await db
        .update(helpdeskTeams)
        .set({ rrCounter: sql`${helpdeskTeams.rrCounter} + 1` })
        .where(eq(helpdeskTeams.id, teamId))
        .returning({ counter: helpdeskTeams.rrCounter });
      if (!team) return null;
      const members = await this.assignableMembers(teamId);
      if (!members.length) return null;
      return members[(Number(team.counter) - 1) % members.length]!;
    },

    /** Locks the team's row (least-open assignment takes turns on it, as round robin does on its counter). */
    async lockTeam(teamId: string): Promise<void> {
      await db.select({ id: helpdeskTeams.id }).from(helpdeskTeams).where(eq(helpdeskTeams.id, teamId)).for('update');
    },

    /** The members automatic assignment picks from, in a fixed order. */
    async assignableMembers(teamId: string): Promise<string[]> {
      const rows = await db
        .select({ id: helpdeskTeamMembers.userId })
        .from(helpdeskTeamMembers)
        .innerJoin(users, and(eq(users.id, helpdeskTeamMembers.userId), assignablePerson))
        .where(eq(helpdeskTeamMembers.teamId, teamId))
        .orderBy(asc(helpdeskTeamMembers.userId));
      return rows.map((r) => r.id);
    },

    // Routing rules
    async rulesByIds(ids: string[]): Promise<RoutingRuleRow[]> {
      if (!ids.length) return [];
      return db.select().from(routingRules).where(inArray(routingRules.id, ids));
    },
    async insertRule(values: typeof routingRules.$inferInsert): Promise<RoutingRuleRow> {
      const [row] = await db.insert(routingRules).values(values).returning();
      return row!;
    },
    async updateRule(id: string, values: Partial<typeof routingRules.$inferInsert>): Promise<RoutingRuleRow | undefined> {
      const [row] = await db.update(routingRules).set(values).where(eq(routingRules.id, id)).returning();
      return row;
    },
    async deleteRule(id: string): Promise<boolean> {
      return (await db.delete(routingRules).where(eq(routingRules.id, id)).returning({ id: routingRules.id })).length > 0;
    },
    /** The first rule (by position) whose every condition is empty or matches: one statement. */
    async firstMatchingRule(
      facts: TicketFacts,
    ): Promise<(RoutingRuleRow & { teamName: string; assignment: string }) | undefined> {
      const [row] = await db
        .select({ rule: routingRules, teamName: helpdeskTeams.name, assignment: helpdeskTeams.assignment })
        .from(routingRules)
        .innerJoin(helpdeskTeams, eq(helpdeskTeams.id, routingRules.teamId))
        .where(
          and(
            anyOr(routingRules.ticketType, facts.ticketType),
            anyOr(routingRules.priority, facts.priority),
            anyOr(routingRules.industryId, facts.industryId),
            anyOr(routingRules.legalEntityId, facts.legalEntityId),
            anyOr(routingRules.costCentreId, facts.costCentreId),
          ),
        )
        .orderBy(routingRules.position, routingRules.id)
        .limit(1);
      return row ? { ...row.rule, teamName: row.teamName, assignment: row.assignment } : undefined;
    },

    // SLA policies
    async policiesByIds(ids: string[]): Promise<SlaPolicyRow[]> {
      if (!ids.length) return [];
      return db.select().from(slaPolicies).where(inArray(slaPolicies.id, ids));
    },
    async insertPolicy(values: typeof slaPolicies.$inferInsert): Promise<SlaPolicyRow> {
      const [row] = await db.insert(slaPolicies).values(values).returning();
      return row!;
    },
    async updatePolicy(id: string, values: Partial<typeof slaPolicies.$inferInsert>): Promise<SlaPolicyRow | undefined> {
      const [row] = await db.update(slaPolicies).set(values).where(eq(slaPolicies.id, id)).returning();
      return row;
    },
    async deletePolicy(id: string): Promise<boolean> {
      return (await db.delete(slaPolicies).where(eq(slaPolicies.id, id)).returning({ id: slaPolicies.id })).length > 0;
    },
    async firstMatchingPolicy(facts: TicketFacts): Promise<SlaPolicyRow | undefined> {
      const [row] = await db
        .select()
        .from(slaPolicies)
        .where(
          and(
            anyOr(slaPolicies.ticketType, facts.ticketType),
            anyOr(slaPolicies.priority, facts.priority),
            anyOr(slaPolicies.industryId, facts.industryId),
          ),
        )
        .orderBy(slaPolicies.position, slaPolicies.id)
        .limit(1);
      return row;
    },
    async userNames(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: users.id, name: sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})` })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    /** The industry and legal entity of a site (cost centre first, then client). */
    async siteOf(costCentreId: string | null, clientId: string | null): Promise<TicketSite> {
      if (costCentreId) {
        const [row] = await db
          .select({
            industryId: costCentres.industryId,
            legalEntityId: costCentres.legalEntityId,
            clientIndustry: clients.industryId,
          })
          .from(costCentres)
          .leftJoin(clients, eq(clients.id, costCentres.clientId))
          .where(eq(costCentres.id, costCentreId));
        if (row)
          return { costCentreId, industryId: row.industryId ?? row.clientIndustry ?? null, legalEntityId: row.legalEntityId };
      }
      if (clientId) {
        const [row] = await db
          .select({ industryId: clients.industryId, legalEntityId: clients.legalEntityId })
          .from(clients)
          .where(eq(clients.id, clientId));
        if (row) return { costCentreId: null, industryId: row.industryId, legalEntityId: row.legalEntityId };
      }
      return { costCentreId: null, industryId: null, legalEntityId: null };
    },
    /**
     * `siteOf` for each of `refs`, in their order: the cost centres in one statement, the clients of
     * those without one (or whose cost centre is gone) in another.
     */
    async sitesOf(refs: { costCentreId: string | null; clientId: string | null }[]): Promise<TicketSite[]> {
      const centreIds = [...new Set(refs.flatMap((r) => (r.costCentreId ? [r.costCentreId] : [])))];
      const centres = new Map(
        (centreIds.length
          ? await db
              .select({ id: costCentres.id, industryId: costCentres.industryId, legalEntityId: costCentres.legalEntityId, clientIndustry: clients.industryId })
              .from(costCentres)
              .leftJoin(clients, eq(clients.id, costCentres.clientId))
              .where(idIn(costCentres.id, centreIds))
          : []
        ).map((row) => [row.id, row]),
      );
      const clientIds = [...new Set(refs.flatMap((r) => (r.clientId && !(r.costCentreId && centres.has(r.costCentreId)) ? [r.clientId] : [])))];
      const clientRows = new Map(
        (clientIds.length
          ? await db.select({ id: clients.id, industryId: clients.industryId, legalEntityId: clients.legalEntityId }).from(clients).where(idIn(clients.id, clientIds))
          : []
        ).map((row) => [row.id, row]),
      );
      return refs.map(({ costCentreId, clientId }) => {
        const centre = costCentreId ? centres.get(costCentreId) : undefined;
        if (centre) return { costCentreId, industryId: centre.industryId ?? centre.clientIndustry ?? null, legalEntityId: centre.legalEntityId };
        const client = clientId ? clientRows.get(clientId) : undefined;
        if (client) return { costCentreId: null, industryId: client.industryId, legalEntityId: client.legalEntityId };
        return { costCentreId: null, industryId: null, legalEntityId: null };
      });
    },
    /** Which of the ids exist in each referenced table (one statement per non-empty table). */
    async existing(refs: {
      users?: string[];
      industries?: string[];
      legalEntities?: string[];
      costCentres?: string[];
      teams?: string[];
    }) {
      const check = async (
        table: typeof users | typeof industries | typeof legalEntities | typeof costCentres | typeof helpdeskTeams,
        ids: string[] | undefined,
        active = false,
      ) => {
        if (!ids?.length) return new Set<string>();
        const where = active ? and(inArray(table.id, ids), eq(users.isActive, true)) : inArray(table.id, ids);
        const rows = await db.select({ id: table.id }).from(table).where(where);
        return new Set(rows.map((r) => r.id));
      };
      return {
        users: await check(users, refs.users, true),
        industries: await check(industries, refs.industries),
        legalEntities: await check(legalEntities, refs.legalEntities),
        costCentres: await check(costCentres, refs.costCentres),
        teams: await check(helpdeskTeams, refs.teams),
      };
    },
  };
}

export type FlowRepository = ReturnType<typeof createFlowRepository>;
