import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import type { Config } from '../platform/config';
import { createBackup, restoreBackup } from '../platform/backup';
import { identityServiceFor } from '../modules/identity/identity-service-for';
import { seedScale } from '../modules/records/records.scale-seed';
import { seedScaleTickets } from '../modules/helpdesk/helpdesk.scale-seed';
import { createProgress, terminalProgress } from '../platform/progress';
import { DEMO_SEEDERS } from '../seed/demo-seed';
import {
  CommandError,
  defineCommand,
  defineOfflineCommand,
  describeError,
  type CliCommand,
  type CommandContext,
  type OfflineCliCommand,
} from './command';
import { syncCommand } from './sync.command';
import { exportCommand, importCommand } from './import-export.command';

const integerIn = (name: string, min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
};

const createUser = defineCommand<{
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  userType?: number;
  superuser?: boolean;
  group: boolean;
}>({
  name: 'create-user',
  summary: 'Create a user (with a staff group unless --no-group)',
  define: (command) =>
    command
      .requiredOption('--email <email>', 'sign-in email')
      .requiredOption('--password <password>', 'password (the password policy applies)')
      .option('--first-name <name>', 'first name')
      .option('--last-name <name>', 'last name')
      .addOption(new Option('--user-type <n>', 'user type 1-7').argParser(integerIn('--user-type', 1, 7)))
      .option('--superuser', 'all permissions')
      .option('--no-group', 'do not add the user to the default group'),
  async run(ctx, values) {
    const user = await identityServiceFor(ctx).createUser({
      actor: 'cli',
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      userType: values.userType,
      superuser: values.superuser,
      noGroup: !values.group,
    });
    ctx.print(`created user ${user.email} (${user.id}), user type ${user.userType}${user.isSuperuser ? ', superuser' : ''}`);
  },
});

const setPassword = defineCommand<{ email: string; password: string }>({
  name: 'set-password',
  summary: "Set a user's password",
  define: (command) =>
    command.requiredOption('--email <email>', 'the user').requiredOption('--password <password>', 'the new password'),
  async run(ctx, values) {
    await identityServiceFor(ctx).setPassword(values.email, values.password);
    ctx.print(`password set for ${values.email}`);
  },
});

const grant = defineCommand<{ email: string; permission?: string; group?: string }>({
  name: 'grant',
  summary: 'Give a user one permission or add them to a group',
  define: (command) =>
    command
      .requiredOption('--email <email>', 'the user')
      .addOption(
        new Option('--permission <model.action>', 'for example tickets.change (action: read, add, change, delete)').conflicts(
          'group',
        ),
      )
      .addOption(new Option('--group <name>', 'a group name').conflicts('permission')),
  async run(ctx, values) {
    if (!values.permission && !values.group)
      throw new CommandError('grant needs --email and one of --permission <model>.<action> or --group NAME');
    await identityServiceFor(ctx).grant(values.email, { permission: values.permission, group: values.group });
    ctx.print(`granted ${values.permission ?? `group ${values.group}`} to ${values.email}`);
  },
});

const backup = defineCommand<{ out?: string }>({
  name: 'backup',
  summary: 'Write a backup archive of the database and uploaded files',
  define: (command) => command.option('--out <file>', 'archive path (default DATA_DIR/backups/backup-<time>.tar.gz)'),
  async run(ctx, values) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(values.out ?? path.join(ctx.config.dataDir, 'backups', `backup-${stamp}.tar.gz`));
    await createBackup(ctx.config, ctx.database, out, ctx.print);
  },
});

/**
 * `seed --scale N [--tickets-per-client R]`: N x 100,000 synthetic clients with proportional cost
 * centres, people, addresses and contacts, then R help desk tickets per client (default 2).
 */
const seed = defineCommand<{ scale: string; ticketsPerClient: string }>({
  name: 'seed',
  summary: 'Load a large synthetic data set for benchmarks (--scale N: N x 100,000 clients)',
  define: (command) =>
    command
      .option('--scale <n>', 'hundreds of thousands of clients, above 0 and at most 100', '1')
      .option('--tickets-per-client <r>', 'help desk tickets per client, 0 to 10 (the peer bench has 5)', '2'),
  async run(ctx, values) {
    const scale = Number(values.scale);
    if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
      throw new CommandError('--scale must be a number above 0 (at most 100)');
    const ticketsPerClient = Number(values.ticketsPerClient);
    if (!Number.isFinite(ticketsPerClient) || ticketsPerClient < 0 || ticketsPerClient > 10)
      throw new CommandError('--tickets-per-client must be a number from 0 to 10');
    const identity = identityServiceFor(ctx);
    const ownerEmail = 'scale.owner@demo.example';
    const owner =
      (await identity.findUserByEmail(ownerEmail)) ??
      (await identity.createUser({
        email: ownerEmail,
        password: randomBytes(12).toString('base64url'),
        firstName: 'Scale',
        lastName: 'Owner',
        userType: 2,
        skipPolicy: true,
      }));
    ctx.print(`seed: ${Math.round(scale * 100_000).toLocaleString('en-AU')} clients on ${ctx.database.engine}`);
    // A bar (clients done, rate, time left) on a terminal; the seed's own line per round otherwise.
    const bar = terminalProgress(ctx.print) ? createProgress('seed clients', Math.round(scale * 100_000), ctx.print) : undefined;
    const result = await seedScale({
      database: ctx.database,
      scale,
      ownerId: owner.id,
      print: (line) => {
        // The phases after the load (indexes, vacuum) print below the finished bar.
        if (line.startsWith('seed: rows and indexes')) bar?.done();
        ctx.print(line);
      },
      progress: bar ? (clients) => bar.tick(clients) : undefined,
    });
    const tickets = ticketsPerClient
      ? await seedScaleTickets({ database: ctx.database, run: result.run, ticketsPerClient, print: ctx.print })
      : { tickets: 0, rows: 0, seconds: 0 };
    const rows = result.rows + tickets.rows;
    const seconds = result.seconds + tickets.seconds;
    ctx.print(
      `seed: done, ${rows.toLocaleString('en-AU')} rows (${tickets.tickets.toLocaleString('en-AU')} tickets) in ${seconds.toFixed(1)} s (${Math.round(rows / Math.max(seconds, 0.001)).toLocaleString('en-AU')} rows/s)`,
    );
  },
});

/**
 * `seed-demo [--only KEY[,KEY...]]`: loads the demo data set, or only the named
 * seeders (records, integrations, helpdesk; always in that order, since later
 * ones read what earlier ones wrote), into a running installation, for example
 * to show the synced directory lists without configuring a connector.
 */
const seedDemo = defineCommand<{ only?: string }>({
  name: 'seed-demo',
  summary: 'Load the demo data set, or only some of its parts',
  define: (command) => command.option('--only <keys>', `comma-separated: ${DEMO_SEEDERS.map((seeder) => seeder.key).join(', ')}`),
  async run(ctx, values) {
    const known = DEMO_SEEDERS.map((seeder) => seeder.key);
    const wanted =
      values.only === undefined
        ? known
        : values.only
            .split(',')
            .map((key) => key.trim().toLowerCase())
            .filter(Boolean);
    const unknown = wanted.filter((key) => !known.includes(key));
    if (wanted.length === 0 || unknown.length > 0) {
      throw new CommandError(
        `--only takes a comma-separated list of ${known.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
      );
    }
    for (const seeder of DEMO_SEEDERS.filter((s) => wanted.includes(s.key))) {
      const started = Date.now();
      await seeder.run(ctx);
      ctx.print(`demo data: ${seeder.name} (${Date.now() - started} ms)`);
    }
  },
});

const restore = defineOfflineCommand<{ in: string }>({
  name: 'restore',
  summary: 'Replace the database and uploaded files with a backup archive (server stopped)',
  define: (command) => command.requiredOption('--in <file>', 'the backup archive'),
  run: (config, pgliteDir, values, print) => restoreBackup(config, pgliteDir, path.resolve(values.in), print),
});

/** Commands that run in the CLI process or, on the embedded database, inside the running server. */
export const COMMAND_SPECS = [createUser, setPassword, grant, syncCommand, backup, seed, seedDemo, importCommand, exportCommand] satisfies CliCommand[];
/** Commands that must run with the database closed (never handed to a running server). */
export const OFFLINE_COMMAND_SPECS = [restore] satisfies OfflineCliCommand[];

async function wrap(work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    throw error instanceof CommandError ? error : new CommandError(describeError(error));
  }
}

export type Command = (ctx: CommandContext, argv: string[]) => Promise<void>;

export const COMMANDS: Record<string, Command> = Object.fromEntries(
  COMMAND_SPECS.map((spec) => [spec.name, (ctx: CommandContext, argv: string[]) => wrap(() => spec.invoke(ctx, argv))]),
);

export const OFFLINE_COMMANDS: Record<
  string,
  (config: Config, pgliteDir: string, argv: string[], print: (line: string) => void) => Promise<void>
> = Object.fromEntries(
  OFFLINE_COMMAND_SPECS.map((spec) => [
    spec.name,
    (config: Config, pgliteDir: string, argv: string[], print: (line: string) => void) =>
      wrap(() => spec.invoke(config, pgliteDir, argv, print)),
  ]),
);
