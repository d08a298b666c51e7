import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';

/** Search everything (`GET search/?q=`); nothing is asked for a blank query. */
export function useSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => callEndpoint(searchEndpoints.search, { query: { q: query }, signal }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
