import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../platform/auth';

/** What a token or session key resolves to: the user and when the credential ends. */
export type ResolvedCredential = AuthUser & { expiry: Date; mfaEnabled?: boolean };

export interface CredentialCacheOptions {
  /** Entries kept at most (least recently used go first). */
  max?: number;
  /** How long a lookup is trusted without asking the database again. */
  ttlMs?: number;
}

/**
 * Token and session lookups, kept in process for a few seconds so a request
 * costs no statement for its credential. Keyed by the credential's digest.
 *
 * Revocation does not wait for the TTL: logout, logout-all, a password change
 * or reset, deactivation and any other change to a user's sign-in rows drop
 * that user's entries here, locally at once and on every other instance
 * through the database's notification (revocation-listener.ts). While that
 * notification channel is down the cache is off (`enabled = false`) and every
 * request asks the database, as before.
 *
 * A lookup that was in flight while an invalidation happened is not stored
 * (the epoch moved), so a revoked credential read just before its revocation
 * cannot be cached after it.
 */
const live = new Set<{ forgetUser(userId: string): void; forgetDigest(digest: string): void }>();

/**
 * Every cache in this process (two app instances in one test process, the CLI's identity service
 * beside a running server): a revocation made here reaches them all at once, before the database's
 * notification does.
 */
export const localCredentialCaches = {
  forgetUser(userId: string) {
    for (const cache of live) cache.forgetUser(userId);
  },
  forgetDigest(digest: string) {
    for (const cache of live) cache.forgetDigest(digest);
  },
};

export function createCredentialCache(options: CredentialCacheOptions = {}) {
  const ttl = options.ttlMs ?? 30_000;
  const cache = new LRUCache<string, ResolvedCredential>({
    max: options.max ?? 10_000,
    ttl: Math.max(1, ttl),
    ttlAutopurge: false,
  });
  let epoch = 0;
  let enabled = ttl > 0;

  const invalidateAll = () => {
    epoch += 1;
    cache.clear();
  };

  const self = {
    get enabled() {
      return enabled;
    },
    /** Turns the cache off (and empties it) while revocations cannot reach it, or back on. */
    setEnabled(value: boolean) {
      invalidateAll();
      enabled = value && ttl > 0;
    },

    /** The cached credential, or the loader's answer (stored when nothing was revoked meanwhile). */
    async resolve(digest: string, load: () => Promise<ResolvedCredential | undefined>): Promise<ResolvedCredential | undefined> {
      if (!enabled) return load();
      const hit = cache.get(digest);
      // An entry past its expiry asks again: the credential may have been refreshed meanwhile.
      if (hit && hit.expiry.getTime() > Date.now()) return hit;
      const started = epoch;
      const found = await load();
      if (found && enabled && epoch === started) cache.set(digest, found);
      return found;
    },

    /** Drops one credential (its logout). */
    forgetDigest(digest: string) {
      epoch += 1;
      cache.delete(digest);
    },

    /** Drops every credential of one user (logout-all, password, deactivation, any change to the user). */
    forgetUser(userId: string) {
      epoch += 1;
      for (const [digest, entry] of cache.entries()) if (entry.id === userId) cache.delete(digest);
    },

    invalidateAll,

    get size() {
      return cache.size;
    },

    /** Stops taking part in local revocations (the app closed). */
    dispose() {
      live.delete(self);
      invalidateAll();
    },
  };
  live.add(self);
  return self;
}

export type CredentialCache = ReturnType<typeof createCredentialCache>;
