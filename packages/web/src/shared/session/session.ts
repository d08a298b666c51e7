import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { identityEndpoints } from '../../api/endpoint-routes';
import { clearToken } from '../../api/auth-token';
import { callEndpoint } from '../../api/http-client';
import { useToken } from './use-token';

export { useToken };

export const currentUserQuery = queryOptions({
  queryKey: ['identity', 'user'],
  queryFn: ({ signal }) => callEndpoint(identityEndpoints.getUser, { signal }),
  staleTime: 5 * 60_000,
});

export const permissionsQuery = queryOptions({
  queryKey: ['identity', 'permissions'],
  queryFn: ({ signal }) => callEndpoint(identityEndpoints.permissions, { signal }),
  staleTime: 5 * 60_000,
});

export const profileQuery = queryOptions({
  queryKey: ['identity', 'profile'],
  queryFn: ({ signal }) => callEndpoint(identityEndpoints.getProfile, { signal }),
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  const token = useToken();
  return useQuery({ ...currentUserQuery, enabled: token !== null });
}

export function usePermissions() {
  const token = useToken();
  return useQuery({ ...permissionsQuery, enabled: token !== null });
}

/**
 * Sign Out: ends the token on the server, forgets cached data and returns to
 * /login. Removing the stored token signs out every other open tab too.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // This browser stops getting the user's pushes (a shared device); a slow push service does not hold sign-out up.
    await Promise.race([
      import('./push-sign-out').then((push) => push.endPushOnSignOut()).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
    try {
      await callEndpoint(identityEndpoints.knoxLogout);
    } catch {
      // The token may already be gone on the server (expired, revoked): signing out locally is what matters.
    }
    navigate('/login', { replace: true });
    clearToken();
    queryClient.clear();
  }, [navigate, queryClient]);
}

export type Can = (model: string, action?: 'read' | 'add' | 'change' | 'delete') => boolean;

/** Whether the signed-in user holds a model permission (false while permissions load). */
export function useCan(): Can {
  const permissions = usePermissions().data?.permissions;
  return useCallback<Can>((model, action = 'read') => Object.values(permissions ?? {}).some((models) => models[model]?.[action] === true), [permissions]);
}
