import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getMyTicket, listMyTickets } from '../../api/helpdesk';

export const myTicketKeys = {
  all: ['helpdesk', 'my-tickets'] as const,
  list: (params: { limit: number; offset: number }) => [...myTicketKeys.all, 'list', params] as const,
  detail: (id: string) => [...myTicketKeys.all, 'detail', id] as const,
};

export const myTicketsQuery = (params: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: myTicketKeys.list(params),
    queryFn: ({ signal }) => listMyTickets(params, signal),
    placeholderData: keepPreviousData,
  });

export const myTicketQuery = (id: string) => queryOptions({ queryKey: myTicketKeys.detail(id), queryFn: ({ signal }) => getMyTicket(id, signal) });
