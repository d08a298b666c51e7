import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../platform/db';
import { syncPermissions } from '../db/permission-sync';

/**
 * Migrates once per run: on PGlite a dump of the migrated data directory that
 * each test file loads into its own in-memory instance; on PostgreSQL
 * (TEST_DATABASE_URL) a template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `ops_test_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = openPostgres(withDatabase(url, template), 2);
    await migrateDatabase(database);
    await syncPermissions(database.db);
    await database.close();
    project.provide('testDb', { engine: 'postgres', url, template, runId });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `ops_test_%${runId}%`,
      ]);
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await migrateDatabase(database);
  await syncPermissions(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  const dumpPath = path.join(os.tmpdir(), `ops-test-${runId}.tar`);
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDb', { engine: 'pglite', dumpPath, runId });
  return () => fs.rmSync(dumpPath, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { engine: 'pglite'; dumpPath: string; runId: string }
      | { engine: 'postgres'; url: string; template: string; runId: string };
  }
}
