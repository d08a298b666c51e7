import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { identityEndpoints, staffTicketEndpoints } from '../../api/endpoint-routes';
import type { z } from 'zod';
import type { userWithEmailSchema } from '@ops/contract/common/fields';
import { callEndpoint } from '../../api/http-client';

export type UserWithEmail = z.infer<typeof userWithEmailSchema>;

export const userKeys = {
  all: ['identity', 'users'] as const,
  search: (search: string, people: 'search' | 'assignees' = 'search') => [...userKeys.all, people, search] as const,
};

/** Who may be assigned a ticket (users holding ticket change permission): the first 20 matching the words typed. */
export const assigneeSearchQuery = (search: string) =>
  queryOptions({
    queryKey: userKeys.search(search, 'assignees'),
    queryFn: ({ signal }) =>
      callEndpoint(staffTicketEndpoints.assignees, {
        query: { search: search || undefined, limit: '20', ordering: 'first_name' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Users to pick from (assignee, recipient, copy): the first 20 matching the words typed. */
export const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: userKeys.search(search),
    queryFn: ({ signal }) =>
      callEndpoint(identityEndpoints.listUsers, {
        query: { search: search || undefined, limit: '20', ordering: 'first_name' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
