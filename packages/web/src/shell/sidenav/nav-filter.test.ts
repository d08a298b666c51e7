import { describe, expect, it } from 'vitest';
import { canReadFrom, filterByPermission, filterBySearch } from './nav-filter';
import { FAVORITES_ID, NAV_TREE, RECENT_ID, navLeaves, type NavNode } from './nav-items';

const names = (nodes: NavNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.name]: names(n.children) } : n.name));
const flags = { read: true, add: false, change: false, delete: false };

describe('navigation permissions', () => {
  it('shows a leaf only with its read permission and a group when any child shows', () => {
    const can = canReadFrom({ accounts: { client: flags, contactperson: { ...flags, read: false, add: true } } });
    const tree = filterByPermission(NAV_TREE, can, new Set([FAVORITES_ID, RECENT_ID]));
    expect(names(tree)).toEqual([
      { Favorites: [] },
      { Recent: [] },
      {
        Modules: [
          { Directory: [{ Map: ['Clients Map'] }, { 'List View': ['All Clients'] }] },
          { Accounts: ['All Clients'] },
          { 'Help Desk': [{ Tickets: ['My Tickets'] }] },
          'Knowledge',
        ],
      },
      { 'System Administration': ['Theme Setting'] },
    ]);
  });

  it('shows My Tickets and Knowledge to a signed-in user without any permission', () => {
    const tree = filterByPermission(NAV_TREE, canReadFrom({}), new Set([FAVORITES_ID, RECENT_ID]));
    expect(names(tree)).toEqual([
      { Favorites: [] },
      { Recent: [] },
      { Modules: [{ 'Help Desk': [{ Tickets: ['My Tickets'] }] }, 'Knowledge'] },
      { 'System Administration': ['Theme Setting'] },
    ]);
  });

  it('shows everything to a user holding every key', () => {
    const keys = navLeaves().flatMap(({ node }) => (node.permission ? [node.permission] : []));
    const can = canReadFrom({ any: Object.fromEntries(keys.map((k) => [k, flags])) });
    expect(navLeaves(filterByPermission(NAV_TREE, can))).toHaveLength(navLeaves().length);
  });
});

describe('navigation search', () => {
  it('matches a case-insensitive substring of leaf names and sorts leaves by name', () => {
    expect(names(filterBySearch(NAV_TREE, 'ALL'))).toEqual([
      {
        Modules: [
          { Directory: [{ 'List View': ['All Clients', 'All Cost Centres', 'All Staff'] }] },
          { Accounts: ['All Clients'] },
          { Operations: ['All Cost Centres'] },
          { 'Help Desk': [{ Tickets: ['All Tickets'] }] },
        ],
      },
      // "Allocations" holds "all" too.
      { 'System Administration': ['Allocations'] },
    ]);
  });

  it('keeps a whole group when the group name matches, at the second and third level', () => {
    expect(names(filterBySearch(NAV_TREE, 'operations'))).toEqual([{ Modules: [{ Operations: ['All Cost Centres', 'Brands', 'Operation Roles'] }] }]);
    expect(names(filterBySearch(NAV_TREE, 'google'))).toEqual([
      { Modules: [{ Directory: [{ 'Google Workspace': ['Groups', 'Office Users', 'Site Staff Users'] }] }] },
    ]);
  });

  it('matches at the top level', () => {
    const tree = filterBySearch(NAV_TREE, 'system admin');
    expect(tree.map((n) => n.name)).toEqual(['System Administration']);
  });

  it('returns the tree untouched for a blank query and nothing when nothing matches', () => {
    expect(filterBySearch(NAV_TREE, '  ')).toBe(NAV_TREE);
    expect(filterBySearch(NAV_TREE, 'zzz')).toEqual([]);
  });
});
