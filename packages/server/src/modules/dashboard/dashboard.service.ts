import { DASHBOARD_WINDOW_DAYS, type Dashboard } from '@ops/contract/dashboard/dashboard.schemas';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@ops/contract/helpdesk/helpdesk.schemas';
import { together, type DbOrTx } from '../../platform/db';
import type { AuthUser } from '../../platform/auth';
import { allocationScopeOf } from '../records/index';
import { ticketScopeCondition } from '../helpdesk/index';
import { createSiteCheckReads } from '../sitechecks/index';
import { attentionTickets, clientChanges, ticketFigures } from './dashboard.queries';

export interface DashboardRequest {
  user: AuthUser;
  can: (model: string) => Promise<boolean>;
  now?: Date;
}

/**
 * Home's dashboard (GET /api/helpdesk/dashboard/, `ticket.read` like the staff
 * ticket list): three statements besides the cached permission lookup, two more for the
 * "Site checks" card (the caller's zone, today's runs) with read on site check runs. The
 * ticket figures follow the staff ticket list's scope (allocation of
 * Operation and Site users), the client changes the client list's
 * (`client.read`, allocated clients).
 */
export function createDashboardService(db: DbOrTx) {
  const siteCheckReads = createSiteCheckReads(db);
  return {
    async get({ user, can, now = new Date() }: DashboardRequest): Promise<Dashboard> {
      // The route already checked ticket read (403 otherwise).
      const readsClients = await can('client');
      const since = new Date(now.getTime() - DASHBOARD_WINDOW_DAYS * 24 * 3600 * 1000);
      since.setUTCHours(0, 0, 0, 0);

      let ticketSection: Dashboard['tickets'];
      {
        const scope = ticketScopeCondition(user);
        const [figures, attention] = await together(db, [() => ticketFigures(db, scope, user.id, since), () => attentionTickets(db, scope)]);
        const sum = (key: 'assigned_to_me_open' | 'unassigned_open' | 'overdue' | 'at_risk') => figures.reduce((total, row) => total + row[key], 0);
        const created = (match: (row: (typeof figures)[number]) => boolean) => figures.filter(match).reduce((total, row) => total + row.created_in_window, 0);
        ticketSection = {
          assigned_to_me_open: sum('assigned_to_me_open'),
          unassigned_open: sum('unassigned_open'),
          overdue: sum('overdue'),
          at_risk: sum('at_risk'),
          by_status: TICKET_STATUSES.map((status) => ({ ticket_status: status, count: created((row) => row.ticket_status === status) })),
          by_priority: TICKET_PRIORITIES.map((priority) => ({ priority, count: created((row) => row.priority === priority) })),
          attention: attention as Dashboard['tickets']['attention'],
        };
      }

      let changes: Dashboard['client_changes'] = null;
      if (readsClients) {
        const rows = await clientChanges(db, allocationScopeOf(user)?.client.all);
        changes = rows.map((row) => ({
          id: row.id,
          client: { id: row.client_id, name: row.client_name },
          action: row.action,
          at: row.at,
          user: row.user_id ? { id: row.user_id, full_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() } : null,
          fields: row.fields ?? [],
        }));
      }
      // The "Site checks" card: today (in the caller's zone) at the caller's sites, as the run list scopes them.
      let siteChecks: Dashboard['site_checks'] = null;
      if (await can('sitecheckrun')) siteChecks = await siteCheckReads.today(user, now);
      return { since: since.toISOString(), tickets: ticketSection, client_changes: changes, site_checks: siteChecks };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
