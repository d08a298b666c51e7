import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { MfaMethod, WebauthnResponse } from '@ops/contract/identity/mfa.schemas';

/** WebAuthn options in their W3C JSON form, as the contract answers them. */
export type WebauthnOptions = { challenge: string } & Record<string, unknown>;
import { sha512 } from '../../platform/passwords';
import type { MfaRepository, PasskeyRow } from './mfa.repository';
import type { TotpSecretBox } from './totp-secrets';

/** RFC 6238 as spec platform §14.5 pins it: SHA-1, six digits, 30-second steps, one step of drift. */
export const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in's mfa_token and a WebAuthn challenge live. */
export const CHALLENGE_SECONDS = 5 * 60;

export interface WebauthnConfig {
  rpId: string;
  rpName: string;
  origins: string[];
}

export function totpFor(secret: string, label = '', issuer = 'Operations') {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** "123 456" or "123-456" as typed: digits only. */
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '');

/** The 30-second step a code belongs to (within one step of now), or undefined when it matches none. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const token = normaliseCode(code);
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpFor(secret);
  const delta = totp.validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now }) + delta;
}

/** Ten recovery codes like `k7pq-x2m9-4hdt` (60 bits each): shown once, stored as digests. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}
export const recoveryCodeDigest = (code: string) => sha512(code.trim().toLowerCase().replace(/[\s-]/g, ''));

/** The challenge a WebAuthn response signed (from its clientDataJSON), or undefined when unreadable. */
export function challengeOf(response: WebauthnResponse): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The WebAuthn library, loaded at the first passkey operation (most servers never see one). */
const webauthnLibrary = () => import('@simplewebauthn/server');

const transportsOf = (row: PasskeyRow) => (Array.isArray(row.transports) ? (row.transports as AuthenticatorTransport[]) : undefined);

/** Checking and creating second factors; the callers decide what a success or a failure means. */
export function createSecondFactors(mfa: MfaRepository, webauthn: WebauthnConfig, secrets: TotpSecretBox) {
  return {
    /** The methods a user can finish a sign-in with. */
    async methods(userId: string): Promise<MfaMethod[]> {
      const [totp, passkeys, left] = await Promise.all([mfa.getTotp(userId), mfa.listPasskeys(userId), mfa.recoveryCodesLeft(userId)]);
      const methods: MfaMethod[] = [];
      if (totp?.confirmedAt) methods.push('totp');
      if (passkeys.length) methods.push('passkey');
      if (left > 0) methods.push('recovery_code');
      return methods;
    },

    /** A current code of the confirmed authenticator, taken once (its step is recorded: replay refused). */
    async checkTotp(userId: string, code: string): Promise<boolean> {
      const totp = await mfa.getTotp(userId);
      if (!totp?.confirmedAt) return false;
      const secret = secrets.open(userId, totp.secret);
      const step = secret === undefined ? undefined : totpStep(secret, code);
      return step !== undefined && mfa.takeTotpStep(userId, step, false);
    },

    useRecoveryCode: (userId: string, code: string) => mfa.useRecoveryCode(userId, recoveryCodeDigest(code)),

    async registrationOptions(user: { id: string; email: string; name: string }): Promise<WebauthnOptions> {
      const existing = await mfa.listPasskeys(user.id);
      const { generateRegistrationOptions } = await webauthnLibrary();
      return generateRegistrationOptions({
        rpName: webauthn.rpName,
        rpID: webauthn.rpId,
        userName: user.email,
        userDisplayName: user.name || user.email,
        userID: new Uint8Array(Buffer.from(user.id.replaceAll('-', ''), 'hex')),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      }) as unknown as Promise<WebauthnOptions>;
    },

    /** Verifies an attestation against a challenge `accept` takes (once); answers the credential to store. */
    async verifyRegistration(response: WebauthnResponse, accept: (challenge: string) => Promise<boolean>) {
      try {
        const { verifyRegistrationResponse } = await webauthnLibrary();
        const result = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: accept,
          expectedOrigin: webauthn.origins,
          expectedRPID: webauthn.rpId,
          requireUserVerification: false,
        });
        if (!result.verified) return undefined;
        const { credential } = result.registrationInfo;
        return { credentialId: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter, transports: credential.transports ?? [] };
      } catch {
        return undefined;
      }
    },

    async authenticationOptions(userId: string): Promise<WebauthnOptions | undefined> {
      const passkeys = await mfa.listPasskeys(userId);
      if (!passkeys.length) return undefined;
      const { generateAuthenticationOptions } = await webauthnLibrary();
      return generateAuthenticationOptions({
        rpID: webauthn.rpId,
        allowCredentials: passkeys.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        userVerification: 'preferred',
      }) as unknown as Promise<WebauthnOptions>;
    },

    /** Verifies an assertion by one of the user's passkeys for `challenge`; records its use. */
    async checkPasskey(userId: string, response: WebauthnResponse, expectedChallenge: string): Promise<boolean> {
      const row = await mfa.findPasskey(userId, response.id);
      if (!row) return false;
      try {
        const { verifyAuthenticationResponse } = await webauthnLibrary();
        const result = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge,
          expectedOrigin: webauthn.origins,
          expectedRPID: webauthn.rpId,
          credential: { id: row.credentialId, publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')), counter: row.counter, transports: transportsOf(row) },
          requireUserVerification: false,
        });
        if (!result.verified) return false;
        await mfa.markPasskeyUsed(row.id, result.authenticationInfo.newCounter);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type SecondFactors = ReturnType<typeof createSecondFactors>;
