import type { User } from '@ops/contract/identity/identity.schemas';
import type { MfaRequired, WebauthnResponse } from '@ops/contract/identity/mfa.schemas';
import { throttled } from '../../platform/errors';
import { IDENTITY_ERRORS } from './identity.errors';
import { dummyPasswordHash, hashPassword, needsRehash, randomToken, sha512, verifyPassword } from '../../platform/passwords';
import { localCredentialCaches } from './credential-cache';
import type { UserRow } from './identity.repository';
import type { IdentityServiceDeps } from './identity-service-deps';
import { CHALLENGE_SECONDS, type SecondFactors } from './mfa-factors';
import { MFA_ERRORS } from './mfa.errors';

/** One second factor as a sign-in or a step-up gives it. */
export interface FactorInput {
  code?: string;
  recovery_code?: string;
  passkey?: WebauthnResponse;
}

/** A session sign-in's outcome: the cookie to set, or the second factor still to give. */
export type SessionSignIn = { sessionKey: string; expiry: Date } | { mfa: MfaRequired };

/** Where a sign-in came from, for the rate limits and the security log. */
export interface ClientAddress {
  address: string;
  userAgent?: string | null;
}

/** Signing in and out: password and provider sign-ins under the failure limits, tokens and sessions, their refresh and revocation. */
export function createSignInMethods(deps: IdentityServiceDeps, serializeUser: (row: UserRow) => Promise<User>, factors: SecondFactors) {
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
  async function countAttempt(email: string, client: ClientAddress, onThrottled?: () => Promise<void>) {
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
      await onThrottled?.();
      throw throttled(retryAfter(limitedBy.oldest));
    }
  }

  async function checkCredentials(email: string, password: string, client: ClientAddress): Promise<UserRow> {
    const event = { email, address: client.address, userAgent: client.userAgent ?? null };
    await countAttempt(email, client);
    const user = email ? await repository.findUserByEmail(email) : undefined;
    const ok = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
    if (!user || !ok || !user.isActive) {
      await repository.recordSecurityEvent({ ...event, kind: 'login_failed', userId: user?.id ?? null, detail: { reason: !user ? 'unknown_account' : !ok ? 'wrong_password' : 'inactive' } });
      throw IDENTITY_ERRORS.error('BAD_CREDENTIALS');
    }
    await repository.clearLoginFailures(email, client.address);
    if (needsRehash(user.password)) return (await repository.updateUser(user.id, { password: await hashPassword(password) })) ?? user;
    return user;
  }

  async function recordLogin(user: UserRow, client: ClientAddress, via: 'token' | 'session', method?: string) {
    await repository.recordSecurityEvent({ kind: 'login_succeeded', email: user.email, userId: user.id, address: client.address, userAgent: client.userAgent ?? null, detail: method ? { via, second_factor: method } : { via } });
  }

  const seen = (client: ClientAddress) => ({ ip: client.address.slice(0, 64), userAgent: client.userAgent?.slice(0, 500) ?? null, lastSeenAt: new Date() });

  async function issueToken(user: UserRow, client: ClientAddress, method?: string) {
    await recordLogin(user, client, 'token', method);
    const token = randomToken(32);
    const expiry = new Date(Date.now() + Math.min(deps.tokenTtlSeconds, sessionAbsoluteTtlSeconds) * 1000);
    await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry, ...seen(client) });
    const updated = (await repository.updateUser(user.id, { lastLogin: new Date() }))!;
    return { expiry: expiry.toISOString(), token, user: await serializeUser(updated) };
  }

  async function issueSession(user: UserRow, client: ClientAddress, method?: string) {
    await recordLogin(user, client, 'session', method);
    const sessionKey = randomToken(32);
    const now = new Date();
    const expiry = new Date(now.getTime() + Math.min(deps.sessionTtlSeconds, sessionAbsoluteTtlSeconds) * 1000);
    await repository.insertSession({ digest: sha512(sessionKey), userId: user.id, createdAt: now, expiry, ...seen(client) });
    await repository.updateUser(user.id, { lastLogin: new Date() });
    return { sessionKey, expiry };
  }

  /** A password sign-in of a user with a second factor: a pending sign-in (5 minutes) instead of a credential. */
  async function secondStep(user: UserRow, via: 'token' | 'session'): Promise<MfaRequired> {
    const mfaToken = randomToken(32);
    // Abandoned pending sign-ins and challenges go here (an indexed delete, usually of nothing).
    await deps.mfa.deleteExpiredChallenges();
    await deps.mfa.insertChallenge({ digest: sha512(mfaToken), purpose: 'sign_in', userId: user.id, via, expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000) });
    return { mfa_required: true, mfa_token: mfaToken, methods: await factors.methods(user.id) };
  }

  /**
   * Whether `factor` proves the user: a TOTP code (taken once), an unused recovery code, or a
   * passkey assertion for `passkeyChallenge`. Each method answers false on anything wrong.
   */
  async function checkFactor(user: UserRow, factor: FactorInput & { password?: string }, passkeyChallenge: () => Promise<string | undefined>): Promise<string | undefined> {
    if (factor.password !== undefined) return (await verifyPassword(factor.password, user.password)) ? 'password' : undefined;
    if (factor.code !== undefined) return (await factors.checkTotp(user.id, factor.code)) ? 'totp' : undefined;
    if (factor.recovery_code !== undefined) {
      if (!(await factors.useRecoveryCode(user.id, factor.recovery_code))) return undefined;
      await repository.recordSecurityEvent({ kind: 'mfa_recovery_code_used', email: user.email, userId: user.id, actor: user.id });
      return 'recovery_code';
    }
    if (factor.passkey !== undefined) {
      const challenge = await passkeyChallenge();
      return challenge && (await factors.checkPasskey(user.id, factor.passkey, challenge)) ? 'passkey' : undefined;
    }
    return undefined;
  }

  /**
   * A second factor or password check under the sign-in failure limits: counted before it is
   * checked, cleared on success; a failure goes to the security log and answers 400.
   */
  async function proveUnderLimit(
    user: UserRow,
    factor: FactorInput & { password?: string },
    client: ClientAddress,
    options: { failure: 'mfa_failed' | 'step_up_failed'; onThrottled?: () => Promise<void>; passkeyChallenge: () => Promise<string | undefined> },
  ): Promise<string> {
    await countAttempt(user.email, client, options.onThrottled);
    const method = await checkFactor(user, factor, options.passkeyChallenge);
    if (!method) {
      await repository.recordSecurityEvent({ kind: options.failure, email: user.email, userId: user.id, address: client.address, userAgent: client.userAgent ?? null });
      throw MFA_ERRORS.error(factor.password !== undefined ? 'WRONG_PASSWORD' : 'WRONG_FACTOR');
    }
    await repository.clearLoginFailures(user.email, client.address);
    return method;
  }

  return {
    proveUnderLimit,
    issueToken,

    async tokenLogin(email: string, password: string, client: ClientAddress) {
      const user = await checkCredentials(email, password, client);
      if (user.mfaEnabled) return secondStep(user, 'token');
      return issueToken(user, client);
    },

    async sessionLogin(email: string, password: string, client: ClientAddress): Promise<SessionSignIn> {
      const user = await checkCredentials(email, password, client);
      if (user.mfaEnabled) return { mfa: await secondStep(user, 'session') };
      return issueSession(user, client);
    },

    /**
     * Finishes a two-step sign-in: the pending sign-in of `mfaToken` (not expired) and one second
     * factor. Answers what the password sign-in would have. A wrong factor counts toward the
     * sign-in limit and leaves the pending sign-in usable; at the limit (429) it is gone. An
     * unknown or expired token answers the same 400 as a wrong code.
     */
    async completeMfaLogin(mfaToken: string, factor: FactorInput, client: ClientAddress, checkCsrf: () => void) {
      const digest = sha512(mfaToken);
      const pending = await deps.mfa.findChallenge(digest, 'sign_in');
      const user = pending ? await repository.findUserById(pending.userId) : undefined;
      if (!pending || !user?.isActive) throw MFA_ERRORS.error('WRONG_FACTOR');
      if (pending.via === 'session') checkCsrf();
      const method = await proveUnderLimit(user, factor, client, {
        failure: 'mfa_failed',
        onThrottled: () => deps.mfa.deleteChallenge(pending.id),
        passkeyChallenge: async () => pending.webauthnChallenge ?? undefined,
      });
      // The pending sign-in is used once: a second request with the same token finds nothing.
      if (!(await deps.mfa.takeChallenge(digest, 'sign_in'))) throw MFA_ERRORS.error('WRONG_FACTOR');
      if (pending.via === 'session') return { via: 'session' as const, ...(await issueSession(user, client, method)) };
      return { via: 'token' as const, answer: await issueToken(user, client, method) };
    },

    /** WebAuthn request options for a pending sign-in's passkey (its challenge kept with the sign-in). */
    async mfaPasskeyOptions(mfaToken: string) {
      const pending = await deps.mfa.findChallenge(sha512(mfaToken), 'sign_in');
      const options = pending ? await factors.authenticationOptions(pending.userId) : undefined;
      if (!pending || !options) throw MFA_ERRORS.error('WRONG_FACTOR');
      await deps.mfa.setChallengeWebauthn(pending.id, options.challenge);
      return options;
    },

    /** `digest`: the token's sha512, when the caller computed it already (the request keeps it for logout). */
    async resolveToken(token: string, digest = sha512(token)) {
      const load = () => repository.findUserByTokenDigest(digest, sessionAbsoluteTtlSeconds);
      return credentials ? credentials.resolve(`t:${digest}`, load) : load();
    },

    async resolveSession(sessionKey: string, digest = sha512(sessionKey)) {
      const load = () => repository.findUserBySessionDigest(digest, sessionAbsoluteTtlSeconds);
      return credentials ? credentials.resolve(`s:${digest}`, load) : load();
    },

    /**
     * Signs in a user an identity provider vouched for (spec platform §13.3): the same knox token a password
     * sign-in issues, recorded in the security log with the method. Only an active user signs in.
     */
    async tokenLoginVerified(user: UserRow, client: ClientAddress, method: string, trustMfa = false): Promise<{ token: string; expiry: Date } | { mfa: MfaRequired }> {
      if (!user.isActive) throw IDENTITY_ERRORS.error('BAD_CREDENTIALS');
      // The provider's own second factor counts only when the operator says so (OIDC_TRUST_MFA).
      if (user.mfaEnabled && !trustMfa) return { mfa: await secondStep(user, 'token') };
      await repository.recordSecurityEvent({ kind: 'login_succeeded', email: user.email, userId: user.id, address: client.address, userAgent: client.userAgent ?? null, detail: { via: 'token', method } });
      const token = randomToken(32);
      const expiry = new Date(Date.now() + deps.tokenTtlSeconds * 1000);
      await repository.insertToken({ digest: sha512(token), tokenKey: token.slice(0, 15), userId: user.id, expiry, ...seen(client) });
      await repository.updateUser(user.id, { lastLogin: new Date() });
      return { token, expiry };
    },

    /** A provider sign-in still waiting for its second factor, as the knox sign-in answers it (or nothing when expired). */
    async pendingSignIn(mfaToken: string): Promise<MfaRequired | undefined> {
      const pending = await deps.mfa.findChallenge(sha512(mfaToken), 'sign_in');
      return pending ? { mfa_required: true, mfa_token: mfaToken, methods: await factors.methods(pending.userId) } : undefined;
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
