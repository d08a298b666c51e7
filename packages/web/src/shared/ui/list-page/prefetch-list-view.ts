import type { QueryClient } from '@tanstack/react-query';
import { pageSettingQuery } from './page-setting.queries';
import { viewsQuery } from './views.queries';

/**
 * Asks for a list page's saved view and named views before the page mounts: the list waits for
 * both before it asks for its rows, so fetched on mount they would be a round of their own. A
 * module of its own (two small query modules), so the router can start both while the list
 * page's code (ListPage and its grid, about 20 KiB) is still loading instead of after it.
 */
export function prefetchListView(queryClient: QueryClient, pageKey: string) {
  void queryClient.prefetchQuery(pageSettingQuery(pageKey));
  void queryClient.prefetchQuery(viewsQuery(pageKey));
}
