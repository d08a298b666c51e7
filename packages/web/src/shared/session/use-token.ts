import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../../api/auth-token';

/**
 * The stored token, re-rendering when it changes (here or in another tab).
 * Kept apart from session.ts so the entry chunk and the sign-in page do not
 * load the identity endpoint schemas just to know whether someone is signed in.
 */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
