import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/platform/config';
import { openDatabase } from '../../packages/server/src/platform/open-database';

/**
 * The whole server (Fastify, every module) on a PostgreSQL database of its own (BENCH_DATABASE_URL,
 * created under `prefix` with a random suffix) and a temporary data folder, for benchmarks that
 * measure requests end to end. `close` stops the app and drops the database and the folder, unless
 * BENCH_KEEP_DATABASE=1 (then it names the database, kept for EXPLAIN by hand in psql).
 */
export async function openBenchApp(prefix: string) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (a database is created and dropped).');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  const config = loadConfig({
    dataDir,
    tempDir: path.join(dataDir, 'tmp'),
    uploadsDir: path.join(dataDir, 'uploads'),
    webDist: path.join(dataDir, 'none'),
    logLevel: 'silent',
    databaseUrl: target.toString(),
    exposeSqlCount: true,
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { config, database, app, close };
}
