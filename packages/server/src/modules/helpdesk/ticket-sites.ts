import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { type FieldErrors, invalidPk, ValidationError } from '../../platform/errors';
import { tickets } from '../../db/schema/helpdesk';
import { allocations, clients, costCentres } from '../records/index';
import { allocationScopeOf } from '../records/index';
import { HELPDESK_ERRORS } from './helpdesk.errors';

/**
 * Tickets belong to sites (spec platform §13.1): a client and/or one of its cost centres. This file holds
 * the rules: which ids a user may set (inside their allocation when they are an Operation or Site
 * user), how client and cost centre stay consistent, the default site of a user allocated exactly
 * one cost centre, and the allocation scope of the staff ticket list.
 */

export interface SiteIds {
  clientId: string | null;
  costCentreId: string | null;
}

type Viewer = { id: string; userType: number; isSuperuser: boolean };


/**
 * The tickets an Operation or Site user reaches on the staff side: those about a client or cost
 * centre inside their allocation, and those they raised or are assigned. Undefined: no bound.
 */
export function ticketScopeCondition(user: Viewer | null): SQL | undefined {
  const conditions = allocationScopeOf(user);
  if (!conditions || !user) return undefined;
  return or(
    sql`${tickets.costCentreId} in (select ${costCentres.id} from ${costCentres} where ${conditions.costCentre.all})`,
    sql`${tickets.clientId} in (select ${clients.id} from ${clients} where ${conditions.client.all})`,
    eq(tickets.requesterId, user.id),
    eq(tickets.assigneeId, user.id),
  );
}

/** Whether a ticket is inside the viewer's staff scope (one statement; true when nothing bounds the viewer). */
export async function ticketInScope(db: DbOrTx, user: Viewer | null, ticketId: string): Promise<boolean> {
  const condition = ticketScopeCondition(user);
  if (!condition) return true;
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), condition))
    .limit(1);
  return rows.length > 0;
}

/** The cost centre of a user with exactly one cost-centre allocation (and its client), else none. */
export async function defaultSiteOf(db: DbOrTx, userId: string): Promise<SiteIds | null> {
  const rows = await db
    .select({ costCentreId: costCentres.id, clientId: costCentres.clientId })
    .from(allocations)
    .innerJoin(costCentres, eq(costCentres.id, allocations.costCentreId))
    .where(and(eq(allocations.userId, userId), isNotNull(allocations.costCentreId)))
    .limit(2);
  return rows.length === 1 ? { clientId: rows[0]!.clientId, costCentreId: rows[0]!.costCentreId } : null;
}

/**
 * The site a ticket ends up with after `input` (undefined: unchanged, null: cleared) on top of
 * `current`. A cost centre brings its client; a cost centre of another client than the one given
 * is refused; a new client drops a cost centre that is not its own. Ids outside the caller's
 * allocation answer like unknown ones (400 naming the field), so nothing about them leaks.
 */
export async function resolveSite(
  db: DbOrTx,
  user: Viewer,
  input: { client?: string | null; cost_centre?: string | null },
  current: SiteIds = { clientId: null, costCentreId: null },
): Promise<SiteIds> {
  const scope = allocationScopeOf(user);
  const errors: FieldErrors = {};
  let clientId = current.clientId;
  let costCentreId = current.costCentreId;

  let costCentreClient: string | null = null;
  if (input.cost_centre) {
    const [row] = await db
      .select({ id: costCentres.id, clientId: costCentres.clientId })
      .from(costCentres)
      .where(and(eq(costCentres.id, input.cost_centre), scope ? scope.costCentre.all : undefined))
      .limit(1);
    if (!row) errors.cost_centre = [invalidPk(input.cost_centre)];
    else costCentreClient = row.clientId;
  }
  if (input.client) {
    const [row] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, input.client), scope ? scope.client.all : undefined))
      .limit(1);
    // A scoped user may still name the client of a cost centre in their allocation.
    if (!row && !(costCentreClient && costCentreClient === input.client)) errors.client = [invalidPk(input.client)];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  if (input.client !== undefined) clientId = input.client;
  if (input.cost_centre !== undefined) costCentreId = input.cost_centre;
  if (input.cost_centre && costCentreClient) {
    if (input.client && input.client !== costCentreClient)
      throw HELPDESK_ERRORS.onField('cost_centre', 'COST_CENTRE_OF_OTHER_CLIENT');
    clientId = costCentreClient;
  } else if (input.client !== undefined && costCentreId && input.cost_centre === undefined) {
    // The client changed under a cost centre: keep the cost centre only if it is the new client's.
    const [row] = await db
      .select({ clientId: costCentres.clientId })
      .from(costCentres)
      .where(eq(costCentres.id, costCentreId))
      .limit(1);
    if (!row || row.clientId !== input.client) costCentreId = null;
  }
  return { clientId, costCentreId };
}
