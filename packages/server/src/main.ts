import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ensureAdmin } from './modules/identity/ensure-admin';
import { startCliChannel } from './platform/cli-channel';
import { loadConfig } from './platform/config';
import { tuneHeap } from './platform/heap-tuning';
import { openDatabase, pgliteDir } from './platform/open-database';
import { configureHashConcurrency } from './platform/passwords';
import { acquireDataDirLock } from './platform/data-dir-lock';
import { startLine } from './start-line';
import { startSyncScheduler } from './modules/integrations/scheduler';
import { sweepAttachments } from './modules/helpdesk/attachment-sweep';
import { sweepKnowledgeImages } from './modules/knowledge/knowledge-image-sweep';
import { createStorage } from './platform/storage';

// Before anything sizable is allocated: V8 keeps the heap near 1.5x what is alive (platform/heap-tuning.ts).
tuneHeap();
const config = loadConfig();
const print = (line: string) => process.stdout.write(`${line}\n`);

const releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(pgliteDir(config));
const database = await openDatabase(config);
// One 64 MiB password hash at a time on the embedded engine, whose database shares this process's memory.
configureHashConcurrency(database.engine);
const freshDatabase = (await database.query<{ n: number }>('select count(*)::int as n from auth_user'))[0]!.n === 0;
await ensureAdmin({ config, database, print });
// Demo data: SEED_DEMO=true always seeds an empty database; unset seeds only a fresh embedded one.
if (freshDatabase && (config.seedDemo ?? !config.databaseUrl)) {
  print('Loading the demo data (first start only)...');
  // The seeders' counts and timings are for `npm run cli -- seed-demo`; the start line names the sign-ins.
  // Imported here (as the CLI commands below): a server that never seeds or runs a command never loads their modules.
  const { seedDemo } = await import('./seed/demo-seed');
  await seedDemo({ config, database, print: () => undefined });
}

const storage = createStorage(config);
if (config.attachmentSweep) {
  await sweepAttachments({
    db: database.db,
    storage,
    tempDir: config.tempDir,
    graceSeconds: config.orphanGraceSeconds,
    exclusiveTemp: database.engine === 'pglite',
    log: print,
  });
  await sweepKnowledgeImages({ db: database.db, storage, graceSeconds: config.orphanGraceSeconds, log: print });
}

const app = await buildApp({ config, database, storage });
const socketPath = path.join(config.dataDir, 'cli.sock');
const channel = config.databaseUrl
  ? undefined
  : await startCliChannel(socketPath, async (command, argv, out) => {
      const { COMMANDS } = await import('./cli/commands');
      const run = COMMANDS[command];
      if (!run) throw new Error(`unknown command ${command}`);
      await run({ config, database, print: out }, argv);
    });

// Fastify's own "Server listening" record would be a second, JSON start line: the line below says it.
const logLevel = app.log.level;
if (['trace', 'debug', 'info'].includes(logLevel)) app.log.level = 'warn';
await app.listen({ port: config.port, host: config.host });
app.log.level = logLevel;
print(await startLine(config, database));
const scheduler = startSyncScheduler({ database, env: process.env, log: (line) => app.log.info(line) });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 30_000).unref();
  try {
    scheduler.stop();
    channel?.close();
    await app.close();
    await database.close();
    if (channel) fs.rmSync(socketPath, { force: true });
    releaseLock();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
