import type { QueryClient } from '@tanstack/react-query';
import { identityEndpoints, oidcEndpoints } from '../../api/endpoint-routes';
import type { User } from '@ops/contract/identity/identity.schemas';
import type { MfaRequired } from '@ops/contract/identity/mfa.schemas';
import { storeToken } from '../../api/auth-token';
import { callEndpoint } from '../../api/http-client';
import { appSettingsQuery } from '../../shared/settings/app-settings.queries';
import { landingPath } from '../../shared/settings/settings-options';
import { currentUserQuery } from '../../shared/session/session';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs in and answers where to go: `next` when a page was asked for, else the
 * landing page the user chose. Loaded by the sign-in page once the visitor types, so the
 * page itself stays small.
 */
export async function signIn(queryClient: QueryClient, credentials: Credentials, next: string | null): Promise<string> {
  const answer = await callEndpoint(identityEndpoints.knoxLogin, { body: credentials, anonymous: true });
  if ('mfa_required' in answer) throw new SecondFactorRequired(answer);
  return signedIn(queryClient, answer, next);
}

/**
 * The password was right and the account has a second factor (spec platform §14.5): the sign-in
 * finishes with `identity/auth/mfa/` and the challenge's `mfa_token` (the second step's page is
 * still to come; until then the sign-in page shows this message).
 */
export class SecondFactorRequired extends Error {
  constructor(readonly challenge: MfaRequired) {
    super('This account has a second factor: enter its code to finish signing in.');
  }
}

/**
 * Finishes a sign-in with the identity provider (Google): the server's callback left a one-time
 * hand-over in an httpOnly cookie, exchanged here for the same token a password sign-in gives.
 */
export async function finishProviderSignIn(queryClient: QueryClient, next: string | null): Promise<string> {
  const answer = await callEndpoint(oidcEndpoints.token, { anonymous: true });
  if ('mfa_required' in answer) throw new SecondFactorRequired(answer);
  return signedIn(queryClient, answer, next);
}

async function signedIn(
  queryClient: QueryClient,
  answer: { token: string; expiry: string; user: User },
  next: string | null,
): Promise<string> {
  queryClient.clear();
  storeToken({ token: answer.token, expiry: answer.expiry });
  queryClient.setQueryData(currentUserQuery.queryKey, answer.user);
  if (next) return next;
  const settings = await queryClient.fetchQuery(appSettingsQuery).catch(() => null);
  return landingPath(settings?.landing_page);
}
