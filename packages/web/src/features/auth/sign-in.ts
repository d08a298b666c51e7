import type { QueryClient } from '@tanstack/react-query';
import { identityEndpoints, mfaEndpoints, oidcEndpoints } from '../../api/endpoint-routes';
import type { User } from '@ops/contract/identity/identity.schemas';
import type { MfaRequired, WebauthnResponse } from '@ops/contract/identity/mfa.schemas';
import { storeToken } from '../../api/auth-token';
import { callEndpoint, forbiddenCode } from '../../api/http-client';
import { appSettingsQuery } from '../../shared/settings/app-settings.queries';
import { landingPath } from '../../shared/settings/settings-options';
import { currentUserQuery } from '../../shared/session/session';

export interface Credentials {
  email: string;
  password: string;
}

/** Where a user goes who must set up a second factor before anything else (MFA_REQUIRED_USER_TYPES). */
export const SECURITY_PATH = '/account-security';

/**
 * Signs in and answers where to go: `next` when a page was asked for, else the
 * landing page the user chose. Loaded by the sign-in page once the visitor types, so the
 * page itself stays small. An account with a second factor throws SecondFactorRequired: the
 * page asks for it and finishes with `finishSecondStep`.
 */
export async function signIn(queryClient: QueryClient, credentials: Credentials, next: string | null): Promise<string> {
  const answer = await callEndpoint(identityEndpoints.knoxLogin, { body: credentials, anonymous: true });
  if ('mfa_required' in answer) throw new SecondFactorRequired(answer);
  return signedIn(queryClient, answer, next);
}

/**
 * The password was right and the account has a second factor (spec platform §14.5): the sign-in
 * finishes with `identity/auth/mfa/`, the challenge's `mfa_token` (5 minutes) and one factor.
 */
export class SecondFactorRequired extends Error {
  constructor(readonly challenge: MfaRequired) {
    super('Enter the code from your authenticator app to finish signing in.');
    this.name = 'SecondFactorRequired';
  }
}

/** One second factor as the sign-in's second step gives it. */
export type SecondFactor = { code: string } | { recovery_code: string } | { passkey: WebauthnResponse };

/** The second step: the pending sign-in's token and one factor; answers where to go, as `signIn` does. */
export async function finishSecondStep(queryClient: QueryClient, mfaToken: string, factor: SecondFactor, next: string | null): Promise<string> {
  const answer = await callEndpoint(mfaEndpoints.mfaLogin, { body: { mfa_token: mfaToken, ...factor }, anonymous: true });
  if (!('token' in answer)) throw new Error('The sign-in answered a session where a token was expected.');
  return signedIn(queryClient, answer, next);
}

/**
 * A passkey's assertion for the pending sign-in: the server's request options, then the
 * browser's WebAuthn prompt (`@simplewebauthn/browser`, loaded only now).
 */
export async function passkeyAssertion(mfaToken: string): Promise<WebauthnResponse> {
  const [options, { startAuthentication }] = await Promise.all([
    callEndpoint(mfaEndpoints.mfaPasskeyOptions, { body: { mfa_token: mfaToken }, anonymous: true }),
    import('@simplewebauthn/browser'),
  ]);
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return response as unknown as WebauthnResponse;
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
  let setupRequired = false;
  const settings = await queryClient.fetchQuery(appSettingsQuery).catch((error: unknown) => {
    // The user's type must have a second factor and they have none: nothing else opens until they set one.
    setupRequired = forbiddenCode(error) === 'mfa_setup_required';
    return null;
  });
  if (setupRequired) return SECURITY_PATH;
  if (next) return next;
  return landingPath(settings?.landing_page);
}
