import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints } from '../../api/endpoint-routes';
import { DASHBOARD_OPEN_STATUSES } from '@ops/contract/dashboard/dashboard.schemas';
import type { TicketPriority, TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { callEndpoint } from '../../api/http-client';
import { homeKeys } from './home.queries';

/** Home's dashboard: every figure in one request (GET helpdesk/dashboard/). */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: [...homeKeys.all, 'dashboard'] as const,
    queryFn: () => callEndpoint(dashboardEndpoints.get),
    staleTime: 60_000,
  });

/** The staff ticket list with `filters` in its URL, as the list keeps them (spec platform §13.4). */
export function ticketListLink(filters: Record<string, unknown>): string {
  return `/all-tickets?${new URLSearchParams({ filters: JSON.stringify(filters) }).toString()}`;
}

const open = { ticket_status__in: [...DASHBOARD_OPEN_STATUSES] };

/** Where each dashboard figure leads: the list filtered to exactly the tickets the figure counts. */
export const dashboardLinks = {
  assignedToMe: (userId: string) => ticketListLink({ ...open, assignee: userId }),
  unassigned: () => ticketListLink({ ...open, assignee__isnull: true }),
  overdue: () => ticketListLink({ ...open, sla_status: 'BREACHED' }),
  atRisk: () => ticketListLink({ ...open, sla_status: 'AT_RISK' }),
  status: (status: TicketStatus, since: string) => ticketListLink({ ticket_status: status, created_at__gte: since }),
  priority: (priority: TicketPriority, since: string) => ticketListLink({ priority, created_at__gte: since }),
  ticket: (id: string) => `/all-tickets/${id}`,
  client: (id: string) => `/clients/${id}`,
};
