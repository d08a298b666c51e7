import { beforeEach, describe, expect, it } from 'vitest';
import { forgetRecentSearches, loadRecentSearches, MAX_RECENT_SEARCHES, rememberSearch } from './recent-searches';

beforeEach(() => localStorage.clear());

describe('recent searches', () => {
  it('keeps the newest first, once each, at most a few, per user', () => {
    rememberSearch('u1', 'catering');
    rememberSearch('u1', 'acme');
    rememberSearch('u1', 'Catering ');
    expect(loadRecentSearches('u1')).toEqual(['Catering', 'acme']);
    expect(loadRecentSearches('u2')).toEqual([]);
    for (let i = 0; i < 20; i++) rememberSearch('u1', `q${i}`);
    expect(loadRecentSearches('u1')).toHaveLength(MAX_RECENT_SEARCHES);
    expect(loadRecentSearches('u1')[0]).toBe('q19');
    forgetRecentSearches('u1');
    expect(loadRecentSearches('u1')).toEqual([]);
  });

  it('ignores blank searches and tampered storage', () => {
    rememberSearch('u1', '   ');
    expect(loadRecentSearches('u1')).toEqual([]);
    localStorage.setItem('ops.recent-searches.v1:u1', '{"not":"a list"}');
    expect(loadRecentSearches('u1')).toEqual([]);
    localStorage.setItem('ops.recent-searches.v1:u1', '[1, "ok", null, ""]');
    expect(loadRecentSearches('u1')).toEqual(['ok']);
    localStorage.setItem('ops.recent-searches.v1:u1', 'not json');
    expect(loadRecentSearches('u1')).toEqual([]);
  });
});
