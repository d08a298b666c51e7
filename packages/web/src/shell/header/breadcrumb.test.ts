import { describe, expect, it } from 'vitest';
import { resolveRoute } from '../../shared/route-meta';
import { breadcrumbWidth, buildBreadcrumb, capitalise, fitBreadcrumb } from './breadcrumb';

const crumbsFor = (path: string, special = {}) => {
  const [pathname, search = ''] = path.split('?');
  return buildBreadcrumb(resolveRoute(pathname!, search ? `?${search}` : ''), special);
};

describe('breadcrumb', () => {
  it('is empty (hidden) for a route without a configured list', () => {
    expect(crumbsFor('/')).toEqual([]);
    expect(crumbsFor('/no-such-page')).toEqual([]);
  });

  it('capitalises every word of the configured labels', () => {
    expect(capitalise('client contact roles')).toBe('Client Contact Roles');
    expect(crumbsFor('/roles')).toEqual([
      { kind: 'text', label: 'Accounts' },
      { kind: 'current', label: 'Client Contact Roles' },
    ]);
  });

  it('follows the view query parameter on the directory pages', () => {
    expect(crumbsFor('/directory/clients?view=map').map((c) => c.label)).toEqual(['Directory', 'Map', 'Clients Map']);
    expect(crumbsFor('/directory/clients?view=list').map((c) => c.label)).toEqual(['Directory', 'List View', 'All Clients']);
  });

  it('ends a parameterised route with Details and turns the crumb before it into a back button', () => {
    expect(crumbsFor('/brands/0198a0b0-0000-7000-8000-000000000001')).toEqual([
      { kind: 'text', label: 'Operations' },
      { kind: 'back', label: 'Brands', to: '/brands' },
      { kind: 'current', label: 'Details' },
    ]);
  });

  it('shows the legal entity abbreviation for abbrId and the industry name for industryId', () => {
    expect(crumbsFor('/legal-entities/ACME', { abbrId: 'ACME' }).at(-1)).toEqual({ kind: 'current', label: 'ACME' });
    expect(crumbsFor('/industries/42', { industryId: 'Aged Care' }).at(-1)).toEqual({ kind: 'current', label: 'Aged Care' });
    expect(crumbsFor('/industries/42').at(-1)).toEqual({ kind: 'current', label: 'Details' });
  });

  it("on a phone's header a site check run shows its back button to Today and the page, dropping the section", () => {
    const all = crumbsFor('/sitechecks/runs/0198a0b0-0000-7000-8000-000000000001');
    expect(all).toEqual([
      { kind: 'text', label: 'Site Checks' },
      { kind: 'back', label: 'Today', to: '/sitechecks' },
      { kind: 'current', label: 'Details' },
    ]);
    // Narrow (a phone): the back button and the page; wide: everything.
    expect(fitBreadcrumb(all, 130).map((c) => c.kind)).toEqual(['back', 'current']);
    expect(fitBreadcrumb(all, 300).map((c) => c.kind)).toEqual(['back', 'current']);
    expect(fitBreadcrumb(all, 600)).toEqual(all);
    expect(fitBreadcrumb(all, undefined)).toEqual(all);
    expect(fitBreadcrumb(crumbsFor('/sitechecks'), 130)).toEqual([{ kind: 'current', label: 'Today' }]);
  });

  it('takes the free header width: minus the right controls and 90 (compact) or 212', () => {
    expect(breadcrumbWidth(1280, 150, false)).toBe(1280 - 150 - 212);
    expect(breadcrumbWidth(1000, 150, true)).toBe(1000 - 150 - 90);
    expect(breadcrumbWidth(200, 150, false)).toBe(0);
  });
});
