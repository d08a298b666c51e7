// No zod here: the sign-in page reads these without loading the contract schemas.

/** Why a sign-in with the identity provider did not sign anyone in (`/login?sso_error=<code>`). */
export const OIDC_ERRORS = ['failed', 'unverified_email', 'no_account'] as const;
export type OidcError = (typeof OIDC_ERRORS)[number];

/** What the sign-in page shows for each `sso_error`. */
export const OIDC_ERROR_MESSAGES: Record<OidcError, string> = {
  failed: 'Signing in with your provider did not complete. Please try again.',
  unverified_email: 'Your provider has not verified this e-mail address.',
  no_account: 'No active account uses this e-mail address. Ask an administrator for access.',
};
