import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db';
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
export async function withDeferredIndexes<T>(tx: DbOrTx, tables: string[], work: () => Promise<T>): Promise<T> {
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
  const foreignKeys = rowsOf<{ table: string; name: string; definition: string }>(
    await tx.execute(sql`
      select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
       where c.contype = 'f' and c.conrelid = any(select (quote_ident(t))::regclass from unnest(${names}) t)`),
  );
  for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table ${fk.table} drop constraint ${quoteIdent(fk.name)}`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoteIdent(index.name)}`));
  const result = await work();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table ${fk.table} add constraint ${quoteIdent(fk.name)} ${fk.definition}`));
  return result;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
