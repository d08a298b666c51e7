import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { identityEndpoints } from '@ops/contract/identity/identity.endpoints';
import type { z } from 'zod';
import type { userWithEmailSchema } from '@ops/contract/common/fields';
import { callEndpoint } from '../../api/http-client';

export type UserWithEmail = z.infer<typeof userWithEmailSchema>;

export const userKeys = {
  all: ['identity', 'users'] as const,
  search: (search: string) => [...userKeys.all, 'search', search] as const,
};

/** Users to pick from (assignee, recipient, copy): the first 20 matching the words typed. */
export const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: userKeys.search(search),
    queryFn: ({ signal }) => callEndpoint(identityEndpoints.listUsers, { query: { search: search || undefined, limit: '20', ordering: 'first_name' }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
