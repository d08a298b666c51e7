import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { adpEndpoints, directoryMapEndpoints, googleSyncEndpoints } from '../../api/endpoint-routes';
import type { clientMarkerSchema, costCentreMarkerSchema } from '@ops/contract/records/records.schemas';
import { MAX_PAGE_SIZE } from '@ops/contract/common/pagination.values';
import { callEndpoint } from '../../api/http-client';
import type { ListSource } from '../../shared/ui/list-page/list-source';

export type ClientMarker = z.infer<typeof clientMarkerSchema>;
export type CostCentreMarker = z.infer<typeof costCentreMarkerSchema>;
export type MarkerKind = 'clients' | 'cost-centres';
export type MarkerOf<K extends MarkerKind> = K extends 'clients' ? ClientMarker : CostCentreMarker;

export const directoryKeys = {
  all: ['directory'] as const,
  markers: (kind: MarkerKind, query: MarkerQuery) => [...directoryKeys.all, 'markers', kind, query] as const,
  employees: ['directory', 'employees'] as const,
  officeUsers: ['directory', 'office-users'] as const,
  siteUsers: ['directory', 'site-users'] as const,
  groups: ['directory', 'groups'] as const,
  group: (id: string) => [...directoryKeys.groups, 'detail', id] as const,
  members: (groupId: string) => [...directoryKeys.groups, 'members', groupId] as const,
};

/** The list view's filters and search, applied to the map as they are to the list. */
export interface MarkerQuery {
  filters?: string;
  search?: string;
}

/** A map shows at most this many markers; past it the page asks for a narrower filter. */
export const MARKER_LIMIT = 20_000;
const PARALLEL_PAGES = 4;

export interface MarkerSet<M> {
  markers: M[];
  /** How many match; more than `markers.length` when the limit cut the set. */
  count: number;
}

const ENDPOINT = { clients: directoryMapEndpoints.clients, 'cost-centres': directoryMapEndpoints.costCentres } as const;

async function fetchPage(kind: MarkerKind, query: MarkerQuery, offset: number, signal: AbortSignal) {
  return callEndpoint(ENDPOINT[kind], {
    query: { limit: String(MAX_PAGE_SIZE), offset: String(offset), ordering: 'id', filters: query.filters, search: query.search || undefined },
    signal,
  });
}

/** Every marker matching the query, fetched a page of 1000 at a time (a few pages in parallel), up to MARKER_LIMIT. */
export const markersQuery = <K extends MarkerKind>(kind: K, query: MarkerQuery) =>
  queryOptions({
    queryKey: directoryKeys.markers(kind, query),
    queryFn: async ({ signal }): Promise<MarkerSet<MarkerOf<K>>> => {
      const first = await fetchPage(kind, query, 0, signal);
      const wanted = Math.min(first.count, MARKER_LIMIT);
      const offsets: number[] = [];
      for (let offset = MAX_PAGE_SIZE; offset < wanted; offset += MAX_PAGE_SIZE) offsets.push(offset);
      const pages: (typeof first.results)[] = [first.results];
      for (let i = 0; i < offsets.length; i += PARALLEL_PAGES) {
        const batch = await Promise.all(offsets.slice(i, i + PARALLEL_PAGES).map((offset) => fetchPage(kind, query, offset, signal)));
        pages.push(...batch.map((page) => page.results));
      }
      return { markers: pages.flat().slice(0, MARKER_LIMIT) as MarkerOf<K>[], count: first.count };
    },
    staleTime: 60_000,
  });

export const employeesSource: ListSource = { key: directoryKeys.employees, endpoint: adpEndpoints.listEmployees };
export const officeUsersSource: ListSource = { key: directoryKeys.officeUsers, endpoint: googleSyncEndpoints.listOfficeUsers };
export const siteUsersSource: ListSource = { key: directoryKeys.siteUsers, endpoint: googleSyncEndpoints.listSiteUsers };
export const groupsSource: ListSource = { key: directoryKeys.groups, endpoint: googleSyncEndpoints.listGroups };
export const membersSource = (groupId: string): ListSource => ({ key: directoryKeys.members(groupId), endpoint: googleSyncEndpoints.listGroupMembers, params: { group_id: groupId } });

export const groupQuery = (id: string) =>
  queryOptions({ queryKey: directoryKeys.group(id), queryFn: ({ signal }) => callEndpoint(googleSyncEndpoints.getGroup, { params: { id }, signal }) });
