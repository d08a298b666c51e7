/**
 * Rows per second each connector reads and upserts from a ~100,000-row local
 * fake, on PGlite (in memory) and, with BENCH_DATABASE_URL, on PostgreSQL.
 *   npx tsx bench/sync-throughput.ts [--rows 100000]
 */
import { parseArgs } from 'node:util';
import type { Database } from '../packages/server/src/platform/db';
import { openScratchDatabase } from './lib/scratch-database';
import { runSync, type Connector } from '../packages/server/src/modules/integrations/connector';
import { PROVIDER_REGISTRY } from '../packages/server/src/modules/integrations/registry';
import { generateAdpWorkers, startAdpFake } from '../packages/server/src/modules/integrations/providers/adp/fake-server';
import { generateBuylinkData, startBuylinkFake } from '../packages/server/src/modules/integrations/providers/buylink/fake-server';
import { generateDynamicsData, startDynamicsFake } from '../packages/server/src/modules/integrations/providers/dynamics/fake-server';
import { generateGoogleData, startGoogleFake } from '../packages/server/src/modules/integrations/providers/google-sync/fake-server';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, only: { type: 'string' } } });
const rows = Number(values.rows);

async function withDatabase<T>(engine: 'pglite' | 'postgres', work: (db: Database) => Promise<T>): Promise<T> {
  const { database, drop } = await openScratchDatabase(engine, 'bench_sync');
  try {
    return await work(database);
  } finally {
    await drop();
  }
}

const fakes = {
  'google-sync': async () => startGoogleFake(generateGoogleData(rows)),
  dynamics: async () => startDynamicsFake(generateDynamicsData(Math.ceil(rows / 4))),
  buylink: async () => startBuylinkFake(generateBuylinkData(Math.ceil(rows / 1.13))),
  adp: async () => startAdpFake(generateAdpWorkers(rows)),
};

const engines: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results: string[] = [];
for (const [provider, start] of Object.entries(fakes)) {
  if (values.only && values.only !== provider) continue;
  const fake = await start();
  for (const engine of engines) {
    await withDatabase(engine, async (database) => {
      const connector = PROVIDER_REGISTRY[provider as keyof typeof PROVIDER_REGISTRY].fromEnv({ ...fake.env, DYNAMICS_PAGE_SIZE: '5000', BUYLINK_PAGE_SIZE: '5000' }) as Connector;
      let writingAt = 0;
      const log = (line: string) => {
        if (line.includes('; writing')) writingAt = Date.now();
      };
      const started = Date.now();
      const first = await runSync({ database, connector, trigger: 'cli', log });
      const writeSeconds = (Date.now() - writingAt) / 1000;
      const again = Date.now();
      const second = await runSync({ database, connector, trigger: 'cli', log: () => undefined });
      const resyncSeconds = (Date.now() - again) / 1000;
      const line =
        `${provider.padEnd(12)} ${engine.padEnd(8)} ${first.rowsRead.toLocaleString('en-US').padStart(8)} rows: ` +
        `full sync ${((Date.now() - started) / 1000 - resyncSeconds).toFixed(1)} s = ${Math.round(first.rowsRead / first.seconds).toLocaleString('en-US')} rows/s end to end, ` +
        `upsert phase ${Math.round(first.inserted / writeSeconds).toLocaleString('en-US')} rows/s; ` +
        `unchanged re-sync ${resyncSeconds.toFixed(1)} s (${second.updated} updated)`;
      results.push(line);
      process.stdout.write(`${line}\n`);
    });
  }
  await fake.close();
}
process.stdout.write(`\n${results.join('\n')}\n`);
