import type { DbOrTx } from '../../platform/db';
import { type FieldErrors, invalidPk, ValidationError } from '../../platform/errors';
import { allocationScopeOf } from '../records/index';
import { HELPDESK_ERRORS } from './helpdesk.errors';
import { createTicketSitesRepository, type SiteIds, type TicketSitesRepository, type Viewer } from './ticket-sites.repository';

/**
 * Tickets belong to sites (spec platform §13.1): a client and/or one of its cost centres. This file holds
 * the rules: which ids a user may set (inside their allocation when they are an Operation or Site
 * user) and how client and cost centre stay consistent. Their statements, the default site of a
 * user allocated exactly one cost centre and the allocation scope of the staff ticket list are
 * ticket-sites.repository.ts's.
 */

export type { SiteIds };

/** Whether a ticket is inside the viewer's staff scope, on `db` (other modules ask through the face). */
export function ticketInScope(db: DbOrTx, user: Viewer | null, ticketId: string): Promise<boolean> {
  return createTicketSitesRepository(db).ticketInScope(user, ticketId);
}

/** Whether a ticket exists inside the viewer's staff scope (the ticket read permission is the caller's check). */
export function ticketVisible(db: DbOrTx, user: Viewer, ticketId: string): Promise<boolean> {
  return createTicketSitesRepository(db).ticketVisible(user, ticketId);
}

/**
 * The site a ticket ends up with after `input` (undefined: unchanged, null: cleared) on top of
 * `current`. A cost centre brings its client; a cost centre of another client than the one given
 * is refused; a new client drops a cost centre that is not its own. Ids outside the caller's
 * allocation answer like unknown ones (400 naming the field), so nothing about them leaks.
 */
export async function resolveSite(
  sites: Pick<TicketSitesRepository, 'costCentreWithin' | 'clientWithin' | 'clientOfCostCentre'>,
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
    const row = await sites.costCentreWithin(input.cost_centre, scope ? scope.costCentre.all : undefined);
    if (!row) errors.cost_centre = [invalidPk(input.cost_centre)];
    else costCentreClient = row.clientId;
  }
  if (input.client) {
    const known = await sites.clientWithin(input.client, scope ? scope.client.all : undefined);
    // A scoped user may still name the client of a cost centre in their allocation.
    if (!known && !(costCentreClient && costCentreClient === input.client)) errors.client = [invalidPk(input.client)];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  if (input.client !== undefined) clientId = input.client;
  if (input.cost_centre !== undefined) costCentreId = input.cost_centre;
  if (input.cost_centre && costCentreClient) {
    if (input.client && input.client !== costCentreClient)
      throw HELPDESK_ERRORS.onField('cost_centre', 'COST_CENTRE_OF_OTHER_CLIENT');
    clientId = costCentreClient;
  } else if (input.client !== undefined && costCentreId && input.cost_centre === undefined) {
    // The client changed under a cost centre: keep the cost centre only if it is the new client's
    // (undefined: the cost centre is gone, which drops it too).
    if ((await sites.clientOfCostCentre(costCentreId)) !== input.client) costCentreId = null;
  }
  return { clientId, costCentreId };
}
