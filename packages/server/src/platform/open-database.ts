import path from 'node:path';
import type { Config } from './config';
import { migrateDatabase, openPglite, openPostgres, type Database } from './db';
import { syncPermissions } from '../db/permission-sync';

export function pgliteDir(config: Config): string {
  return path.join(config.dataDir, 'pglite');
}

/** Opens the configured database (PostgreSQL by DATABASE_URL, else embedded PGlite) and migrates it. */
export async function openDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, undefined, {
        connectTimeoutMs: config.dbConnectTimeoutMs,
        statementTimeoutMs: config.dbStatementTimeoutMs,
        replicaUrl: config.databaseReplicaUrl,
      })
    : await openPglite({ dataDir: pgliteDir(config) });
  try {
    await migrateDatabase(database);
    await syncPermissions(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
