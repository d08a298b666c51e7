import { describe, expect, it } from 'vitest';
import { SEARCH_PAGES } from '@ops/contract/search/search.pages';
import { resolveRoute } from '../../shared/route-meta';

describe('pages offered by search', () => {
  it('are routes of the web app, guarded by the same permission', () => {
    for (const page of SEARCH_PAGES) {
      const url = new URL(page.url, 'http://app');
      const route = resolveRoute(url.pathname, url.search);
      expect(route, page.url).not.toBeNull();
      expect(route!.isDetail, page.url).toBe(false);
      expect(route!.meta.permission, page.url).toBe(page.permission);
      expect(route!.title, page.url).toBe(page.title);
    }
  });
});
