import path from 'node:path';
import { COMMANDS, CommandError, OFFLINE_COMMANDS } from './commands';
import { sendToServer } from './platform/cli-channel';
import { loadConfig } from './platform/config';
import { openDatabase, pgliteDir } from './platform/open-database';
import { acquireDataDirLock, lockHolder } from './platform/data-dir-lock';

const [command, ...argv] = process.argv.slice(2);
const print = (line: string) => process.stdout.write(`${line}\n`);

if (!command || !(COMMANDS[command] || OFFLINE_COMMANDS[command])) {
  process.stderr.write(
    `usage: npm run cli -- <command> [options]\ncommands: ${[...Object.keys(COMMANDS), ...Object.keys(OFFLINE_COMMANDS)].join(', ')}\n`,
  );
  process.exit(command ? 2 : 0);
}

const config = loadConfig();
try {
  const offline = OFFLINE_COMMANDS[command];
  if (offline) {
    const holder = config.databaseUrl ? undefined : lockHolder(pgliteDir(config));
    if (holder) throw new CommandError(`Stop the server (process ${holder}) before running ${command}.`);
    const release = config.databaseUrl ? () => undefined : acquireDataDirLock(pgliteDir(config));
    try {
      await offline(config, pgliteDir(config), argv, print);
    } finally {
      release();
    }
    process.exit(0);
  }
  if (!config.databaseUrl) {
    // A running server holds the embedded database: hand it the command.
    const answer = await sendToServer(path.join(config.dataDir, 'cli.sock'), command, argv, print);
    if (answer) {
      if (!answer.ok) throw new CommandError(answer.error ?? 'failed');
      process.exit(0);
    }
    const holder = lockHolder(pgliteDir(config));
    if (holder)
      throw new CommandError(`The embedded database is in use by process ${holder}, which does not answer on its CLI channel.`);
  }
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(pgliteDir(config));
  // Admin commands (seed, import, backup) run long statements on purpose: the server's statement timeout is not theirs.
  const database = await openDatabase({ ...config, dbStatementTimeoutMs: 0 });
  try {
    await COMMANDS[command]!({ config, database, print }, argv);
  } finally {
    await database.close();
    release();
  }
} catch (error) {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
