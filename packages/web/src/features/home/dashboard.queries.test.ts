import { describe, expect, it } from 'vitest';
import { dashboardLinks } from './dashboard.queries';

const filtersOf = (link: string) => {
  const url = new URL(link, 'http://app.test');
  return { path: url.pathname, filters: JSON.parse(url.searchParams.get('filters')!) as Record<string, unknown> };
};
const open = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'REOPENED'];

describe('where each dashboard figure leads', () => {
  it('opens the staff ticket list filtered (in its URL) to exactly the tickets counted', () => {
    expect(filtersOf(dashboardLinks.assignedToMe('u-1'))).toEqual({ path: '/all-tickets', filters: { ticket_status__in: open, assignee: 'u-1' } });
    expect(filtersOf(dashboardLinks.unassigned()).filters).toEqual({ ticket_status__in: open, assignee__isnull: true });
    expect(filtersOf(dashboardLinks.overdue()).filters).toEqual({ ticket_status__in: open, sla_status: 'BREACHED' });
    expect(filtersOf(dashboardLinks.atRisk()).filters).toEqual({ ticket_status__in: open, sla_status: 'AT_RISK' });
    expect(filtersOf(dashboardLinks.status('ON_HOLD', '2026-10-26T00:00:00.000Z')).filters).toEqual({ ticket_status: 'ON_HOLD', created_at__gte: '2026-10-26T00:00:00.000Z' });
    expect(filtersOf(dashboardLinks.priority('URGENT', '2026-10-26T00:00:00.000Z')).filters).toEqual({ priority: 'URGENT', created_at__gte: '2026-10-26T00:00:00.000Z' });
  });
});
