import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../../packages/server/src/platform/db';

/**
 * A migrated database of its own for one benchmark run: an in-memory PGlite, or on PostgreSQL
 * (BENCH_DATABASE_URL) a database created under `prefix` with a random suffix; `drop` closes it
 * and, on PostgreSQL, drops the database.
 */
export async function openScratchDatabase(
  engine: 'pglite' | 'postgres',
  prefix: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openPglite();
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const url = process.env.BENCH_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 4);
  const drop = async () => {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await migrateDatabase(database);
  } catch (error) {
    await drop();
    throw error;
  }
  return { database, drop };
}
