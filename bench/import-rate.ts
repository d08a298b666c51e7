/**
 * Import rate: a CSV of N clients imported through the import job (the CLI's
 * `import`, which is the API's import: dry run, then the run as an undoable
 * job), on PGlite (in memory) and, with BENCH_DATABASE_URL, on PostgreSQL.
 *   npx tsx bench/import-rate.ts [--rows 2000] [--engines pglite,postgres] [--updates 0.3]
 * `--updates`: the share of rows that match an existing client on account number (updated, the
 * rest created); the timing covers the CLI's upload (the file read once to count its rows) and the job.
 * `--statements`: also the time PostgreSQL statements took, summed per kind of statement (match lookup,
 * inserts, audit, undo log, job progress...), and the rest (the process's own work and waits) as `other`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openScratchDatabase } from './lib/scratch-database';
import { loadConfig } from '../packages/server/src/platform/config';
import { COMMANDS } from '../packages/server/src/cli/commands';
import { identityServiceFor } from '../packages/server/src/modules/identity/identity-service-for';
import { clients, legalEntities } from '../packages/server/src/db/schema/records';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '2000' },
    engines: { type: 'string', default: 'pglite,postgres' },
    updates: { type: 'string', default: '0' },
    statements: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const updates = Math.round(rows * Number(values.updates));
const engines = values.engines.split(',');

/** Statement kinds of the import, by the start of their SQL; anything else is `other SQL`. */
const KINDS: [string, RegExp][] = [
  ['match lookup', /^select \S+ as id, \S+ as key\s+from jsonb_array_elements_text/],
  ['reference lookup', /^select "id", lower\(/],
  ['lock updated rows', /^select .* for update$/s],
  ['insert records', /^insert into "(accounts_client|accounts_contact_person|operations_cost_centre|operations_brand)"/],
  ['update records', /^update "(accounts_client|accounts_contact_person|operations_cost_centre|operations_brand)"/],
  ['audit rows', /^insert into "audit_log"/],
  ['audit and undo rows (one statement)', /^with audit as \(insert into "audit_log"/],
  ['undo rows', /^insert into "jobs_job_change"/],
  ['job progress and claim', /"jobs_job"/],
  ['begin/commit/savepoints', /^(begin|commit|rollback|savepoint|release)/],
];
const statementMs = new Map<string, { count: number; ms: number }>();
let timing = false;
if (values.statements) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!timing || !(result instanceof Promise)) return result;
    const config = args[0] as string | { text?: string };
    const text = (typeof config === 'string' ? config : (config.text ?? '')).trim();
    const kind = KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other SQL';
    const started = performance.now();
    const count = () => {
      const entry = statementMs.get(kind) ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += performance.now() - started;
      statementMs.set(kind, entry);
    };
    result.then(count, count);
    return result;
  } as never;
}

const open = (engine: 'pglite' | 'postgres') => openScratchDatabase(engine, 'bench_import');

for (const engine of (['pglite', 'postgres'] as const).filter(
  (e) => engines.includes(e) && (e === 'pglite' || process.env.BENCH_DATABASE_URL),
)) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const config = loadConfig({ dataDir, tempDir: path.join(dataDir, 'tmp'), uploadsDir: path.join(dataDir, 'uploads'), logLevel: 'silent' });
  const { database, drop } = await open(engine);
  try {
    const ctx = { config, database, print: () => {} };
    const user = await identityServiceFor(ctx as never).createUser({ email: 'bench@example.test', password: 'Bench-password-1', superuser: true, userType: 1 });
    const [entity] = await database.db
      .insert(legalEntities)
      .values({ name: 'Bench Entity', abbr: 'BE', createdById: user.id, updatedById: user.id } as never)
      .returning();
    // Clients the file's first `updates` rows match on account number (so they are updates).
    for (let from = 0; from < updates; from += 5000) {
      const count = Math.min(5000, updates - from);
      await database.db.insert(clients).values(
        Array.from({ length: count }, (_v, k) => ({
          name: `Existing client ${from + k}`,
          accountNumber: `BENCH-${from + k}`,
          legalEntityId: entity!.id,
          ownerId: user.id,
          createdById: user.id,
          updatedById: user.id,
        })) as never,
      );
    }
    const file = path.join(dataDir, 'clients.csv');
    const lines = ['name,account_number,legal_entity,number_of_employees'];
    for (let i = 0; i < rows; i++) lines.push(`Bench client ${i},BENCH-${i},Bench Entity,${i % 500}`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const started = performance.now();
    // With `node --expose-gc`, the live heap after a collection every 2 s too (what the import keeps, not what V8 has not yet freed).
    const gc = (globalThis as { gc?: () => void }).gc;
    let live = 0;
    const heap = gc
      ? setInterval(() => {
          gc();
          live = Math.max(live, process.memoryUsage().heapUsed);
        }, 2000)
      : undefined;
    const rss = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
    let peak = process.memoryUsage().rss;
    statementMs.clear();
    timing = true;
    await COMMANDS.import!(ctx, ['--resource', 'clients', '--file', file, '--user', 'bench@example.test', '--match-on', 'account_number']);
    timing = false;
    clearInterval(rss);
    if (heap) clearInterval(heap);
    const seconds = (performance.now() - started) / 1000;
    if (values.statements) {
      let sql = 0;
      for (const [kind, { count, ms }] of [...statementMs].sort((a, b) => b[1].ms - a[1].ms)) {
        sql += ms;
        console.log(`  ${kind}: ${(ms / 1000).toFixed(1)} s in ${count} statements`);
      }
      console.log(`  other (the process's own work: parsing, validation, building queries; polling waits): ${(seconds - sql / 1000).toFixed(1)} s`);
    }
    console.log(
      `${engine}: ${rows} rows (${updates} updates) imported in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s, peak RSS ${Math.round(peak / 1048576)} MB${gc ? `, peak live heap ${Math.round(live / 1048576)} MB` : ''}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
