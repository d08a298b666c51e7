/**
 * Import rate: a CSV of N clients imported through the import job (the CLI's
 * `import`, which is the API's import: dry run, then the run as an undoable
 * job), on PGlite (in memory) and, with BENCH_DATABASE_URL, on PostgreSQL.
 *   npx tsx bench/import-rate.ts [--rows 2000]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../packages/server/src/platform/db';
import { loadConfig } from '../packages/server/src/platform/config';
import { COMMANDS } from '../packages/server/src/cli/commands';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';
import { legalEntities } from '../packages/server/src/db/schema/records';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '2000' } } });
const rows = Number(values.rows);

async function open(engine: 'pglite' | 'postgres'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openPglite();
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const url = process.env.BENCH_DATABASE_URL!;
  const name = `bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 4);
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

for (const engine of ['pglite', ...(process.env.BENCH_DATABASE_URL ? ['postgres' as const] : [])] as const) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const config = loadConfig({ dataDir, tempDir: path.join(dataDir, 'tmp'), uploadsDir: path.join(dataDir, 'uploads'), logLevel: 'silent' });
  const { database, drop } = await open(engine);
  try {
    const ctx = { config, database, print: () => {} };
    const user = await identityServiceFor(ctx as never).createUser({ email: 'bench@example.test', password: 'Bench-password-1', superuser: true, userType: 1 });
    await database.db.insert(legalEntities).values({ name: 'Bench Entity', abbr: 'BE', createdById: user.id, updatedById: user.id } as never);
    const file = path.join(dataDir, 'clients.csv');
    const lines = ['name,account_number,legal_entity,number_of_employees'];
    for (let i = 0; i < rows; i++) lines.push(`Bench client ${i},BENCH-${i},Bench Entity,${i % 500}`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const started = performance.now();
    await COMMANDS.import!(ctx, ['--resource', 'clients', '--file', file, '--user', 'bench@example.test']);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${engine}: ${rows} rows imported in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s`);
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
