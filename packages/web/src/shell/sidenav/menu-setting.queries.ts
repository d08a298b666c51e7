import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { identityEndpoints } from '../../api/endpoint-routes';
import type { z } from 'zod';
import type { pageSettingSchema } from '@ops/contract/identity/identity.schemas';
import { callEndpoint } from '../../api/http-client';
import { useToken } from '../../shared/session/session';
import type { MenuEntry } from './recent-pages';

export const MENU_PAGE = 'MENU';

/** A page setting as the server sends it (its schema's input: `page_setting`'s lists may be absent). */
type PageSetting = z.input<typeof pageSettingSchema>;

export const menuSettingQuery = queryOptions({
  queryKey: ['identity', 'page-setting', MENU_PAGE],
  queryFn: async ({ signal }) => {
    const page = await callEndpoint(identityEndpoints.listPageSettings, { query: { filters: JSON.stringify({ page: MENU_PAGE }), limit: '1' }, signal });
    return page.results[0] ?? null;
  },
  // Loaded once per sign-in; this tab's own saves keep it current.
  staleTime: Infinity,
});

/** Fetched only while signed in and when no MENU setting is loaded yet. */
export function useMenuSetting() {
  const token = useToken();
  return useQuery({ ...menuSettingQuery, enabled: token !== null });
}

export interface MenuLists {
  recentPages: MenuEntry[];
  favorites: MenuEntry[];
}

function entries(value: unknown): MenuEntry[] {
  return Array.isArray(value) ? (value.filter((item) => item && typeof item === 'object' && typeof item.name === 'string' && typeof item.to === 'string') as MenuEntry[]) : [];
}

export function menuLists(setting: PageSetting | null | undefined): MenuLists {
  return { recentPages: entries(setting?.page_setting.recentPages), favorites: entries(setting?.page_setting.favorites) };
}

// Saves run one after another so a first save's POST is never raced by a second POST.
let saveChain: Promise<unknown> = Promise.resolve();

/**
 * Changes the MENU lists and saves the whole setting (POST the first time,
 * PUT afterwards). The cache changes at once; a failed save is only logged.
 */
export function useUpdateMenuSetting() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (lists: MenuLists) => MenuLists) => {
      const save = async () => {
        const current = queryClient.getQueryData<PageSetting | null>(menuSettingQuery.queryKey);
        const next = change(menuLists(current));
        const pageSetting = { filters: {}, sorting: [], renaming: {}, visible_fields: [], ...(current?.page_setting ?? {}), ...next };
        if (current) {
          const optimistic: PageSetting = { ...current, page_setting: pageSetting as PageSetting['page_setting'] };
          queryClient.setQueryData(menuSettingQuery.queryKey, optimistic);
        }
        try {
          const saved = current
            ? await callEndpoint(identityEndpoints.putPageSetting, { params: { page_id: current.id }, body: { page: MENU_PAGE, layout: current.layout, page_setting: pageSetting } })
            : await callEndpoint(identityEndpoints.createPageSetting, { body: { page: MENU_PAGE, page_setting: pageSetting } });
          queryClient.setQueryData(menuSettingQuery.queryKey, saved);
        } catch (error) {
          console.error('Saving the navigation menu settings failed', error);
        }
      };
      saveChain = saveChain.then(save, save);
      return saveChain;
    },
    [queryClient],
  );
}
