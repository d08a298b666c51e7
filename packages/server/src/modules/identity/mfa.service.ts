import type { MfaStatus, Passkey, SignInSession } from '@ops/contract/identity/mfa.schemas';
import { notFound } from '../../platform/errors';
import { sha512 } from '../../platform/passwords';
import { localCredentialCaches } from './credential-cache';
import type { UserRow } from './identity.repository';
import type { ClientAddress, FactorInput } from './identity-sign-in';
import type { IdentityServiceDeps } from './identity-service-deps';
import { CHALLENGE_SECONDS, challengeOf, newRecoveryCodes, newTotpSecret, recoveryCodeDigest, totpFor, totpStep, type SecondFactors } from './mfa-factors';
import type { CredentialKind, PasskeyRow } from './mfa.repository';
import { MFA_ERRORS } from './mfa.errors';
import { createTotpSecretBox } from './totp-secrets';

/** The credential a request came with (`RequestAuth`'s via and digest). */
export interface CurrentCredential {
  via: CredentialKind;
  credentialDigest: string;
}

type Prove = (
  user: UserRow,
  factor: FactorInput & { password?: string },
  client: ClientAddress,
  options: { failure: 'mfa_failed' | 'step_up_failed'; passkeyChallenge: () => Promise<string | undefined> },
) => Promise<string>;

const passkeyOf = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A user's own account security (spec platform §14.5): TOTP setup, confirmation and removal,
 * recovery codes, passkeys, step-up checks, and their sessions and tokens. Every change goes to the
 * security log.
 */
export function createAccountSecurityMethods(deps: IdentityServiceDeps, factors: SecondFactors, prove: Prove) {
  const { repository, mfa } = deps;
  const secrets = deps.totpSecrets ?? createTotpSecretBox();

  async function userOf(userId: string): Promise<UserRow> {
    const user = await repository.findUserById(userId);
    if (!user) throw notFound();
    return user;
  }

  const event = (user: UserRow, kind: Parameters<typeof repository.recordSecurityEvent>[0]['kind'], client?: ClientAddress, detail: Record<string, unknown> = {}) =>
    repository.recordSecurityEvent({ kind, email: user.email, userId: user.id, actor: user.id, address: client?.address ?? null, userAgent: client?.userAgent ?? null, detail });

  /** Keeps the user's "has a factor" flag (read with each credential) and drops their cached credentials here. */
  async function syncEnabled(userId: string) {
    await mfa.syncMfaEnabled(userId);
    localCredentialCaches.forgetUser(userId);
  }

  /** A step-up passkey assertion's challenge, taken once and only when it was issued to this user. */
  const stepUpChallenge = (user: UserRow, factor: FactorInput) => async () => {
    const challenge = factor.passkey ? challengeOf(factor.passkey) : undefined;
    if (!challenge) return undefined;
    const taken = await mfa.takeChallenge(sha512(challenge), 'passkey_assert');
    return taken?.userId === user.id ? challenge : undefined;
  };

  return {
    async mfaStatus(userId: string): Promise<MfaStatus> {
      const [totp, passkeys, left] = await Promise.all([mfa.getTotp(userId), mfa.listPasskeys(userId), mfa.recoveryCodesLeft(userId)]);
      return { totp: Boolean(totp?.confirmedAt), passkeys: passkeys.map(passkeyOf), recovery_codes_left: left };
    },

    /** A new secret for an authenticator app, pending until a code confirms it (replaces a pending one). */
    async startTotp(userId: string) {
      const user = await userOf(userId);
      const secret = newTotpSecret();
      if (!(await mfa.startTotp(user.id, secrets.seal(user.id, secret)))) throw MFA_ERRORS.error('TOTP_ALREADY_SET_UP');
      return { secret, otpauth_url: totpFor(secret, user.email).toString() };
    },

    /** Confirms the pending authenticator with a current code; answers ten new recovery codes (shown once). */
    async confirmTotp(userId: string, code: string, client: ClientAddress) {
      const user = await userOf(userId);
      const totp = await mfa.getTotp(user.id);
      if (!totp || totp.confirmedAt) throw MFA_ERRORS.error(totp ? 'TOTP_ALREADY_SET_UP' : 'NO_TOTP_PENDING');
      const secret = secrets.open(user.id, totp.secret);
      const step = secret === undefined ? undefined : totpStep(secret, code);
      const codes = newRecoveryCodes();
      const confirmed =
        step !== undefined &&
        (await deps.mfaTransaction(async (tx, identity) => {
          if (!(await tx.takeTotpStep(user.id, step, true))) return false;
          await tx.replaceRecoveryCodes(user.id, codes.map(recoveryCodeDigest));
          await tx.syncMfaEnabled(user.id);
          await identity.recordSecurityEvent({ kind: 'mfa_totp_enabled', email: user.email, userId: user.id, actor: user.id, address: client.address, userAgent: client.userAgent ?? null });
          await identity.recordSecurityEvent({ kind: 'mfa_recovery_codes_generated', email: user.email, userId: user.id, actor: user.id, address: client.address, userAgent: client.userAgent ?? null });
          return true;
        }));
      if (!confirmed) throw MFA_ERRORS.onField('code', 'WRONG_FACTOR');
      localCredentialCaches.forgetUser(user.id);
      return { recovery_codes: codes };
    },

    /** Removes the authenticator after a current code or the password (itself the check this change needs). */
    async deleteTotp(userId: string, proof: { code?: string; password?: string }, client: ClientAddress) {
      const user = await userOf(userId);
      const totp = await mfa.getTotp(user.id);
      if (!totp) throw MFA_ERRORS.error('NO_TOTP');
      // A pending (unconfirmed) authenticator has no code to give: the password removes it.
      const factor = proof.code !== undefined && totp.confirmedAt ? { code: proof.code } : { password: proof.password ?? '' };
      await prove(user, factor, client, { failure: 'mfa_failed', passkeyChallenge: async () => undefined });
      await mfa.deleteTotp(user.id);
      // Recovery codes back up the authenticator app; with it gone only passkeys remain.
      if (!(await mfa.listPasskeys(user.id)).length) await mfa.replaceRecoveryCodes(user.id, []);
      await syncEnabled(user.id);
      await event(user, 'mfa_totp_disabled', client, { proof: factor.code !== undefined ? 'code' : 'password' });
    },

    async passkeyRegistrationOptions(userId: string) {
      const user = await userOf(userId);
      const options = await factors.registrationOptions({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() });
      await mfa.insertChallenge({ digest: sha512(options.challenge), purpose: 'passkey_register', userId: user.id, expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000) });
      return options;
    },

    async registerPasskey(userId: string, input: { name: string; response: FactorInput['passkey'] & object }, client: ClientAddress): Promise<Passkey> {
      const user = await userOf(userId);
      const name = input.name.trim();
      if ((await mfa.listPasskeys(user.id)).some((p) => p.name.toLowerCase() === name.toLowerCase())) throw MFA_ERRORS.onField('name', 'PASSKEY_NAME_TAKEN');
      const credential = await factors.verifyRegistration(input.response, async (challenge) => {
        const taken = await mfa.takeChallenge(sha512(challenge), 'passkey_register');
        return taken?.userId === user.id;
      });
      if (!credential) throw MFA_ERRORS.onField('response', 'PASSKEY_REJECTED');
      const row = await mfa.insertPasskey({ userId: user.id, name, ...credential });
      await syncEnabled(user.id);
      await event(user, 'mfa_passkey_added', client, { passkey: row.id, name });
      return passkeyOf(row);
    },

    async deletePasskey(userId: string, id: string, client: ClientAddress) {
      const user = await userOf(userId);
      const row = await mfa.deletePasskey(user.id, id);
      if (!row) throw notFound();
      await syncEnabled(user.id);
      await event(user, 'mfa_passkey_removed', client, { passkey: row.id, name: row.name });
    },

    async stepUpPasskeyOptions(userId: string) {
      const options = await factors.authenticationOptions(userId);
      if (!options) throw MFA_ERRORS.error('NO_PASSKEYS');
      await mfa.insertChallenge({ digest: sha512(options.challenge), purpose: 'passkey_assert', userId, expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000) });
      return options;
    },

    /** A fresh password or second-factor check on this credential (under the sign-in limits). */
    async stepUp(userId: string, current: CurrentCredential, factor: FactorInput & { password?: string }, client: ClientAddress) {
      const user = await userOf(userId);
      const method = await prove(user, factor, client, { failure: 'step_up_failed', passkeyChallenge: stepUpChallenge(user, factor) });
      const until = await mfa.markVerified(current.via, current.credentialDigest, deps.stepUpSeconds);
      if (!until) throw notFound();
      await event(user, 'step_up_succeeded', client, { method });
      return { detail: 'Confirmed.', verified_until: until.toISOString() };
    },

    /** Whether the credential checked its user within STEP_UP_SECONDS (a sign-in counts, at its time). */
    recentlyVerified: (current: CurrentCredential) => mfa.verifiedWithin(current.via, current.credentialDigest, deps.stepUpSeconds),

    /**
     * Seals the TOTP secrets stored before MFA_SECRET_KEY was set (start-up); answers how many were
     * sealed, and how many sealed ones this server cannot open (no key, or another one).
     */
    async sealTotpSecrets(): Promise<{ sealed: number; unreadable: number }> {
      let sealed = 0;
      let unreadable = 0;
      for (const row of await mfa.listTotpSecrets()) {
        if (secrets.isSealed(row.secret)) {
          if (secrets.open(row.userId, row.secret) === undefined) unreadable += 1;
        } else if (secrets.keyed && (await mfa.replaceTotpSecret(row.userId, row.secret, secrets.seal(row.userId, row.secret)))) {
          sealed += 1;
        }
      }
      return { sealed, unreadable };
    },

    async listSignIns(userId: string, current: CurrentCredential): Promise<SignInSession[]> {
      const rows = await mfa.listCredentials(userId);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt?.toISOString() ?? null,
        ip: row.ip,
        user_agent: row.userAgent,
        current: row.kind === current.via && row.digest === current.credentialDigest,
      }));
    },

    /** "Sign out all other sessions": ends every session and token of the user but the caller's own. */
    async endOtherSignIns(userId: string, current: CurrentCredential, client: ClientAddress) {
      const user = await userOf(userId);
      const ended = await mfa.deleteOtherCredentials(user.id, { kind: current.via, digest: current.credentialDigest });
      for (const row of ended) localCredentialCaches.forgetDigest(`${row.kind === 'token' ? 't' : 's'}:${row.digest}`);
      if (ended.length) await event(user, 'session_ended', client, { others: ended.length });
      return { ended: ended.length };
    },

    /**
     * An administrator's reset of another user's second factor (lost phone, lost keys): removes the
     * authenticator app, every passkey and the recovery codes in one transaction, and records who
     * did it. The user signs in with the password alone afterwards (and, when their type must have
     * one, sets up a new factor first).
     */
    async resetMfa(actorId: string, targetId: string, client: ClientAddress) {
      const target = await userOf(targetId);
      const removed = await deps.mfaTransaction(async (tx, identity) => {
        const gone = await tx.deleteAllFactors(target.id);
        await tx.syncMfaEnabled(target.id);
        await identity.recordSecurityEvent({
          kind: 'mfa_reset',
          email: target.email,
          userId: target.id,
          actor: actorId,
          address: client.address,
          userAgent: client.userAgent ?? null,
          detail: { totp: gone.totp, passkeys: gone.passkeys, recovery_codes: gone.recoveryCodes },
        });
        return gone;
      });
      localCredentialCaches.forgetUser(target.id);
      return { totp: removed.totp, passkeys: removed.passkeys, recovery_codes: removed.recoveryCodes };
    },

    /** Ends one of the user's sessions or tokens: here at once, elsewhere through the database's notification. */
    async endSignIn(userId: string, id: string, client: ClientAddress) {
      const ended = await mfa.deleteCredential(userId, id);
      if (!ended) throw notFound();
      localCredentialCaches.forgetDigest(`${ended.kind === 'token' ? 't' : 's'}:${ended.digest}`);
      const user = await userOf(userId);
      await event(user, 'session_ended', client, { kind: ended.kind, id });
    },
  };
}
