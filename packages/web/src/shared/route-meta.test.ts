import { describe, expect, it } from 'vitest';
import { LIST_PAGE_KEYS, listPageKeyAt, ROUTE_META } from './route-meta';

describe('list page keys', () => {
  it('names only routes the shell has, each key once', () => {
    const paths = new Set(ROUTE_META.map((route) => route.path));
    for (const path of Object.keys(LIST_PAGE_KEYS)) expect(paths.has(path), path).toBe(true);
    const keys = Object.values(LIST_PAGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("answers a list's key for its own path only, never for an inherited property name", () => {
    expect(listPageKeyAt('/clients')).toBe('CLIENTS');
    expect(listPageKeyAt('/clients/1')).toBeNull();
    expect(listPageKeyAt('/')).toBeNull();
    expect(listPageKeyAt('constructor')).toBeNull();
    expect(listPageKeyAt('__proto__')).toBeNull();
  });
});
