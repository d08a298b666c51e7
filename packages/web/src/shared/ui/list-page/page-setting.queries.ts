import { useCallback, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints } from '../../../api/endpoint-routes';
import type { PageSetting } from '@ops/contract/identity/identity.schemas';
import { callEndpoint } from '../../../api/http-client';

export const pageSettingKeys = {
  all: ['identity', 'page-setting'] as const,
  page: (page: string) => [...pageSettingKeys.all, page] as const,
};

/** The signed-in user's setting for one page (null when none was saved yet). */
export const pageSettingQuery = (page: string) =>
  queryOptions({
    queryKey: pageSettingKeys.page(page),
    queryFn: async ({ signal }) => {
      const found = await callEndpoint(identityEndpoints.listPageSettings, { query: { filters: JSON.stringify({ page }), limit: '1' }, signal });
      return found.results[0] ?? null;
    },
    staleTime: Infinity,
  });

export function usePageSetting(page: string) {
  return useQuery(pageSettingQuery(page));
}

export interface SavePageSettingOptions {
  /** The page is closing (`pagehide`): the save must outlive it (fetch `keepalive`). */
  leaving?: boolean;
}

/**
 * Saves a page's whole `page_setting`, POST the first time and PUT after.
 * Saves of one page run one after another, so a quick second change never
 * races the first POST into a duplicate. A save made as the page closes is
 * sent with `keepalive`: a plain request started then may be cancelled with
 * the page before it leaves the browser, and the change is lost.
 */
export function useSavePageSetting(page: string) {
  const queryClient = useQueryClient();
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(
    (value: Record<string, unknown>, { leaving = false }: SavePageSettingOptions = {}) => {
      const save = async () => {
        const current = queryClient.getQueryData<PageSetting | null>(pageSettingKeys.page(page));
        const body = { page, layout: current?.layout ?? 'DEFAULT', page_setting: value as PageSetting['page_setting'] };
        try {
          const saved = current
            ? await callEndpoint(identityEndpoints.putPageSetting, { params: { page_id: current.id }, body, keepalive: leaving })
            : await callEndpoint(identityEndpoints.createPageSetting, { body, keepalive: leaving });
          queryClient.setQueryData(pageSettingKeys.page(page), saved);
        } catch (error) {
          // The view still works for this visit; only its memory failed.
          console.error(`Saving the ${page} view failed`, error);
        }
      };
      chain.current = chain.current.then(save, save);
      return chain.current;
    },
    [page, queryClient],
  );
}
