import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { callEndpoint, type CallOptions, type EndpointResult, type EndpointRoute } from '../../api/http-client';
import type { ListSource } from '../../shared/ui/list-page/list-source';

/**
 * Query keys of the business records: `['records', entity, ...]`. A change to
 * any record invalidates `['records']`, because lists embed the names of
 * other records (a cost centre row shows its client's name).
 */
export const recordKeys = {
  all: ['records'] as const,
  entity: (entity: string) => [...recordKeys.all, entity] as const,
  detail: (entity: string, id: string) => [...recordKeys.entity(entity), 'detail', id] as const,
  related: (entity: string, id: string, what: string) => [...recordKeys.detail(entity, id), what] as const,
};

/** What a record list page reads (`RecordListPage`, `record-list-sources.ts`): the entity's list endpoint under its records key. */
export const recordListSource = (entity: string, endpoint: EndpointRoute): ListSource => ({ key: recordKeys.entity(entity), endpoint });

/** Calls an endpoint whose exact parameter types the generic record pages do not know. */
export function call<T = unknown>(endpoint: EndpointRoute, options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; signal?: AbortSignal; ifMatch?: string }): Promise<T> {
  return callEndpoint(endpoint, options as unknown as CallOptions<EndpointDefinition>) as unknown as Promise<T>;
}

export const recordQuery = <E extends EndpointDefinition>(entity: string, endpoint: EndpointRoute<E> | E, id: string) =>
  queryOptions({ queryKey: recordKeys.detail(entity, id), queryFn: ({ signal }) => call<EndpointResult<E>>(endpoint, { params: { id }, signal }) });

/** A write to the records API; every records query refetches after it. */
export function useRecordMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}
