import { describe, expect, it } from 'vitest';
import { resolveRoute } from '../../shared/route-meta';
import { addRecentPage, entryForRoute, MAX_RECENT_PAGES, toggleFavorite, visitKey, type MenuEntry } from './recent-pages';

const entry = (name: string, to = `/${name.toLowerCase()}`): MenuEntry => ({ id: to, type: 'item', name, isSubModule: false, nestedModules: [], to, permissions: null });
const at = (path: string) => {
  const [pathname, search = ''] = path.split('?');
  const query = search ? `?${search}` : '';
  return entryForRoute(resolveRoute(pathname!, query), pathname!, query);
};

describe('recent pages', () => {
  it('puts the current page first and keeps at most five', () => {
    let recent: MenuEntry[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F']) recent = addRecentPage(recent, entry(name));
    expect(recent.map((e) => e.name)).toEqual(['F', 'E', 'D', 'C', 'B']);
    expect(recent).toHaveLength(MAX_RECENT_PAGES);
  });

  it('replaces an older entry with the same name', () => {
    const recent = addRecentPage([entry('A'), entry('Brands', '/old'), entry('C')], entry('Brands', '/brands'));
    expect(recent.map((e) => [e.name, e.to])).toEqual([
      ['Brands', '/brands'],
      ['A', '/a'],
      ['C', '/c'],
    ]);
  });

  it('names a map view after its module plus Map, with the navigation groups and permission', () => {
    expect(at('/directory/clients?view=map')).toEqual({
      id: 'clients-map',
      type: 'item',
      name: 'Clients Map',
      isSubModule: true,
      nestedModules: ['Modules', 'Directory', 'Map'],
      to: '/directory/clients?view=map',
      permissions: 'client',
    });
    expect(at('/directory/cost-center?view=map')?.name).toBe('Cost Centre Map');
  });

  it('takes names from the navigation, and the route title for pages outside it', () => {
    expect(at('/brands')).toMatchObject({ name: 'Brands', permissions: 'brand', nestedModules: ['Modules', 'Operations'] });
    expect(at('/user-accounts')).toMatchObject({ name: 'User Account', permissions: null, nestedModules: [] });
  });

  it('does not track detail pages or unknown paths', () => {
    expect(at('/brands/0198a0b0-0000-7000-8000-000000000001')).toBeNull();
    expect(at('/nowhere')).toBeNull();
  });

  it('keys a visit by path and view only', () => {
    expect(visitKey('/clients', '?page=2')).toBe('/clients');
    expect(visitKey('/directory/clients', '?view=map&zoom=3')).toBe('/directory/clients?view=map');
  });

  it('toggles a favourite by its target', () => {
    const pinned = toggleFavorite([], entry('Brands'));
    expect(pinned.map((e) => e.name)).toEqual(['Brands']);
    expect(toggleFavorite(pinned, entry('Brands'))).toEqual([]);
  });
});
