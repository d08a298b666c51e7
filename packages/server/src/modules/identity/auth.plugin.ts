import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbiddenWithCode, notAuthenticated, type ApiError } from '../../platform/errors';
import { sha512 } from '../../platform/passwords';
import type { RequestAuth } from '../../platform/route';
import type { IdentityService } from './identity.service';
import { IDENTITY_ERRORS } from './identity.errors';
import { MFA_SETUP_REQUIRED } from '@ops/contract/identity/mfa.schemas';
import type { LastSeenWriter } from './last-seen';
import { requireStepUp } from './step-up';

/**
 * What a user of an MFA_REQUIRED_USER_TYPES type without a second factor may reach (spec platform
 * §14.5): their second factors, sign-out and who they are; and the password step-up, since
 * starting a factor's setup needs a recent check and a sign-in's ages (10 minutes).
 */
function reachableWithoutFactor(url: string | undefined): boolean {
  if (!url) return false;
  return (
    url.startsWith('/api/identity/mfa/') ||
    url === '/api/identity/user/' ||
    url === '/api/identity/auth/step-up/' ||
    url === '/api/identity/auth/logout/' ||
    url === '/api/identity/auth/knox/logout/' ||
    url === '/api/identity/auth/knox/logoutall/'
  );
}

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Django's CSRF check (cookie `csrftoken` equal to header `X-CSRFToken`): the 403 it fails with, or null. */
export function csrfFailure(request: FastifyRequest): ApiError | null {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie) return IDENTITY_ERRORS.error('CSRF_COOKIE_NOT_SET');
  if (typeof header !== 'string' || !header) return IDENTITY_ERRORS.error('CSRF_MISSING');
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return IDENTITY_ERRORS.error('CSRF_INCORRECT');
  return null;
}

/**
 * Resolves `Authorization: Token <token>` (knox) or the `sessionid` cookie.
 * A session-authenticated unsafe request must carry the CSRF token; token
 * requests need none (a browser never adds the header by itself).
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { identity: IdentityService; mfaRequiredUserTypes: readonly number[]; lastSeen?: LastSeenWriter }) => {
  const { identity, lastSeen } = options;
  const mfaRequired = new Set(options.mfaRequiredUserTypes);
  app.decorateRequest('auth', null);
  app.decorate('stepUpGuard', requireStepUp);
  app.decorate(
    'authenticator',
    async (request: FastifyRequest, { required }: { required: boolean }): Promise<RequestAuth | null> => {
      const header = request.headers.authorization;
      let resolved: { user: RequestAuth['user'] & { mfaEnabled?: boolean }; expiry: Date; via: 'token' | 'session'; digest: string } | undefined;
      if (header !== undefined) {
        const [scheme, token, extra] = header.trim().split(/\s+/);
        if (scheme?.toLowerCase() !== 'token') {
          if (required) throw notAuthenticated();
          return null;
        }
        if (!token || extra !== undefined) throw IDENTITY_ERRORS.error('BAD_TOKEN_HEADER');
        if (token.length > 256) throw IDENTITY_ERRORS.error('INVALID_TOKEN');
        // Hashed once: the cache lookup and the request's credential (logout) use the same digest.
        const digest = sha512(token);
        const found = await identity.resolveToken(token, digest);
        if (!found) throw IDENTITY_ERRORS.error('INVALID_TOKEN');
        resolved = { user: found, expiry: found.expiry, via: 'token', digest };
      } else {
        const sessionKey = request.cookies[SESSION_COOKIE];
        if (sessionKey && sessionKey.length <= 256) {
          const digest = sha512(sessionKey);
          const found = await identity.resolveSession(sessionKey, digest);
          if (found) {
            resolved = { user: found, expiry: found.expiry, via: 'session', digest };
            if (UNSAFE.has(request.method)) {
              const failure = csrfFailure(request);
              if (failure) throw failure;
            }
          }
        }
      }
      if (!resolved) return null;
      if (!resolved.user.isActive) throw IDENTITY_ERRORS.error('USER_INACTIVE');
      lastSeen?.seen(resolved.via, resolved.digest, { address: request.ip, userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null });
      if (mfaRequired.has(resolved.user.userType) && !resolved.user.mfaEnabled && !reachableWithoutFactor(request.routeOptions.url)) {
        throw forbiddenWithCode(MFA_SETUP_REQUIRED);
      }
      let keys: Promise<Set<string>> | undefined;
      const permissionKeys = () => (keys ??= identity.permissionKeys(resolved.user));
      return {
        user: resolved.user,
        via: resolved.via,
        credentialDigest: resolved.digest,
        expiry: resolved.expiry,
        permissionKeys,
        async hasPermission(model, action) {
          const set = await permissionKeys();
          return set.has('*') || set.has(`${model}.${action}`);
        },
      };
    },
  );
});
