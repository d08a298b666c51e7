import type { QueryClient } from '@tanstack/react-query';
import { openingListQuery } from './list-request';
import type { ListSource } from './list-source';
import { pageSettingQuery } from './page-setting.queries';
import { viewsQuery } from './views.queries';

/**
 * Asks for a list page's saved view and named views before the page mounts, and, as soon as both
 * answer, for the first page of the list itself: the request `ListPage` makes on mount, built by
 * the same code (`openingListQuery`), so the page finds it in the cache or in flight instead of
 * starting a third round after its own code has arrived. A module of its own (small query
 * modules, no React or MUI), so the router can start all three while the list page's code
 * (ListPage and its grid, about 20 KiB) is still loading.
 *
 * `source` is the list's endpoint and key (null: a list whose source the shell does not know;
 * only its views are asked for); `search` is the URL's query string the page opens with.
 */
export function prefetchListView(queryClient: QueryClient, pageKey: string, search = '', source: Promise<ListSource | null> = Promise.resolve(null)) {
  const setting = queryClient.fetchQuery(pageSettingQuery(pageKey));
  // Named views are a convenience: the list opens without them when they fail (as ListPage does).
  const views = queryClient.fetchQuery(viewsQuery(pageKey)).catch(() => []);
  void Promise.all([source, setting, views])
    .then(([listSource, saved, named]) => {
      if (!listSource) return;
      const params = new URLSearchParams(search);
      return queryClient.prefetchQuery(openingListQuery({ source: listSource, saved: saved?.page_setting, views: named, params }));
    })
    // The page asks again for whatever failed here, and shows the error itself.
    .catch(() => undefined);
}
