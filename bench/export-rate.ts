/**
 * Export rate: the CLI's `export` of the clients list (the API's export: the list's plan, keyset
 * batches of ids, hydrated, written as CSV or XLSX) over `--scale` x 100,000 seeded clients on
 * PostgreSQL (BENCH_DATABASE_URL, a database created and dropped here) or PGlite. Prints rows/s
 * and the process's peak RSS for each format, and the load average.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/export-rate.ts --scale 0.2
 * `--profile DIR` writes a CPU profile of each export alone (not the seed) to DIR/export-FORMAT.cpuprofile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import { openScratchDatabase } from './lib/scratch-database';
import { loadConfig } from '../packages/server/src/platform/config';
import { COMMANDS } from '../packages/server/src/cli/commands';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';
import { seedScale } from '../packages/server/src/modules/records/records.scale-seed';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.2' },
    formats: { type: 'string', default: 'csv,xlsx' },
    select: { type: 'string', default: 'name,account_number,abn,legal_entity.name,owner.email,number_of_employees,created_at' },
    profile: { type: 'string' },
  },
});
const scale = Number(values.scale);

const open = () => openScratchDatabase(process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite', 'bench_export');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
const config = loadConfig({ dataDir, tempDir: path.join(dataDir, 'tmp'), uploadsDir: path.join(dataDir, 'uploads'), logLevel: 'silent' });
const { database, drop } = await open();
try {
  const ctx = { config, database, print: () => {} };
  const user = await identityServiceFor(ctx as never).createUser({ email: 'bench@example.test', password: 'Bench-password-1', superuser: true, userType: 1 });
  const seeded = await seedScale({ database, scale, ownerId: user.id, print: () => {} });
  console.log(`${database.engine}: seeded ${seeded.clients} clients (${seeded.rows} rows) in ${seeded.seconds.toFixed(1)} s`);
  for (const format of values.formats.split(',')) {
    const out = path.join(dataDir, `clients.${format}`);
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const session = values.profile ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const started = performance.now();
    await COMMANDS.export!(ctx, ['--resource', 'clients', '--format', format, '--select', values.select, '--out', out]);
    const seconds = (performance.now() - started) / 1000;
    if (session && values.profile) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(values.profile, { recursive: true });
      fs.writeFileSync(path.join(values.profile, `export-${format}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    }
    clearInterval(sampler);
    console.log(
      `${database.engine} ${format}: ${seeded.clients} rows in ${seconds.toFixed(1)} s = ${Math.round(seeded.clients / seconds)} rows/s, ` +
        `${(fs.statSync(out).size / 1048576).toFixed(1)} MB file, RSS ${Math.round(base / 1048576)} MB before, peak ${Math.round(peak / 1048576)} MB, ` +
        `load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
  }
} finally {
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
