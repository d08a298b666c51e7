import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { oidcEndpoints as ep } from '@ops/contract/identity/oidc.endpoints';
import type { OidcError } from '@ops/contract/identity/oidc-errors';
import type { OidcConfig } from '../../platform/config';
import { notFound } from '../../platform/errors';
import { publicUrlOf } from '../../platform/public-url';
import { route } from '../../platform/route';
import { IDENTITY_ERRORS } from './identity.errors';
import type { IdentityService } from './identity.service';

export interface OidcRoutesOptions {
  identity: IdentityService;
  oidc: OidcConfig | undefined;
  secureCookies: boolean;
}

const METHOD = 'oidc';
/** The browser's half of a sign-in under way: state, nonce, PKCE verifier and where to go after. */
const FLOW_COOKIE = 'oidc_flow';
/** A hand-over token of a completed sign-in, until the sign-in page exchanges it for its own (once). */
const RESULT_COOKIE = 'oidc_result';
const COOKIE_PATH = '/api/identity/auth/oidc/';
const FLOW_SECONDS = 600;
const RESULT_SECONDS = 120;
/** Marks a result cookie that holds a pending two-step sign-in's mfa_token, not a hand-over token. */
const MFA_PREFIX = 'mfa:';

/** A path on this site (not `//host`, not `/\\host`), else nothing. */
const safeNext = (next: string | undefined): string | null => (next && /^\/(?![/\\])[^\s\\]*$/.test(next) ? next : null);

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  next: string | null;
}

function readFlow(raw: string | undefined): Flow | undefined {
  if (!raw || raw.length > 2000) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Flow>;
    if (typeof value.state !== 'string' || typeof value.nonce !== 'string' || typeof value.verifier !== 'string')
      return undefined;
    return {
      state: value.state,
      nonce: value.nonce,
      verifier: value.verifier,
      next: typeof value.next === 'string' ? safeNext(value.next) : null,
    };
  } catch {
    return undefined;
  }
}

/** A refused sign-in: why (for the page) and what the security log records. */
class SignInRefused extends Error {
  constructor(
    readonly code: OidcError,
    readonly reason: string,
    readonly email = '',
    readonly userId: string | null = null,
  ) {
    super(reason);
  }
}

/**
 * Sign in with Google (spec platform §13.3) through openid-client: the authorization code flow with PKCE
 * (S256), state and nonce. The provider's e-mail must be verified and belong to an active user; no
 * user is created. The browser ends up with the same knox token a password sign-in gives, so
 * sign-out and logout-all work alike. Off (404, `enabled: false`) unless configured.
 */
export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions) {
  const { identity } = options;
  const settings = options.oidc;
  const cookieBase = { path: COOKIE_PATH, sameSite: 'lax' as const, secure: options.secureCookies, httpOnly: true };
  const redirectUri = () => settings?.redirectUri ?? publicUrlOf(app, ep.callback.path);

  // The provider's metadata, discovered once (again after a failure).
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = (config: OidcConfig) => {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        execute: [
          // Plain http only for a provider on this machine (the local development provider).
          ...(new URL(config.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
          // The ID token's signature is checked against the provider's published keys, not only
          // its claims: openid-client trusts TLS alone by default (docs/decisions.md, sign in with Google).
          oidc.enableNonRepudiationChecks,
        ],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  route(app, ep.config, () => ({
    enabled: Boolean(settings),
    name: settings?.name ?? null,
    login_url: settings ? ep.login.path : null,
  }));

  route(app, ep.login, async ({ reply, query }) => {
    if (!settings) throw notFound();
    const config = await configuration(settings);
    const flow: Flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      next: safeNext(query.next),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      ...cookieBase,
      maxAge: FLOW_SECONDS,
    });
    return reply.header('Cache-Control', 'no-store').redirect(url.href, 302);
  });

  async function verifiedUser(request: FastifyRequest, flow: Flow | undefined, config: oidc.Configuration) {
    if (!flow) throw new SignInRefused('failed', 'no_flow');
    const current = new URL(redirectUri());
    current.search = new URL(request.url, 'http://localhost').search;
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      request.log.info({ err: error }, 'sign-in with the identity provider refused');
      throw new SignInRefused('failed', 'provider_exchange_failed');
    }
    const claims = tokens.claims()!;
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let verified = claims.email_verified;
    if (email === undefined || verified === undefined) {
      // Providers that keep scope claims out of the ID token answer them at userinfo.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : email;
      verified = info.email_verified ?? verified;
    }
    if (!email) throw new SignInRefused('failed', 'no_email');
    if (verified !== true && verified !== 'true') throw new SignInRefused('unverified_email', 'unverified_email', email);
    const user = await identity.findUserByEmail(email);
    if (!user) throw new SignInRefused('no_account', 'unknown_account', email);
    if (!user.isActive) throw new SignInRefused('no_account', 'inactive', email, user.id);
    return user;
  }

  const toLogin = (reply: FastifyReply, query: Record<string, string>) =>
    reply.header('Cache-Control', 'no-store').redirect(`/login?${new URLSearchParams(query).toString()}`, 302);

  route(app, ep.callback, async ({ request, reply }) => {
    if (!settings) throw notFound();
    const flow = readFlow(request.cookies[FLOW_COOKIE]);
    // One use: the flow ends here whatever happens.
    reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
    const client = {
      address: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    };
    try {
      const user = await verifiedUser(request, flow, await configuration(settings));
      const signedIn = await identity.tokenLoginVerified(user, client, METHOD, settings.trustMfa);
      // A user with a second factor gets the pending sign-in instead of a token (marked, never a token).
      const result = 'mfa' in signedIn ? `${MFA_PREFIX}${signedIn.mfa.mfa_token}` : signedIn.token;
      reply.setCookie(RESULT_COOKIE, result, { ...cookieBase, maxAge: RESULT_SECONDS });
      return toLogin(reply, { sso: 'done', ...(flow?.next ? { next: flow.next } : {}) });
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      await identity.recordProviderLoginFailure({
        email: error.email,
        userId: error.userId,
        client,
        method: METHOD,
        reason: error.reason,
      });
      return toLogin(reply, { sso_error: error.code, ...(flow?.next ? { next: flow.next } : {}) });
    }
  });

  route(app, ep.token, async ({ request, reply }) => {
    if (!settings) throw notFound();
    const token = request.cookies[RESULT_COOKIE];
    reply.clearCookie(RESULT_COOKIE, { path: COOKIE_PATH });
    const usable = token && token.length <= 256 ? token : undefined;
    const answer = usable?.startsWith(MFA_PREFIX) ? await identity.pendingSignIn(usable.slice(MFA_PREFIX.length)) : usable ? await identity.exchangeToken(usable) : undefined;
    if (!answer) throw IDENTITY_ERRORS.error('NO_PROVIDER_SIGN_IN');
    return answer;
  });
}
