import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { knoxLoginAnswerSchema } from './mfa.schemas';

const tags = ['identity'];

export { OIDC_ERRORS, OIDC_ERROR_MESSAGES, type OidcError } from './oidc-errors';

export const oidcConfigSchema = z.object({
  enabled: z.boolean(),
  /** The provider's name for the button ("Sign in with Google"). */
  name: z.string().nullable(),
  /** Where the button goes (add `?next=<path>`); null when off. */
  login_url: z.string().nullable(),
});
export type OidcConfigAnswer = z.infer<typeof oidcConfigSchema>;

/** Where to go after signing in; anything but a path on this site is ignored (no open redirect). */
const nextPath = z.string().max(500, 'Ensure this field has no more than 500 characters.').optional();

/** Sign in with Google (OpenID Connect, spec platform §13.3): code flow with PKCE, state and nonce. */
export const oidcEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/identity/auth/oidc/',
    summary: 'Whether sign-in with the identity provider (Google) is on, for the sign-in page',
    tags,
    access: { kind: 'public' },
    responses: { 200: oidcConfigSchema },
  }),
  login: endpoint({
    method: 'GET',
    path: '/api/identity/auth/oidc/login/',
    summary: 'Start signing in with the identity provider: redirects (302) to it with state, nonce and a PKCE challenge',
    tags,
    access: { kind: 'public' },
    query: z.object({ next: nextPath }),
    errors: [404],
    responses: { 302: null },
  }),
  callback: endpoint({
    method: 'GET',
    path: '/api/identity/auth/oidc/callback/',
    summary:
      "The identity provider's redirect back: checks state, nonce and the code, then redirects (302) to the sign-in page to finish (or with sso_error)",
    tags,
    access: { kind: 'public' },
    query: z
      .object({
        code: z.string().max(2000).optional(),
        state: z.string().max(500).optional(),
        error: z.string().max(200).optional(),
      })
      .loose(),
    errors: [404],
    responses: { 302: null },
  }),
  token: endpoint({
    method: 'POST',
    path: '/api/identity/auth/oidc/token/',
    summary:
      "Finish signing in with the identity provider: the token of the sign-in the callback completed in this browser (once); for a user with a second factor (unless OIDC_TRUST_MFA) the two-step answer, finished with identity/auth/mfa/",
    tags,
    access: { kind: 'public' },
    errors: [404],
    responses: { 200: knoxLoginAnswerSchema },
  }),
};
