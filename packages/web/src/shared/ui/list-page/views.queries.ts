import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { viewEndpoints } from '../../../api/endpoint-routes';
import type { View, viewPatchSchema } from '@ops/contract/views/views.schemas';
import { callEndpoint } from '../../../api/http-client';

export const viewKeys = {
  all: ['identity', 'views'] as const,
  page: (page: string) => [...viewKeys.all, page] as const,
};

/** The named views of one list page the user sees: their own and the shared ones, by name. */
export const viewsQuery = (page: string) =>
  queryOptions({
    queryKey: viewKeys.page(page),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(viewEndpoints.list, {
          query: { filters: JSON.stringify({ page }), ordering: 'name', limit: '1000' },
          signal,
        })
      ).results,
    staleTime: 60_000,
  });

export function useViews(page: string, enabled = true) {
  return useQuery({ ...viewsQuery(page), enabled });
}

export type ViewPatch = z.input<typeof viewPatchSchema>;

/** The view actions of a page; each refreshes the page's views when it is done. */
export function useViewActions(page: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: viewKeys.page(page) }), [queryClient, page]);
  return {
    create: async (body: { name: string; settings: Record<string, unknown>; shared: boolean }): Promise<View> => {
      const created = await callEndpoint(viewEndpoints.create, { body: { page, ...body } });
      await refresh();
      return created;
    },
    patch: async (id: string, body: ViewPatch): Promise<View> => {
      const saved = await callEndpoint(viewEndpoints.patch, { params: { id }, body });
      await refresh();
      return saved;
    },
    remove: async (id: string) => {
      await callEndpoint(viewEndpoints.remove, { params: { id } });
      await refresh();
    },
    setDefault: async (id: string, on: boolean) => {
      await callEndpoint(on ? viewEndpoints.makeDefault : viewEndpoints.clearDefault, { params: { id } });
      await refresh();
    },
  };
}
