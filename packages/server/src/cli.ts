import path from 'node:path';
import { Command as Program, CommanderError } from 'commander';
import { commanderFor, CommandError, describeError, UsageError } from './cli/command';
import { COMMAND_SPECS, COMMANDS, OFFLINE_COMMAND_SPECS, OFFLINE_COMMANDS } from './cli/commands';
import { sendToServer } from './platform/cli-channel';
import { loadConfig } from './platform/config';
import { openDatabase, pgliteDir } from './platform/open-database';
import { acquireDataDirLock, lockHolder } from './platform/data-dir-lock';

const print = (line: string) => process.stdout.write(`${line}\n`);

/** Runs a command that needs the database: here, or in the running server that holds the embedded one. */
async function runOnline(name: string, argv: string[]): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await sendToServer(path.join(config.dataDir, 'cli.sock'), name, argv, print);
    if (answer) {
      if (!answer.ok) throw new CommandError(answer.error ?? 'failed');
      return;
    }
    const holder = lockHolder(pgliteDir(config));
    if (holder)
      throw new CommandError(`The embedded database is in use by process ${holder}, which does not answer on its CLI channel.`);
  }
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(pgliteDir(config));
  // Admin commands (seed, import, backup) run long statements on purpose: the server's statement timeout is not theirs.
  const database = await openDatabase({ ...config, dbStatementTimeoutMs: 0 });
  try {
    await COMMANDS[name]!({ config, database, print }, argv);
  } finally {
    await database.close();
    release();
  }
}

async function runOffline(name: string, argv: string[]): Promise<void> {
  const config = loadConfig();
  const holder = config.databaseUrl ? undefined : lockHolder(pgliteDir(config));
  if (holder) throw new CommandError(`Stop the server (process ${holder}) before running ${name}.`);
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(pgliteDir(config));
  try {
    await OFFLINE_COMMANDS[name]!(config, pgliteDir(config), argv, print);
  } finally {
    release();
  }
}

// commander checks the command line (and answers --help) before anything opens the
// database; the words after the command name go on unchanged, so a running server
// parses them with the same definition.
const program = new Program('npm run cli --')
  .description('Admin commands for the operations platform. They work whether or not the server is running.')
  .exitOverride()
  .showHelpAfterError('(add --help for usage)');
let chosen: { name: string; offline: boolean } | undefined;
for (const spec of COMMAND_SPECS)
  program.addCommand(commanderFor(spec).action(() => void (chosen = { name: spec.name, offline: false })));
for (const spec of OFFLINE_COMMAND_SPECS)
  program.addCommand(commanderFor(spec).action(() => void (chosen = { name: spec.name, offline: true })));

const words = process.argv.slice(2);
try {
  if (words.length === 0) {
    program.outputHelp();
    process.exit(0);
  }
  await program.parseAsync(words, { from: 'user' });
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  throw error;
}

try {
  if (!chosen) process.exit(2);
  const argv = words.slice(words.indexOf(chosen.name) + 1);
  await (chosen.offline ? runOffline(chosen.name, argv) : runOnline(chosen.name, argv));
  process.exit(0);
} catch (error) {
  process.stderr.write(`error: ${describeError(error)}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
