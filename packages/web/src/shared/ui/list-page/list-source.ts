import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paginated } from '@ops/contract/common/pagination';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import { buildUrl, callEndpoint, type CallOptions, type EndpointRoute } from '../../../api/http-client';

/**
 * What a list page reads: a list endpoint of the contract (with the path
 * parameters of a nested list) under a feature-owned query key, so the
 * feature's mutations invalidate its lists by prefix.
 */
export interface ListSource {
  /** Hierarchical key prefix owned by the feature, e.g. `['records', 'clients']`. */
  key: readonly unknown[];
  endpoint: EndpointRoute;
  params?: Record<string, string>;
}

/** Calls any list endpoint of the contract (its route, or its definition). */
export function callList<Row>(endpoint: EndpointRoute, params: Record<string, string> | undefined, query: Record<string, string>, signal?: AbortSignal): Promise<Paginated<Row>> {
  // Endpoint-generic: the list endpoints differ in their item types, not in their query.
  const options = { params, query, signal } as unknown as CallOptions<EndpointDefinition>;
  return callEndpoint(endpoint, options) as unknown as Promise<Paginated<Row>>;
}

export const listPageQuery = <Row>(source: ListSource, query: Record<string, string>) =>
  queryOptions({
    queryKey: [...source.key, 'list', source.params ?? {}, query] as const,
    queryFn: ({ signal }) => callList<Row>(source.endpoint, source.params, query, signal),
    placeholderData: keepPreviousData,
  });

/** The endpoint's URL with path parameters filled and the given query. */
export function sourceUrl(source: ListSource, query: Record<string, string>): string {
  const path = source.endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(source.params?.[name] ?? ''));
  return buildUrl(path, query);
}
