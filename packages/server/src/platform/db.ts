import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from './paths';
import { routeToReplica } from './read-routing';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Repositories accept either, so a service decides where the transaction boundary is. */
export type DbOrTx = Db | Tx;

/**
 * Runs independent statements of one request: at once on the pool (each takes its own
 * connection), one after another inside a transaction, which is one connection (pg queues
 * concurrent queries on a client, deprecated, and pg 9 refuses them). Tasks are functions because
 * Drizzle's queries start when first awaited.
 */
export function together<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  tasks: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }>;
// The results are in the tasks' order, each the awaited result of its task, which is what the
// signature above states per position (a tuple's positions cannot be mapped through Array#map).
export async function together(db: DbOrTx, tasks: readonly (() => PromiseLike<unknown>)[]): Promise<unknown[]> {
  if (!(db instanceof PgTransaction)) return Promise.all(tasks.map((task) => task()));
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results;
}

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'src/db/migrations');

/**
 * Counts SQL statements per request (or per any scope), for the bounded-SQL tests and /metrics.
 * A scope with `captured` also records each statement's text and parameters, so the benchmark can
 * replay exactly what an endpoint ran straight against the database.
 */
export interface SqlScope {
  statements: number;
  captured?: { sql: string; params: unknown[] }[];
  /** Set when the request is traced (platform/tracing.ts): each statement's text and timing. */
  trace?: StatementTrace;
}

export interface StatementTrace {
  statement(text: string, startNs: bigint, endNs: bigint, failed: boolean): void;
}

/** Times a statement for the current request's trace; a plain call when the request is not traced. */
function traced<T>(text: unknown, run: () => T): T {
  const trace = sqlCounter.getStore()?.trace;
  if (!trace) return run();
  const start = process.hrtime.bigint();
  const result = run();
  if (!(result instanceof Promise)) return result;
  const statement = typeof text === 'string' ? text : String((text as { text?: unknown } | null)?.text ?? '');
  return result.then(
    (value: unknown) => {
      trace.statement(statement, start, process.hrtime.bigint(), false);
      return value;
    },
    (error: unknown) => {
      trace.statement(statement, start, process.hrtime.bigint(), true);
      throw error;
    },
  ) as T;
}
export const sqlCounter = new AsyncLocalStorage<SqlScope>();
const countingLogger = {
  logQuery(query: string, params: unknown[]) {
    const scope = sqlCounter.getStore();
    if (!scope) return;
    scope.statements += 1;
    scope.captured?.push({ sql: query, params });
  },
};

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs one SQL text with parameters outside Drizzle (migrations, admin, health). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** A streaming replica's pool (DATABASE_REPLICA_URL): `pool.query` sends replica-safe reads there inside `readTarget`. */
  replicaPool?: pg.Pool;
  close(): Promise<void>;
}

// Keep int8 and numeric as strings: money and int64 ids never pass through floating point.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);

const CONNECTION_LOST = /Connection terminated|not queryable|Connection ended unexpectedly|Query read timeout|ECONNRESET|EPIPE/i;
const isConnectionLost = (error: unknown) =>
  ['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE'].includes(
    (error as { code?: string }).code ?? '',
  ) || CONNECTION_LOST.test(String((error as { message?: string }).message ?? ''));

const guardedClients = new WeakSet<pg.PoolClient>();

/**
 * Makes a checked-out client safe to lose. Drizzle's transaction() leaks the
 * client when BEGIN fails and releases it without the error otherwise, so a
 * backend terminated under load would drain the pool until every request
 * hangs: a client whose query fails for a lost connection is released (with
 * the error, so the pool discards it) at once, and release becomes idempotent
 * for the caller's own release that follows.
 */
function guardCheckedOutClient(client: pg.PoolClient): pg.PoolClient {
  // The pool gives every checkout a fresh release(), so it is guarded each time; query() stays the
  // same function on the pooled client, so it is wrapped once (wrapping it again at each checkout
  // stacked one more layer per transaction for the connection's whole life).
  const release = client.release.bind(client);
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  if (guardedClients.has(client)) return client;
  guardedClients.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = traced(args[0], () => query(...args));
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (isConnectionLost(error)) client.release(error as Error);
      throw error;
    });
  };
  return client;
}

/** Limits on a PostgreSQL pool (config: DB_CONNECT_TIMEOUT_SECONDS, DB_STATEMENT_TIMEOUT_SECONDS); 0 or unset waits for ever. */
export interface PostgresTimeouts {
  /** Waiting for a connection: a new one to open, or a free one when the pool is full. */
  connectTimeoutMs?: number;
  /** The server cancels a statement running (or waiting on a lock) longer than this. */
  statementTimeoutMs?: number;
  /** A streaming replica of `url` (same pool size and limits) for reads routed by platform/read-routing.ts. */
  replicaUrl?: string;
}

/**
 * How alike a query and a word of a text must be (pg_trgm's word similarity, 0..1) for the `<%`
 * operator: low enough that two swapped letters still find the word ("cateirng" finds "Catering").
 * Every connection opens with it (a startup option), so the one-statement search (modules/search)
 * needs no transaction or SET around its index-backed `<%`; nothing else uses the operator.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.3;
const TRGM_START_OPTION = `pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;

/**
 * What every PostgreSQL connection of the server opens with (docs/decisions.md, "search everything
 * by words"): the trigram threshold above, no JIT compilation and no parallel workers. The server
 * answers short statements; a cost estimate far above the rows actually read (a word index's
 * default selectivity at 5M tickets) made PostgreSQL compile the search statement (46 ms of JIT
 * for 2 ms of work) and start parallel workers (20-40 ms on two busy cores). The scale seed's own
 * session already ran with `jit = off`.
 */
export const SERVER_CONNECTION_OPTIONS = `-c ${TRGM_START_OPTION} -c jit=off -c max_parallel_workers_per_gather=0`;

/** After the server-side limit, a statement the server no longer answers at all (a hung host or network) fails on the client. */
const CLIENT_GRACE_MS = 5_000;

export function openPostgres(
  url: string,
  poolSize = Number(process.env.DB_POOL_SIZE || 10),
  timeouts: PostgresTimeouts = {},
): Database {
  const statementTimeout = timeouts.statementTimeoutMs || undefined;
  const newPool = (connectionString: string) => {
    const created = new pg.Pool({
      connectionString,
      max: poolSize,
      options: SERVER_CONNECTION_OPTIONS,
      connectionTimeoutMillis: timeouts.connectTimeoutMs || undefined,
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout === undefined ? undefined : statementTimeout + CLIENT_GRACE_MS,
    });
    created.on('error', () => {
      // An idle client lost its connection (server restart); the pool replaces it on next use.
    });
    created.on('connect', (client) => {
      // A checked-out client between queries has no pool listener: without one, a terminated backend is an uncaught exception.
      client.on('error', () => undefined);
    });
    return created;
  };
  const pool = newPool(url);
  const replicaPool = timeouts.replicaUrl ? newPool(timeouts.replicaUrl) : undefined;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // Promise-style checkouts (drizzle's transactions, advisory-lock holders) get the guard; pool.query's callback style manages itself.
  (pool as { connect: unknown }).connect = (...args: unknown[]) =>
    typeof args[0] === 'function' ? connect(...args) : (connect() as Promise<pg.PoolClient>).then(guardCheckedOutClient);
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const replicaQuery = replicaPool?.query.bind(replicaPool) as ((...args: unknown[]) => Promise<unknown>) | undefined;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return poolQuery(...args);
    if (replicaQuery && routeToReplica(args[0])) {
      // A replica that cannot be reached is not an outage: the primary answers instead.
      return traced(args[0], () =>
        replicaQuery(...args).catch((error: unknown) => {
          if (!isConnectionLost(error) && !/ECONNREFUSED|timeout exceeded when trying to connect/i.test(String(error)))
            throw error;
          return poolQuery(...args);
        }),
      );
    }
    return traced(args[0], () => poolQuery(...args));
  };
  const db = drizzlePg({ client: pool, logger: countingLogger }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    pool,
    replicaPool,
    async query(text, params) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows;
    },
    close: async () => {
      await Promise.all([pool.end(), replicaPool?.end()]);
    },
  };
}

/** The embedded database's buffer pool (PGLITE_SHARED_BUFFERS, PostgreSQL units; default 32MB). */
const PGLITE_SHARED_BUFFERS = /^\d+(kB|MB|GB)?$/.test(process.env.PGLITE_SHARED_BUFFERS ?? '')
  ? process.env.PGLITE_SHARED_BUFFERS!
  : '32MB';

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    // PostgreSQL's 128MB buffer pool lives in the process's WebAssembly memory (resident once touched,
    // never given back); the data files stay in the OS page cache anyway (issue 20 item 4).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, '-c', TRGM_START_OPTION],
  });
  traceQueries(client);
  const db = drizzlePglite({ client, logger: countingLogger }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite: client,
    async query<T>(text: string, params?: unknown[]) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    close: () => client.close(),
  };
}

/** Statements on PGlite, in and out of transactions, are timed for traced requests. */
function traceQueries(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    traced(text, () => (query as (...a: unknown[]) => unknown)(text, ...rest))) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) =>
        traced(text, () => (txQuery as (...a: unknown[]) => unknown)(text, ...rest))) as typeof tx.query;
      return callback(tx);
    })) as typeof client.transaction;
}

export async function migrateDatabase(database: Database): Promise<void> {
  await database.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  if (database.pglite) {
    // The migrator takes its driver's own database type (`database.db` is the shared Db view): one over the same client.
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several instances may start at once: one migrates, the others wait on the lock.
  const client = await database.pool!.connect();
  try {
    // Waiting for another instance's migration, and building indexes on large tables, may take longer than a request may.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(7245001)');
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7245001)').catch(() => undefined);
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}
