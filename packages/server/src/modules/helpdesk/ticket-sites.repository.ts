import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { tickets } from '../../db/schema/helpdesk';
import { idIn } from '../../list-query/list-page';
import { allocations, allocationScopeOf, clients, costCentres } from '../records/index';

export interface SiteIds {
  clientId: string | null;
  costCentreId: string | null;
}

export type Viewer = { id: string; userType: number; isSuperuser: boolean };

/**
 * The tickets an Operation or Site user reaches on the staff side: those about a client or cost
 * centre inside their allocation, and those they raised or are assigned. Undefined: no bound.
 * A condition, not a statement: the staff ticket list, the dashboard and search put it in theirs.
 */
export function ticketScopeCondition(user: Viewer | null, allocatedClients?: SQL): SQL | undefined {
  const conditions = allocationScopeOf(user, allocatedClients);
  if (!conditions || !user) return undefined;
  return or(
    sql`${tickets.costCentreId} in (select ${costCentres.id} from ${costCentres} where ${conditions.costCentre.all})`,
    sql`${tickets.clientId} in (select ${clients.id} from ${clients} where ${conditions.client.all})`,
    eq(tickets.requesterId, user.id),
    eq(tickets.assigneeId, user.id),
  );
}

/**
 * The statements of a ticket's site (ticket-sites.ts holds the rules that use them): whether a
 * ticket is in a viewer's staff scope, a user's default site, and the site ids a write names, each
 * read inside `scope` (an allocation condition) when one is given.
 */
export function createTicketSitesRepository(db: DbOrTx) {
  return {
    /** Whether a ticket is inside the viewer's staff scope (one statement; true when nothing bounds the viewer). */
    async ticketInScope(user: Viewer | null, ticketId: string): Promise<boolean> {
      const condition = ticketScopeCondition(user);
      if (!condition) return true;
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), condition))
        .limit(1);
      return rows.length > 0;
    },

    /** Which of `ticketIds` are inside the viewer's staff scope (one statement; all of them, and none read, when nothing bounds the viewer). */
    async ticketsInScope(user: Viewer | null, ticketIds: string[]): Promise<Set<string>> {
      const condition = ticketScopeCondition(user);
      if (!condition || !ticketIds.length) return new Set(ticketIds);
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(idIn(tickets.id, ticketIds), condition));
      return new Set(rows.map((row) => row.id));
    },

    /** Whether a ticket exists and is inside the viewer's staff scope (one statement). */
    async ticketVisible(user: Viewer, ticketId: string): Promise<boolean> {
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), ticketScopeCondition(user)))
        .limit(1);
      return rows.length > 0;
    },

    /** The cost centre of a user with exactly one cost-centre allocation (and its client), else none. */
    async defaultSiteOf(userId: string): Promise<SiteIds | null> {
      const rows = await db
        .select({ costCentreId: costCentres.id, clientId: costCentres.clientId })
        .from(allocations)
        .innerJoin(costCentres, eq(costCentres.id, allocations.costCentreId))
        .where(and(eq(allocations.userId, userId), isNotNull(allocations.costCentreId)))
        .limit(2);
      return rows.length === 1 ? { clientId: rows[0]!.clientId, costCentreId: rows[0]!.costCentreId } : null;
    },

    /** A cost centre and its client, when it exists and `scope` (a condition on cost centres) lets it through. */
    async costCentreWithin(id: string, scope: SQL | undefined): Promise<{ id: string; clientId: string } | undefined> {
      const [row] = await db
        .select({ id: costCentres.id, clientId: costCentres.clientId })
        .from(costCentres)
        .where(and(eq(costCentres.id, id), scope))
        .limit(1);
      return row;
    },

    /** Whether a client exists and `scope` (a condition on clients) lets it through. */
    async clientWithin(id: string, scope: SQL | undefined): Promise<boolean> {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, id), scope))
        .limit(1);
      return Boolean(row);
    },

    /** The client of a cost centre (undefined: no such cost centre). */
    async clientOfCostCentre(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ clientId: costCentres.clientId })
        .from(costCentres)
        .where(eq(costCentres.id, id))
        .limit(1);
      return row?.clientId;
    },
  };
}

export type TicketSitesRepository = ReturnType<typeof createTicketSitesRepository>;
