import type { CredentialCache } from './credential-cache';
import type { IdentityRepository } from './identity.repository';
import type { MfaRepository } from './mfa.repository';
import type { WebauthnConfig } from './mfa-factors';
import type { TotpSecretBox } from './totp-secrets';

export interface IdentityServiceDeps {
  repository: IdentityRepository;
  /** Runs `work` in one transaction with a repository bound to it. */
  transaction: <T>(work: (repository: IdentityRepository) => Promise<T>) => Promise<T>;
  /** Second factors, pending proofs and sign-ins by id (account security, spec platform §14.5). */
  mfa: MfaRepository;
  /** Runs `work` in one transaction with both repositories bound to it. */
  mfaTransaction: <T>(work: (mfa: MfaRepository, identity: IdentityRepository) => Promise<T>) => Promise<T>;
  /** How recent a password or second-factor check must be for a sensitive action (STEP_UP_SECONDS). */
  stepUpSeconds: number;
  webauthn: WebauthnConfig;
  /** Seals TOTP secrets at rest (MFA_SECRET_KEY); without it they are stored as they are. */
  totpSecrets?: TotpSecretBox;
  tokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** A sign-in (session or API token) ends this long after it began however often it is refreshed (30 days unless given). */
  sessionAbsoluteTtlSeconds?: number;
  loginFailureLimit: number;
  /** Failed sign-ins from one address over all accounts before that address is throttled too. */
  loginFailureAddressLimit: number;
  loginFailureWindowSeconds: number;
  /**
   * Token and session lookups kept in process (the server's; the CLI resolves none). Revocations
   * made by any identity service drop the entries of every cache in the process at once
   * (localCredentialCaches); the database notifies the other processes (revocation-listener.ts).
   */
  credentialCache?: CredentialCache;
}
