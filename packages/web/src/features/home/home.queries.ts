import { queryOptions } from '@tanstack/react-query';
import { accountsEndpoints, adpEndpoints, baseEndpoints, googleSyncEndpoints, operationsEndpoints, staffTicketEndpoints } from '../../api/endpoint-routes';
import type { EndpointRoute } from '../../api/http-client';
import { callList } from '../../shared/ui/list-page/list-source';
import { OPEN_TICKET_FILTER } from '../tickets/tickets.queries';

/** A count on Home: a list endpoint the user may read, asked for one row so only its count travels. */
export interface RecordCount {
  key: string;
  label: string;
  /** The permission model that must be readable. */
  model: string;
  endpoint: EndpointRoute;
  filters?: string;
  /** Where the count leads. */
  to: string;
}

export const RECORD_COUNTS: RecordCount[] = [
  { key: 'clients', label: 'Clients', model: 'client', endpoint: accountsEndpoints.clients.list, to: '/clients' },
  { key: 'cost-centres', label: 'Cost centres', model: 'costcentre', endpoint: operationsEndpoints.costCentres.list, to: '/cost-center' },
  { key: 'contact-persons', label: 'Contact people', model: 'contactperson', endpoint: accountsEndpoints.contactPersons.list, to: '/contact-person' },
  { key: 'open-tickets', label: 'Open tickets', model: 'ticket', endpoint: staffTicketEndpoints.list, filters: OPEN_TICKET_FILTER, to: '/all-tickets' },
  { key: 'employees', label: 'Staff', model: 'employee', endpoint: adpEndpoints.listEmployees, to: '/directory/all-staff?view=list' },
  { key: 'office-users', label: 'Office users', model: 'directoryuser', endpoint: googleSyncEndpoints.listOfficeUsers, to: '/office-users' },
  { key: 'brands', label: 'Brands', model: 'brand', endpoint: operationsEndpoints.brands.list, to: '/brands' },
  { key: 'legal-entities', label: 'Legal entities', model: 'legalentity', endpoint: baseEndpoints.legalEntities.list, to: '/legal-entities' },
];

export const homeKeys = {
  all: ['home'] as const,
  count: (key: string) => [...homeKeys.all, 'count', key] as const,
};

export const recordCountQuery = (count: RecordCount) =>
  queryOptions({
    queryKey: homeKeys.count(count.key),
    queryFn: async ({ signal }) => (await callList(count.endpoint, undefined, { limit: '1', ...(count.filters ? { filters: count.filters } : {}) }, signal)).count,
    staleTime: 60_000,
  });
