import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { createIdentityRepository } from './identity.repository';
import { createIdentityService } from './identity.service';
import { createMfaRepository } from './mfa.repository';
import { createTotpSecretBox } from './totp-secrets';

/** The identity service outside a request: CLI commands, start-up, demo seeders and tests. */
export function identityServiceFor(ctx: { config: Config; database: Database }) {
  const { db } = ctx.database;
  return createIdentityService({
    repository: createIdentityRepository(db),
    transaction: (work) => db.transaction((tx) => work(createIdentityRepository(tx))),
    mfa: createMfaRepository(db),
    mfaTransaction: (work) => db.transaction((tx) => work(createMfaRepository(tx), createIdentityRepository(tx))),
    stepUpSeconds: ctx.config.stepUpSeconds,
    webauthn: ctx.config.webauthn,
    totpSecrets: createTotpSecretBox(ctx.config.mfaSecretKey),
    tokenTtlSeconds: ctx.config.tokenTtlSeconds,
    sessionTtlSeconds: ctx.config.sessionTtlSeconds,
    sessionAbsoluteTtlSeconds: ctx.config.sessionAbsoluteTtlSeconds,
    loginFailureLimit: ctx.config.loginFailureLimit,
    loginFailureAddressLimit: ctx.config.loginFailureAddressLimit,
    loginFailureWindowSeconds: ctx.config.loginFailureWindowSeconds,
  });
}
