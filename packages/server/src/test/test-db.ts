import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type PostgresTimeouts } from '../platform/db';
import { withDatabase } from './global-setup';

/** A fresh, migrated database of the engine under test, for one test file; `timeouts` apply on PostgreSQL. */
export async function createTestDatabase(timeouts: PostgresTimeouts = {}): Promise<Database> {
  const provided = inject('testDb');
  if (provided.engine === 'pglite') {
    const dump = new Blob([fs.readFileSync(provided.dumpPath)]);
    return openPglite({ loadDataDir: dump });
  }
  const name = `ops_test_${provided.runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: provided.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${provided.template}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(withDatabase(provided.url, name), 5, timeouts);
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: provided.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end());
    },
  };
}
