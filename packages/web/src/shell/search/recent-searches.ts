/**
 * Recent searches of the Ctrl+K palette, kept in local storage per user (a
 * shared computer does not show one user's searches to the next). Storage may
 * be full, disabled or tampered with: reads are checked, failures are silent.
 */
const PREFIX = 'ops.recent-searches.v1';
export const MAX_RECENT_SEARCHES = 8;
const MAX_LENGTH = 200;

const keyOf = (userId: string) => `${PREFIX}:${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadRecentSearches(userId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(keyOf(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '' && item.length <= MAX_LENGTH)
      .slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

/** Puts a search first (once, case-insensitively), keeping the newest few; returns the new list. */
export function rememberSearch(userId: string, query: string): string[] {
  const q = query.trim();
  const current = loadRecentSearches(userId);
  if (!q || q.length > MAX_LENGTH) return current;
  const next = [q, ...current.filter((item) => item.toLowerCase() !== q.toLowerCase())].slice(0, MAX_RECENT_SEARCHES);
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // Full or disabled storage: the palette works without its memory.
  }
  return next;
}

export function forgetRecentSearches(userId: string): void {
  try {
    storage()?.removeItem(keyOf(userId));
  } catch {
    // As above.
  }
}
