import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { Database, Db, DbOrTx } from './db';
import { rowsOf } from '../list-query/list-page';

/**
 * Runs a bulk load with the tables' secondary indexes and foreign keys out of
 * the way, then builds them again (what pg_dump's restore order does: data,
 * then indexes, then constraints). Building an index once over loaded rows is
 * far cheaper than maintaining it row by row, and each foreign key is checked
 * with one join instead of a trigger per row. Must run inside a transaction:
 * if the load fails, the drops roll back with it. Primary keys and unique
 * constraints stay (other tables' foreign keys rest on them).
 */
export async function withDeferredIndexes<T>(
  tx: DbOrTx,
  tables: string[],
  work: () => Promise<T>,
  print?: (line: string) => void,
  options: { rowsConsistent?: boolean } = {},
): Promise<T> {
  // Rows the caller vouches for (generated consistent, like the scale seed's) keep their foreign
  // keys: with replication role `replica` no per-row check trigger fires, and nothing has to be
  // validated again afterwards (each re-added key is a join over the whole table). Only a
  // superuser may set the role; anyone else drops and re-adds the keys as before.
  const keepForeignKeys =
    options.rowsConsistent === true &&
    rowsOf<{ su: string }>(await tx.execute(sql`select current_setting('is_superuser') as su`))[0]?.su === 'on';
  // One bound text value (drizzle would expand a JS array into a parameter list).
  const names = sql`string_to_array(${tables.join(',')}, ',')`;
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select i.indexname as name, i.indexdef as definition
        from pg_indexes i
       where i.schemaname = current_schema()
         and i.tablename = any(${names})
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))`),
  );
  const foreignKeys = keepForeignKeys
    ? []
    : rowsOf<{ table: string; name: string; definition: string }>(
        await tx.execute(sql`
          select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
            from pg_constraint c
           where c.contype = 'f' and c.conrelid = any(select (quote_ident(t))::regclass from unnest(${names}) t)`),
      );
  for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table ${fk.table} drop constraint ${quoteIdent(fk.name)}`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoteIdent(index.name)}`));
  if (keepForeignKeys) await tx.execute(sql`set local session_replication_role = replica`);
  const result = await work();
  if (keepForeignKeys) await tx.execute(sql`set local session_replication_role = origin`);
  const took: [string, number][] = [];
  const timed = async (name: string, statement: string) => {
    const started = Date.now();
    await tx.execute(sql.raw(statement));
    took.push([name, Date.now() - started]);
  };
  for (const index of indexes) await timed(index.name, index.definition);
  for (const fk of foreignKeys)
    await timed(fk.name, `alter table ${fk.table} add constraint ${quoteIdent(fk.name)} ${fk.definition}`);
  if (print) {
    const slowest = took.sort((a, b) => b[1] - a[1]).slice(0, 6);
    print(
      `seed: slowest of ${took.length} index and key builds${keepForeignKeys ? ' (foreign keys kept, no per-row checks)' : ''}: ${slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
  }
  return result;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A transaction on one connection that can also stream rows with COPY (PostgreSQL and PGlite). */
export interface BulkSession {
  db: Db;
  /** Writes the rows with COPY ... FROM; a column a row leaves out gets its default. */
  copy(table: PgTable, rows: Record<string, unknown>[]): Promise<void>;
}

/**
 * Runs `work` in one transaction on one connection, with COPY available: on
 * PostgreSQL through pg-copy-streams on the checked-out client, on PGlite with
 * `COPY ... FROM '/dev/blob'` inside PGlite's own transaction. COPY skips the
 * per-statement parse, plan and JSON decoding a multi-row INSERT pays.
 */
export async function withBulkSession<T>(database: Database, work: (session: BulkSession) => Promise<T>): Promise<T> {
  if (database.engine === 'postgres') {
    const client = await database.pool!.connect();
    const db = drizzlePg({ client }) as unknown as Db;
    try {
      await client.query('begin');
      // More did not make the index builds faster: the trigram (GIN) build of cost centre names took the
      // same time with 64 MB, 256 MB and 1 GB (bench/RESULTS.md), its cost is extracting the trigrams.
      await client.query(`set local maintenance_work_mem = '256MB'`);
      // generate_series joins are estimated at millions of rows, so JIT would compile (about 0.7 s) every statement.
      await client.query('set local jit = off');
      const result = await work({
        db,
        async copy(table, rows) {
          for (const { columns, rows: group } of copyGroups(table, rows)) {
            const stream = client.query(
              copyFrom(
                `copy ${quoteIdent(getTableName(table))} (${columns.map((c) => quoteIdent(c.name)).join(', ')}) from stdin`,
              ),
            );
            await pipeline(Readable.from(copyText(columns, group)), stream);
          }
        },
      });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return database.pglite!.transaction(async (tx) => {
    const db = drizzlePglite({ client: tx as unknown as PGlite }) as unknown as Db;
    return work({
      db,
      async copy(table, rows) {
        for (const { columns, rows: group } of copyGroups(table, rows)) {
          const blob = new Blob([...copyText(columns, group)]);
          await tx.query(
            `copy ${quoteIdent(getTableName(table))} (${columns.map((c) => quoteIdent(c.name)).join(', ')}) from '/dev/blob'`,
            [],
            { blob },
          );
        }
      },
    });
  });
}

interface CopyColumn {
  key: string;
  name: string;
}

/** Rows grouped by the columns they set (in their first row's key order). */
function copyGroups(
  table: PgTable,
  rows: Record<string, unknown>[],
): { columns: CopyColumn[]; rows: Record<string, unknown>[] }[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const groups = new Map<string, { columns: CopyColumn[]; rows: Record<string, unknown>[] }>();
  for (const row of rows) {
    const keys = Object.keys(row).filter((key) => row[key] !== undefined && columns[key]);
    const signature = keys.join(',');
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = { columns: keys.map((key) => ({ key, name: columns[key]!.name })), rows: [] }));
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** COPY's text format, in chunks of about 256 kB. */
function* copyText(columns: CopyColumn[], rows: Record<string, unknown>[]): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      chunk += copyValue(row[columns[i]!.key]);
      chunk += i === columns.length - 1 ? '\n' : '\t';
    }
    if (chunk.length > 262_144) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text;
}

/** One part of a bulk load: `load` writes the rows of `tables`, whose secondary indexes are dropped before it and built after. */
export interface BulkJob {
  tables: string[];
  load(db: Db): Promise<void>;
}

/**
 * Runs the jobs, each with its tables' indexes deferred (`withDeferredIndexes`); their rows must be
 * consistent by construction (foreign keys are kept and not checked, as for the scale seed's).
 *
 * On PostgreSQL as a superuser, over `lanes` connections at once (default 2): each connection is one
 * transaction that takes the next job when it has finished one, so two tables' index builds run beside
 * each other (PostgreSQL 15 builds a GIN index with one process, and the index builds were over half of
 * the seed). No job reads another's rows and every table belongs to one job, so the transactions do not
 * wait on each other. They commit one after the other once every job has succeeded; when one fails, all
 * roll back (only a failure of a later COMMIT itself, after an earlier one went through, would leave part).
 * Anywhere else (PGlite has one connection; a non-superuser's foreign keys must be dropped and checked
 * again, which needs the other tables' rows committed): one transaction, one job after the other.
 * Resolves with the number of connections used.
 */
export async function runBulkJobs(
  database: Database,
  jobs: BulkJob[],
  options: { lanes?: number; print?: (line: string) => void } = {},
): Promise<number> {
  const { print } = options;
  let lanes = database.engine === 'postgres' ? Math.max(1, Math.min(options.lanes ?? 2, jobs.length)) : 1;
  if (lanes > 1) {
    const [role] = await database.query<{ su: string }>(`select current_setting('is_superuser') as su`);
    if (role?.su !== 'on') lanes = 1;
  }
  if (lanes === 1) {
    await withBulkSession(database, (session) =>
      withDeferredIndexes(
        session.db,
        jobs.flatMap((job) => job.tables),
        async () => {
          for (const job of jobs) await job.load(session.db);
        },
        print,
        { rowsConsistent: true },
      ),
    );
    return 1;
  }
  const clients: PoolClient[] = [];
  try {
    for (let i = 0; i < lanes; i++) clients.push(await database.pool!.connect());
    for (const client of clients) {
      await client.query('begin');
      await client.query(`set local maintenance_work_mem = '256MB'`);
      await client.query('set local jit = off');
    }
    const queue = [...jobs];
    let failure: { error: unknown } | undefined;
    await Promise.all(
      clients.map(async (client) => {
        const db = drizzlePg({ client }) as unknown as Db;
        for (let job = queue.shift(); job && !failure; job = queue.shift()) {
          try {
            await withDeferredIndexes(db, job.tables, () => job.load(db), print, { rowsConsistent: true });
          } catch (error) {
            failure ??= { error };
            // Its locks go now, not when the other connections have finished their jobs.
            await client.query('rollback').catch(() => undefined);
          }
        }
      }),
    );
    if (failure) throw failure.error;
    for (const client of clients) await client.query('commit');
  } catch (error) {
    for (const client of clients) await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    for (const client of clients) client.release();
  }
  return lanes;
}

/**
 * VACUUM also sets the visibility map, so index-only scans (counts, keyset pages) skip the heap.
 * Freshly loaded tables have no dead rows, so there is nothing for the indexes to clean up; GIN's
 * cleanup pass would otherwise read every trigram index once more.
 */
export async function vacuumAnalyze(database: Database, tables: string[], lanes = 1): Promise<void> {
  // On PostgreSQL, `lanes` tables at once (each VACUUM on its own pooled connection); PGlite has one connection.
  const queue = [...tables];
  const width = database.engine === 'postgres' ? Math.max(1, lanes) : 1;
  await Promise.all(
    Array.from({ length: Math.min(width, queue.length) }, async () => {
      for (let table = queue.shift(); table; table = queue.shift()) await database.query(`vacuum (analyze, index_cleanup off) ${table}`);
    }),
  );
}
