import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { ApiError, ValidationError } from './platform/errors';
import { createBackup, restoreBackup } from './platform/backup';
import { createIdentityRepository } from './modules/identity/identity.repository';
import { createIdentityService } from './modules/identity/identity.service';
import { seedScale } from './modules/records/records.scale-seed';
import { syncCommand } from './modules/integrations/sync.command';
import { DEMO_SEEDERS } from './seed/demo-seed';

export interface CommandContext {
  config: Config;
  database: Database;
  print: (line: string) => void;
}

export type Command = (ctx: CommandContext, argv: string[]) => Promise<void>;

export function identityServiceFor(ctx: { config: Config; database: Database }) {
  const { db } = ctx.database;
  return createIdentityService({
    repository: createIdentityRepository(db),
    transaction: (work) => db.transaction((tx) => work(createIdentityRepository(tx))),
    tokenTtlSeconds: ctx.config.tokenTtlSeconds,
    sessionTtlSeconds: ctx.config.sessionTtlSeconds,
    sessionAbsoluteTtlSeconds: ctx.config.sessionAbsoluteTtlSeconds,
    loginFailureLimit: ctx.config.loginFailureLimit,
    loginFailureAddressLimit: ctx.config.loginFailureAddressLimit,
    loginFailureWindowSeconds: ctx.config.loginFailureWindowSeconds,
  });
}

function describe(error: unknown): string {
  if (error instanceof ValidationError) {
    return Object.entries(error.fields)
      .map(([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : JSON.stringify(messages)}`)
      .join('\n');
  }
  if (error instanceof ApiError) return String(error.body.detail ?? error.message);
  return error instanceof Error ? error.message : String(error);
}

export class CommandError extends Error {}

async function wrap(work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    throw new CommandError(describe(error));
  }
}

/** CLI commands; the same functions run in the CLI process or inside a running server (embedded database). */
export const COMMANDS: Record<string, Command> = {
  'create-user': (ctx, argv) =>
    wrap(async () => {
      const { values } = parseArgs({
        args: argv,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
          'user-type': { type: 'string' },
          superuser: { type: 'boolean' },
          'no-group': { type: 'boolean' },
        },
      });
      if (!values.email || !values.password) throw new CommandError('create-user needs --email and --password');
      const userType = values['user-type'] ? Number(values['user-type']) : undefined;
      if (userType !== undefined && !(Number.isInteger(userType) && userType >= 1 && userType <= 7)) {
        throw new CommandError('--user-type must be 1-7');
      }
      const user = await identityServiceFor(ctx).createUser({
        actor: 'cli',
        email: values.email,
        password: values.password,
        firstName: values['first-name'],
        lastName: values['last-name'],
        userType,
        superuser: values.superuser,
        noGroup: values['no-group'],
      });
      ctx.print(`created user ${user.email} (${user.id}), user type ${user.userType}${user.isSuperuser ? ', superuser' : ''}`);
    }),

  'set-password': (ctx, argv) =>
    wrap(async () => {
      const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' } } });
      if (!values.email || !values.password) throw new CommandError('set-password needs --email and --password');
      await identityServiceFor(ctx).setPassword(values.email, values.password);
      ctx.print(`password set for ${values.email}`);
    }),

  grant: (ctx, argv) =>
    wrap(async () => {
      const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, permission: { type: 'string' }, group: { type: 'string' } } });
      if (!values.email || (!values.permission && !values.group) || (values.permission && values.group)) {
        throw new CommandError('grant needs --email and one of --permission <model>.<action> or --group NAME');
      }
      await identityServiceFor(ctx).grant(values.email, { permission: values.permission, group: values.group });
      ctx.print(`granted ${values.permission ?? `group ${values.group}`} to ${values.email}`);
    }),

  sync: (ctx, argv) => wrap(() => syncCommand(ctx, argv)),
};

COMMANDS.backup = (ctx, argv) =>
  wrap(async () => {
    const { values } = parseArgs({ args: argv, options: { out: { type: 'string' } } });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(values.out ?? path.join(ctx.config.dataDir, 'backups', `backup-${stamp}.tar.gz`));
    await createBackup(ctx.config, ctx.database, out, ctx.print);
  });

/** Commands that must run with the database closed (never handed to a running server). */
export const OFFLINE_COMMANDS: Record<string, (config: Config, pgliteDir: string, argv: string[], print: (line: string) => void) => Promise<void>> = {
  restore: async (config, pgliteDir, argv, print) => {
    const { values } = parseArgs({ args: argv, options: { in: { type: 'string' } } });
    if (!values.in) throw new CommandError('restore needs --in FILE');
    await restoreBackup(config, pgliteDir, path.resolve(values.in), print);
  },
};

/** `seed --scale N`: N x 100,000 synthetic clients with proportional cost centres, people, addresses and contacts. */
COMMANDS.seed = (ctx, argv) =>
  wrap(async () => {
    const { values } = parseArgs({ args: argv, options: { scale: { type: 'string' }, 'batch-size': { type: 'string' } } });
    const scale = Number(values.scale ?? '1');
    if (!Number.isFinite(scale) || scale <= 0 || scale > 100) throw new CommandError('--scale must be a number above 0 (at most 100)');
    const batchSize = values['batch-size'] ? Number(values['batch-size']) : undefined;
    if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) throw new CommandError('--batch-size must be a positive integer');
    const identity = identityServiceFor(ctx);
    const ownerEmail = 'scale.owner@demo.example';
    const owner =
      (await identity.findUserByEmail(ownerEmail)) ??
      (await identity.createUser({ email: ownerEmail, password: randomBytes(12).toString('base64url'), firstName: 'Scale', lastName: 'Owner', userType: 2, skipPolicy: true }));
    ctx.print(`seed: ${Math.round(scale * 100_000).toLocaleString('en-AU')} clients on ${ctx.database.engine}`);
    const result = await seedScale({ database: ctx.database, scale, ownerId: owner.id, print: ctx.print, batchSize });
    ctx.print(`seed: done, ${result.rows.toLocaleString('en-AU')} rows in ${result.seconds.toFixed(1)} s (${Math.round(result.rowsPerSecond).toLocaleString('en-AU')} rows/s)`);
  });

/**
 * `seed-demo [--only KEY[,KEY...]]`: loads the demo data set, or only the named
 * seeders (records, integrations, helpdesk; always in that order, since later
 * ones read what earlier ones wrote), into a running installation, for example
 * to show the synced directory lists without configuring a connector.
 */
COMMANDS['seed-demo'] = (ctx, argv) =>
  wrap(async () => {
    const { values } = parseArgs({ args: argv, options: { only: { type: 'string' } } });
    const known = DEMO_SEEDERS.map((seeder) => seeder.key);
    const wanted = values.only === undefined ? known : values.only.split(',').map((key) => key.trim().toLowerCase()).filter(Boolean);
    const unknown = wanted.filter((key) => !known.includes(key));
    if (wanted.length === 0 || unknown.length > 0) {
      throw new CommandError(`--only takes a comma-separated list of ${known.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
    }
    const seeders = DEMO_SEEDERS.filter((seeder) => wanted.includes(seeder.key));
    for (const seeder of seeders) {
      const started = Date.now();
      await seeder.run(ctx);
      ctx.print(`demo data: ${seeder.name} (${Date.now() - started} ms)`);
    }
  });

/** ADMIN_EMAIL/ADMIN_PASSWORD make sure that superuser exists; with neither and no users, a random one is printed once. */
export async function ensureAdmin(ctx: CommandContext): Promise<void> {
  const identity = identityServiceFor(ctx);
  const { adminEmail, adminPassword } = ctx.config;
  if (adminEmail && adminPassword) {
    const existing = await identity.findUserByEmail(adminEmail);
    if (!existing) {
      await identity.createUser({ email: adminEmail, password: adminPassword, superuser: true, userType: 1, firstName: 'Admin', skipPolicy: true });
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
