import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { resolveRoute } from '../../shared/route-meta';
import { useMenuSetting, useUpdateMenuSetting } from './menu-setting.queries';
import { addRecentPage, entryForRoute, visitKey } from './recent-pages';

/** Records each visit in Recent: only when the path (and view) changes, once the MENU setting is loaded. */
export function useRecentPages() {
  const location = useLocation();
  const menu = useMenuSetting();
  const updateMenu = useUpdateMenuSetting();
  const recorded = useRef<string | null>(null);
  const key = visitKey(location.pathname, location.search);
  const loaded = menu.isSuccess;

  useEffect(() => {
    if (!loaded || recorded.current === key) return;
    recorded.current = key;
    const entry = entryForRoute(resolveRoute(location.pathname, location.search), location.pathname, location.search);
    if (!entry) return;
    void updateMenu((lists) => ({ ...lists, recentPages: addRecentPage(lists.recentPages, entry) }));
  }, [key, loaded, location.pathname, location.search, updateMenu]);
}
