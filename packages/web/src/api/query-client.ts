import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http-client';
import { shareKeepingTags } from './entity-tags';

/** Client errors (4xx) are answers, not glitches: retrying them only repeats the failure. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A page a service worker controls (the site checks' offline worker, docs/decisions.md) asks once even
 * offline, since the worker may answer from its cache; retries still wait for the connection.
 * Elsewhere a query waits for the connection before asking at all.
 */
const networkMode = (): 'offlineFirst' | 'online' =>
  typeof navigator !== 'undefined' && navigator.serviceWorker?.controller ? 'offlineFirst' : 'online';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Structural sharing that keeps each answer's entity tag with the data (entity-tags.ts).
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        structuralSharing: shareKeepingTags,
        networkMode: networkMode(),
      },
      // A save while offline fails at once (NetworkError) so its form can say so and keep what was typed;
      // paused until the connection is back, the form would wait silently and might be gone by then.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
