/**
 * Each user's permission keys, kept for a few seconds so a burst of requests
 * does not run the permission query on every one. Process-wide, because the
 * CLI's grant (handed to a running server on the embedded database) uses its
 * own service instance; a grant clears it at once. A change made by another
 * process (the CLI on PostgreSQL, another instance) shows within the TTL.
 */
const TTL_MS = 5000;
const MAX_ENTRIES = 10_000;
const entries = new Map<string, { keys: Promise<Set<string>>; expires: number }>();

export const permissionCache = {
  get(userId: string, load: () => Promise<Set<string>>): Promise<Set<string>> {
    const now = Date.now();
    const hit = entries.get(userId);
    if (hit && hit.expires > now) return hit.keys;
    if (entries.size >= MAX_ENTRIES) entries.clear();
    const keys = load();
    entries.set(userId, { keys, expires: now + TTL_MS });
    // A failed load is not remembered.
    keys.catch(() => entries.delete(userId));
    return keys;
  },
  clear(): void {
    entries.clear();
  },
  /** Drops one user's entry (their allocations or grants changed); other instances follow within the TTL. */
  forget(userId: string): void {
    entries.delete(userId);
  },
};
