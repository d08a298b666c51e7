import { randomBytes } from 'node:crypto';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { identityServiceFor } from './identity-service-for';

/** ADMIN_EMAIL/ADMIN_PASSWORD make sure that superuser exists; with neither and no users, a random one is printed once. */
export async function ensureAdmin(ctx: { config: Config; database: Database; print: (line: string) => void }): Promise<void> {
  const identity = identityServiceFor(ctx);
  const { adminEmail, adminPassword } = ctx.config;
  if (adminEmail && adminPassword) {
    const existing = await identity.findUserByEmail(adminEmail);
    if (!existing) {
      await identity.createUser({
        email: adminEmail,
        password: adminPassword,
        superuser: true,
        userType: 1,
        firstName: 'Admin',
        skipPolicy: true,
      });
      ctx.print(`created superuser ${adminEmail}`);
    } else if (!(await identity.checkPassword(existing, adminPassword))) {
      // Only a changed ADMIN_PASSWORD resets it (and signs the admin out everywhere); a restart does not.
      await identity.setPassword(adminEmail, adminPassword, { skipPolicy: true });
      ctx.print(`password of ${adminEmail} reset from ADMIN_PASSWORD; its sessions and tokens are revoked`);
    }
    return;
  }
  if ((await identity.countUsers()) > 0) return;
  const email = adminEmail ?? 'admin@example.com';
  const password = randomBytes(12).toString('base64url');
  await identity.createUser({ email, password, superuser: true, userType: 1, firstName: 'Admin', skipPolicy: true });
  ctx.print('');
  ctx.print('  A superuser was created. Sign in with:');
  ctx.print(`    email:    ${email}`);
  ctx.print(`    password: ${password}`);
  ctx.print('  This password is shown only once.');
  ctx.print('');
}
