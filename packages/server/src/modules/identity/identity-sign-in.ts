import type { User } from '@ops/contract/identity/identity.schemas';
import { throttled } from '../../platform/errors';
import { IDENTITY_ERRORS } from './identity.errors';
import { dummyPasswordHash, hashPassword, needsRehash, randomToken, sha512, verifyPassword } from '../../platform/passwords';
import { localCredentialCaches } from './credential-cache';
import type { UserRow } from './identity.repository';
import type { IdentityServiceDeps } from './identity-service-deps';

/** Where a sign-in came from, for the rate limits and the security log. */
export interface ClientAddress {
  address: string;
  userAgent?: string | null;
}

/** Signing in and out: password and provider sign-ins under the failure limits, tokens and sessions, their refresh and revocation. */
export function createSignInMethods(deps: IdentityServiceDeps, serializeUser: (row: UserRow) => Promise<User>) {
  const { repository } = deps;
  const sessionAbsoluteTtlSeconds = deps.sessionAbsoluteTtlSeconds ?? 30 * 24 * 3600;
  const credentials = deps.credentialCache;

  const retryAfter = (oldest: Date | null) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + deps.loginFailureWindowSeconds * 1000 - Date.now()) / 1000));

  /**
   * Checks credentials under two failure limits: per account and address
   * (guessing one password) and per address over all accounts (spraying
   * many). The attempt is counted as a failure before the password is hashed,
   * under a lock per address, so concurrent attempts past the limit answer 429
   * without hashing; a success clears the count. Every outcome goes to the
   * security log.
   */
  async function checkCredentials(email: string, password: string, client: ClientAddress): Promise<UserRow> {
    const { address } = client;
    const event = { email, address, userAgent: client.userAgent ?? null };
    const limitedBy = await deps.transaction(async (repo) => {
      await repo.lockLoginAddress(address);
      const perAccount = await repo.countRecentLoginFailures(email, address, deps.loginFailureWindowSeconds);
      const perAddress = await repo.countRecentLoginFailuresFromAddress(address, deps.loginFailureWindowSeconds);
      if (perAccount.count >= deps.loginFailureLimit) return { limit: 'account_and_address', oldest: perAccount.oldest };
      if (perAddress.count >= deps.loginFailureAddressLimit) return { limit: 'address', oldest: perAddress.oldest };
      await repo.recordLoginFailure(email, address);
      return undefined;
    });
    if (limitedBy) {
      await repository.recordSecurityEvent({ ...event, kind: 'login_throttled', detail: { limit: limitedBy.limit } });
      throw throttled(retryAfter(limitedBy.oldest));
    }
    const user = email ? await repository.findUserByEmail(email) : undefined;
    const ok = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
    if (!user || !ok || !user.isActive) {
      await repository.recordSecurityEvent({ ...event, kind: 'login_failed', userId: user?.id ?? null, detail: { reason: !user ? 'unknown_account' : !ok ? 'wrong_password' : 'inactive' } });
      throw IDENTITY_ERRORS.error('BAD_CREDENTIALS');
    }
    await repository.clearLoginFailures(email, address);
    if (needsRehash(user.password)) return (await repository.updateUser(user.id, { password: await hashPassword(password) })) ?? user;
    return user;
  }

  async function recordLogin(user: UserRow, client: ClientAddress, via: 'token' | 'session') {
    await repository.recordSecurityEvent({ kind: 'login_succeeded', email: user.email, userId: user.id, address: client.address, userAgent: client.userAgent ?? null, detail: { via } });
  }

  return {
    async tokenLogin(email: string, password: string, client: ClientAddress) {
      const user = await checkCredentials(email, password, client);
      await recordLogin(user, client, 'token');
      const token = randomToken(32);
      const expiry = new Date(Date.now() + Math.min(deps.tokenTtlSeconds, sessionAbsoluteTtlSeconds) * 1000);
      await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry });
      const updated = (await repository.updateUser(user.id, { lastLogin: new Date() }))!;
      return { expiry: expiry.toISOString(), token, user: await serializeUser(updated) };
    },

    async sessionLogin(email: string, password: string, client: ClientAddress) {
      const user = await checkCredentials(email, password, client);
      await recordLogin(user, client, 'session');
      const sessionKey = randomToken(32);
      const now = new Date();
      const expiry = new Date(now.getTime() + Math.min(deps.sessionTtlSeconds, sessionAbsoluteTtlSeconds) * 1000);
      await repository.insertSession({ digest: sha512(sessionKey), userId: user.id, createdAt: now, expiry });
      await repository.updateUser(user.id, { lastLogin: new Date() });
      return { sessionKey, expiry };
    },

    async resolveToken(token: string) {
      const digest = sha512(token);
      const load = () => repository.findUserByTokenDigest(digest, sessionAbsoluteTtlSeconds);
      return credentials ? credentials.resolve(`t:${digest}`, load) : load();
    },

    async resolveSession(sessionKey: string) {
      const digest = sha512(sessionKey);
      const load = () => repository.findUserBySessionDigest(digest, sessionAbsoluteTtlSeconds);
      return credentials ? credentials.resolve(`s:${digest}`, load) : load();
    },

    /**
     * Signs in a user an identity provider vouched for (spec platform §13.3): the same knox token a password
     * sign-in issues, recorded in the security log with the method. Only an active user signs in.
     */
    async tokenLoginVerified(user: UserRow, client: ClientAddress, method: string) {
      if (!user.isActive) throw IDENTITY_ERRORS.error('BAD_CREDENTIALS');
      await repository.recordSecurityEvent({ kind: 'login_succeeded', email: user.email, userId: user.id, address: client.address, userAgent: client.userAgent ?? null, detail: { via: 'token', method } });
      const token = randomToken(32);
      const expiry = new Date(Date.now() + deps.tokenTtlSeconds * 1000);
      await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry });
      await repository.updateUser(user.id, { lastLogin: new Date() });
      return { token, expiry };
    },

    /**
     * Hands over a sign-in's token once: the token given is deleted and a fresh one answered in the
     * knox sign-in shape, so the same hand-over token never signs in twice.
     */
    async exchangeToken(handOver: string) {
      const userId = await repository.takeToken(sha512(handOver));
      const user = userId ? await repository.findUserById(userId) : undefined;
      if (!user?.isActive) return undefined;
      const token = randomToken(32);
      const expiry = new Date(Date.now() + deps.tokenTtlSeconds * 1000);
      await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry });
      return { expiry: expiry.toISOString(), token, user: await serializeUser(user) };
    },

    /** A refused sign-in through an identity provider, for the security log. */
    async recordProviderLoginFailure(event: { email: string; userId: string | null; client: ClientAddress; method: string; reason: string }) {
      await repository.recordSecurityEvent({ kind: 'login_failed', email: event.email, userId: event.userId, address: event.client.address, userAgent: event.client.userAgent ?? null, detail: { reason: event.reason, method: event.method } });
    },


    async logoutToken(digest: string) {
      await repository.deleteToken(digest);
      localCredentialCaches.forgetDigest(`t:${digest}`);
    },
    async logoutAllTokens(userId: string) {
      await repository.deleteUserTokens(userId);
      localCredentialCaches.forgetUser(userId);
    },
    async logoutSession(digest: string) {
      await repository.deleteSession(digest);
      localCredentialCaches.forgetDigest(`s:${digest}`);
    },

    async refresh(via: 'token' | 'session', digest: string): Promise<Date> {
      // Sliding, but never past the sign-in's absolute end (tokens and sessions alike).
      if (via === 'token') return repository.extendToken(digest, new Date(Date.now() + deps.tokenTtlSeconds * 1000), sessionAbsoluteTtlSeconds);
      return repository.extendSession(digest, new Date(Date.now() + deps.sessionTtlSeconds * 1000), sessionAbsoluteTtlSeconds);
    },
  };
}
