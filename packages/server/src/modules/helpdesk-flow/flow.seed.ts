import { and, eq, inArray } from 'drizzle-orm';
import { helpdeskTeams, routingRules, slaPolicies } from '../../db/schema/helpdesk-flow';
import { users } from '../identity/index';
import type { DemoSeeder } from '../../platform/demo-seeder';
import { createFlowRepository } from './flow.repository';
import type { DemoTicketWriter, FlowTicketStore } from './flow-tickets';
import { targetsOf } from './ticket-hooks';
import { slaState } from './sla-clock';

const SYDNEY_WEEKDAYS = {
  timezone: 'Australia/Sydney',
  days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [['08:00', '17:00']]])),
};
const ROUND_THE_CLOCK = {
  timezone: 'Australia/Sydney',
  days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]])),
};
/** NSW public holidays 2026-2027. */
const NSW_HOLIDAYS = [
  '2026-01-01',
  '2026-01-26',
  '2026-04-03',
  '2026-04-04',
  '2026-04-05',
  '2026-04-06',
  '2026-04-25',
  '2026-06-08',
  '2026-10-05',
  '2026-12-25',
  '2026-12-28',
  '2027-01-01',
  '2027-01-26',
  '2027-03-26',
  '2027-03-29',
  '2027-04-26',
  '2027-06-14',
  '2027-10-04',
  '2027-12-27',
  '2027-12-28',
];

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/**
 * Teams, routing rules and SLA policies, the open demo tickets routed and put on the SLA clock,
 * and three fresh urgent tickets (on track, at risk, breached) so the board and the list show
 * every colour. Runs after the help desk seeder; does nothing when the teams exist.
 */
export const createHelpdeskFlowDemoSeeder = (ticketWriter: DemoTicketWriter, ticketsOf: FlowTicketStore): DemoSeeder => ({
  key: 'helpdesk-flow',
  name: 'help desk teams, routing and SLAs',
  async run(ctx) {
    const { db } = ctx.database;
    const [existing] = await db.select({ id: helpdeskTeams.id }).from(helpdeskTeams).limit(1);
    if (existing) return;
    await db.transaction(async (tx) => {
      const flow = createFlowRepository(tx);
      const tickets = ticketsOf(tx);
      const agents = await tx
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        // People only: the bootstrap superuser is no agent (automatic assignment skips it anyway).
        .where(and(eq(users.isActive, true), eq(users.isSuperuser, false), inArray(users.userType, [1, 2])))
        .orderBy(users.dateJoined, users.id)
        .limit(8);
      const ids = agents.map((a) => a.id);
      const kitchen = await flow.insertTeam({ name: 'Kitchen & Catering Support', assignment: 'ROUND_ROBIN' });
      const care = await flow.insertTeam({ name: 'Care Services Desk', assignment: 'LEAST_OPEN' });
      const it = await flow.insertTeam({ name: 'IT & Systems', assignment: 'MANUAL' });
      await flow.replaceMembers(
        kitchen.id,
        ids.filter((_, i) => i % 2 === 0),
      );
      await flow.replaceMembers(
        care.id,
        ids.filter((_, i) => i % 2 === 1).length ? ids.filter((_, i) => i % 2 === 1) : ids.slice(0, 1),
      );
      await flow.replaceMembers(it.id, ids.slice(0, 2));
      await tx.insert(routingRules).values([
        { position: 10, ticketType: 'INCIDENT', teamId: it.id },
        { position: 20, ticketType: 'ALERTS', teamId: it.id },
        { position: 30, priority: 'URGENT', teamId: care.id },
        { position: 40, ticketType: 'SERVICE_REQUEST', teamId: kitchen.id },
        { position: 100, teamId: kitchen.id },
      ]);
      await tx.insert(slaPolicies).values([
        {
          name: 'Urgent, round the clock',
          position: 10,
          priority: 'URGENT',
          firstResponseMinutes: 30,
          resolutionMinutes: 240,
          businessHours: ROUND_THE_CLOCK,
          holidays: [],
        },
        {
          name: 'High priority',
          position: 20,
          priority: 'HIGH',
          firstResponseMinutes: 60,
          resolutionMinutes: 540,
          businessHours: SYDNEY_WEEKDAYS,
          holidays: NSW_HOLIDAYS,
        },
        {
          name: 'Standard',
          position: 100,
          firstResponseMinutes: 240,
          resolutionMinutes: 1620,
          businessHours: SYDNEY_WEEKDAYS,
          holidays: NSW_HOLIDAYS,
        },
      ]);

      // Three fresh urgent tickets: on track, at risk, breached.
      const now = new Date();
      const [requester] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isActive, true), inArray(users.userType, [4, 5, 6])))
        .limit(1);
      const fresh = [
        { title: 'Dishwasher leaking onto the kitchen floor', minutesAgo: 20, status: 'OPEN' as const },
        { title: 'Walk-in freezer alarm sounding', minutesAgo: 200, status: 'IN_PROGRESS' as const, respondedAfter: 10 },
        { title: 'Nurse call system offline in wing B', minutesAgo: 300, status: 'IN_PROGRESS' as const, respondedAfter: 45 },
      ];
      for (const [i, sample] of fresh.entries()) {
        const createdAt = new Date(now.getTime() - sample.minutesAgo * 60_000);
        const assigneeId = ids.length ? ((await flow.nextRoundRobin(care.id)) ?? ids[i % ids.length]!) : null;
        const ticket = await ticketWriter.insertTicket(tx, {
          title: sample.title,
          ticketType: 'ISSUE',
          priority: 'URGENT',
          ticketStatus: sample.status,
          ticketContent: doc(sample.title),
          metaData: { user_agent: 'Mozilla/5.0 (demo data)', timezone: 'Australia/Sydney', ip: null, source: 'help-drawer' },
          requesterId: requester?.id ?? ids[0]!,
          assigneeId,
          createdById: requester?.id ?? ids[0]!,
          createdAt,
          updatedAt: createdAt,
          teamId: care.id,
          firstRespondedAt: sample.respondedAfter ? new Date(createdAt.getTime() + sample.respondedAfter * 60_000) : null,
        });
        await ticketWriter.insertHistory(tx, [
          {
            ticketId: ticket.id,
            field: 'ticket_status',
            toStatus: 'OPEN',
            changedById: ticket.requesterId,
            changedAt: createdAt,
          },
          {
            ticketId: ticket.id,
            field: 'team',
            toValue: care.name,
            reason: 'Routing rule at position 30 matched; team Care Services Desk; least open tickets.',
            changedAt: createdAt,
          },
        ]);
      }

      // Route and time every ticket still open (the older ones mostly breached: they predate the policies).
      const open = await ticketWriter.openTickets(tx);
      for (const ticket of open) {
        const facts = {
          ticketType: ticket.ticketType,
          priority: ticket.priority,
          costCentreId: null,
          industryId: null,
          legalEntityId: null,
        };
        const rule = ticket.teamId ? undefined : await flow.firstMatchingRule(facts);
        const policy = await flow.firstMatchingPolicy(facts);
        const state = slaState(
          targetsOf(policy),
          {
            createdAt: ticket.createdAt,
            ticketStatus: ticket.ticketStatus,
            firstRespondedAt:
              ticket.firstRespondedAt ?? (ticket.assigneeId ? new Date(ticket.createdAt.getTime() + 20 * 60_000) : null),
            pausedMinutes: 0,
            pausedAt: ticket.ticketStatus === 'ON_HOLD' ? ticket.updatedAt : null,
            previousStatus: 'ON_TRACK',
          },
          now,
        );
        await tickets.setFlowFields(ticket.id, {
          ...(rule ? { teamId: rule.teamId } : {}),
          ...(policy
            ? {
                slaPolicyId: policy.id,
                ...state,
                firstRespondedAt:
                  ticket.firstRespondedAt ?? (ticket.assigneeId ? new Date(ticket.createdAt.getTime() + 20 * 60_000) : null),
              }
            : {}),
        });
      }
      await ticketWriter.analyzeTickets(tx);
    });
  },
});
