import { randomBytes } from 'node:crypto';
import { identityServiceFor } from '../../modules/identity/identity-service-for';
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

/** Inserts a user through the identity service (default group of its type unless noGroup) and signs it in. */
export async function insertUser(
  t: TestApp,
  overrides: { email?: string; password?: string; userType?: number; superuser?: boolean; noGroup?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `Pw-${randomBytes(6).toString('hex')}`;
  const user = await identityServiceFor(t).createUser({
    email,
    password,
    userType: overrides.userType ?? (overrides.superuser ? 1 : 2),
    superuser: overrides.superuser,
    noGroup: overrides.noGroup,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? `User${counter}`,
  });
  const token = await signIn(t, email, password);
  return { id: user.id, email, password, token };
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
