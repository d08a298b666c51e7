import type { ResolvedRoute } from '../../shared/route-meta';
import { navLeaves, type NavNode } from './nav-items';

/** A Recent (and Favorites) entry as spec web-shell §3 describes it, stored in the MENU page setting. */
export interface MenuEntry {
  id: string;
  type: 'item';
  name: string;
  isSubModule: boolean;
  nestedModules: string[];
  to: string;
  permissions: string | null;
}

export const MAX_RECENT_PAGES = 5;

/** The current page goes first; an older entry with the same name is replaced; at most five. */
export function addRecentPage(recent: readonly MenuEntry[], entry: MenuEntry): MenuEntry[] {
  return [entry, ...recent.filter((item) => item.name !== entry.name)].slice(0, MAX_RECENT_PAGES);
}

/** Pins the entry, or unpins it when a favourite with the same target exists. */
export function toggleFavorite(favorites: readonly MenuEntry[], entry: MenuEntry): MenuEntry[] {
  return favorites.some((item) => item.to === entry.to) ? favorites.filter((item) => item.to !== entry.to) : [...favorites, entry];
}

/**
 * The key a visit is recorded under: the path, plus the view for pages that
 * have map and list views. A visit counts only when this key changes.
 */
export function visitKey(pathname: string, search: string): string {
  const view = new URLSearchParams(search).get('view');
  return view ? `${pathname}?view=${view}` : pathname;
}

/**
 * The entry for the current page, or null for pages not tracked (detail pages,
 * unknown routes). Pages in the navigation take its name, groups and permission;
 * a map view is named after its module plus "Map".
 */
export function entryForRoute(route: ResolvedRoute | null, pathname: string, search: string, tree?: NavNode[]): MenuEntry | null {
  if (!route || route.isDetail) return null;
  const to = visitKey(pathname, search);
  const nav = navLeaves(tree).find(({ node }) => node.to === to);
  const isMap = route.view === 'map' && route.meta.module;
  const name = isMap ? `${route.meta.module} Map` : (nav?.node.name ?? route.title);
  const nestedModules = nav ? nav.ancestors : [];
  return {
    id: nav?.node.id ?? to,
    type: 'item',
    name,
    isSubModule: nestedModules.length > 2,
    nestedModules,
    to,
    permissions: nav?.node.permission ?? route.meta.permission ?? null,
  };
}
