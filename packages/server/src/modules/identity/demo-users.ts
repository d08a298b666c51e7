import type { Database } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import { createIdentityRepository } from './identity.repository';
import { createIdentityService } from './identity.service';
import { createMfaRepository } from './mfa.repository';

// Demo users, for the demo seed steps of several modules (records, timeline).

export const DEMO_PASSWORD = 'SaltbushDemo-2026';

export function identityFor(database: Database) {
  const { db } = database;
  return createIdentityService({
    repository: createIdentityRepository(db),
    transaction: (work) => db.transaction((tx) => work(createIdentityRepository(tx))),
    mfa: createMfaRepository(db),
    mfaTransaction: (work) => db.transaction((tx) => work(createMfaRepository(tx), createIdentityRepository(tx))),
    stepUpSeconds: 600,
    webauthn: { rpId: 'localhost', rpName: 'Operations', origins: ['http://localhost:8000'] },
    tokenTtlSeconds: 3600,
    sessionTtlSeconds: 3600,
    loginFailureLimit: 10,
    loginFailureAddressLimit: 100,
    loginFailureWindowSeconds: 900,
  });
}

let demoPasswordHash: Promise<string> | undefined;

export async function ensureUser(
  identity: ReturnType<typeof identityFor>,
  user: { email: string; firstName: string; lastName: string; userType: number },
) {
  const existing = await identity.findUserByEmail(user.email);
  if (existing) return existing.id;
  // Every demo user shares one password: hash it once per process, not once per user.
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  const created = await identity.createUser({ ...user, password: DEMO_PASSWORD, passwordHash: await demoPasswordHash, skipPolicy: true });
  return created.id;
}
