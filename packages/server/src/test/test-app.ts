import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import type { Database, PostgresTimeouts } from '../platform/db';
import { createTestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A request through Fastify's HTTP layer; `token` adds the Authorization header. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The whole app on a fresh database of its own, with uploads in a temp folder; logs go to `logStream` when given. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    logStream?: DestinationStream;
    /** Adds routes (test-only faults) before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /** PostgreSQL pool limits (the server takes them from DB_CONNECT_TIMEOUT_SECONDS, DB_STATEMENT_TIMEOUT_SECONDS). */
    databaseTimeouts?: PostgresTimeouts;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.databaseTimeouts);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-test-data-'));
  const config = loadConfig({
    dataDir,
    tempDir: path.join(dataDir, 'tmp'),
    uploadsDir: path.join(dataDir, 'uploads'),
    webDist: path.join(dataDir, 'no-web'),
    logLevel: 'silent',
    exposeSqlCount: true,
    // Injected requests read headers of any size: tests compare every statement of pages of 500 ids.
    debugSqlHeaderBytes: 0,
    // The local push service of the push tests listens on http://127.0.0.1.
    pushAllowHttpLoopback: true,
    ...overrides,
  });
  const app = await buildApp({ config, database, logger: Boolean(options.logStream), logStream: options.logStream });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    request({ token, headers, ...options }) {
      return app.inject({ ...options, headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...headers } });
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
