import { randomBytes } from 'node:crypto';
import { identityServiceFor } from '../../modules/identity/identity-service-for';
import { createIdentityRepository } from '../../modules/identity/identity.repository';
import { randomToken, sha512 } from '../../platform/passwords';
import type { TestApp } from '../test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(4).toString('hex')}@example.test`;
}

/**
 * The password of factory users unless a test gives one, and its hash with today's scrypt
 * parameters (computed once: N=2^16 with p=2 takes a noticeable fraction of a second per hash, so
 * factories never hash; `passwords.test.ts` checks this hash verifies and is current).
 */
export const FACTORY_PASSWORD = 'Factory-password-1';
export const FACTORY_PASSWORD_HASH =
  'scrypt$65536$8$2$eQulYW0lHgqbKwdkeJ4Nhw==$R/3cFaeoo5rsdGD4E/6rz9qTw1irvqGGi+aQpJaNCpe0V4IqN6Ulms3o1dt2Aa9Tv6K6fHC/BBLI9/Cmr1nfIA==';

/**
 * Inserts a user through the identity service (default group of its type unless noGroup) with a
 * knox token of its own. Without a `password` it gets FACTORY_PASSWORD and no hash is computed.
 */
export async function insertUser(
  t: TestApp,
  overrides: { email?: string; password?: string; userType?: number; superuser?: boolean; noGroup?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? FACTORY_PASSWORD;
  const user = await identityServiceFor(t).createUser({
    email,
    password,
    passwordHash: overrides.password === undefined ? FACTORY_PASSWORD_HASH : undefined,
    userType: overrides.userType ?? (overrides.superuser ? 1 : 2),
    superuser: overrides.superuser,
    noGroup: overrides.noGroup,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? `User${counter}`,
  });
  return { id: user.id, email, password, token: await insertToken(t, user.id) };
}

/** A knox token for the user, as a sign-in would issue it (without checking a password). */
export async function insertToken(t: TestApp, userId: string): Promise<string> {
  const token = randomToken(32);
  await createIdentityRepository(t.database.db).insertToken({
    digest: sha512(token),
    tokenKey: token.slice(0, 15),
    userId,
    expiry: new Date(Date.now() + t.config.tokenTtlSeconds * 1000),
  });
  return token;
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/identity/auth/knox/login/', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

/** Grants a permission directly (as the CLI's grant does). */
export async function grant(t: TestApp, email: string, permission: string): Promise<void> {
  await identityServiceFor(t).grant(email, { permission });
}
