import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';

/** The type a recordset column is declared with (a serial is an integer once it exists). */
function declaredType(column: PgColumn): string {
  const type = column.getSQLType();
  return { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' }[type] ?? type;
}

/** A column's default as an SQL expression: what `.values()` writes for a row without the column. */
function defaultOf(column: PgColumn, type: string): SQL {
  if (is(column.default, SQL)) return column.default;
  if (column.default !== undefined) return sql`${sql.param(column.default, column)}::${sql.raw(type)}`;
  return sql`null::${sql.raw(type)}`;
}

/**
 * Many rows in one statement with one parameter: `insert into T (every column) select ... from
 * jsonb_to_recordset($1)`. A multi-row `.values()` binds a parameter per row and column (tens of
 * thousands for a batch of wide rows), slow for Drizzle to build and for PostgreSQL to parse. A row
 * without a column gets what `.values()` gives it: Drizzle's $defaultFn / $onUpdate computed here,
 * else the column's default. Chain `.returning()` / `.onConflictDoUpdate()` as on `.values()`.
 */
export function insertRecordset<T extends PgTable>(db: DbOrTx, table: T, rows: Record<string, unknown>[]) {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    // Generated columns take no value (Drizzle's own test, not in its public types).
    ([, column]) => !(column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert(),
  );
  // Plain objects (their keys are only c0, s0, ...): V8 serialises them faster than prototype-less ones.
  const records = rows.map(() => ({}) as Record<string, unknown>);
  const definition: string[] = [];
  const selected: SQL[] = [];
  const values: unknown[] = new Array(rows.length);
  columns.forEach(([key, column], i) => {
    const type = declaredType(column);
    const json = type === 'json' || type === 'jsonb';
    const valueKey = `c${i}`;
    const setKey = `s${i}`;
    let given = 0;
    for (let r = 0; r < rows.length; r++) {
      let value = rows[r]![key];
      if (value === undefined) {
        if (column.defaultFn) value = column.defaultFn();
        else if (column.default === undefined && column.onUpdateFn) value = column.onUpdateFn();
        if (is(value, SQL)) throw new Error(`insertRecordset: ${key}'s default is SQL computed per row.`);
      }
      if (value !== undefined) {
        given += 1;
        // JSON columns take the value as it is; other types their text form, which the recordset parses with the type.
        value = value === null || json ? value : column.mapToDriverValue(value);
      }
      values[r] = value;
    }
    definition.push(`c${i} ${type}`);
    // A flag per row only where some rows give the column and others take its default.
    const flagged = given !== 0 && given !== rows.length;
    for (let r = 0; r < rows.length; r++) {
      const value = values[r];
      if (value === undefined) continue;
      if (flagged) records[r]![setKey] = true;
      records[r]![valueKey] = value;
    }
    if (given === rows.length) selected.push(sql.raw(`x.c${i}`));
    else if (!given) selected.push(defaultOf(column, type));
    else {
      definition.push(`s${i} boolean`);
      selected.push(sql`case when ${sql.raw(`x.s${i}`)} then ${sql.raw(`x.c${i}`)} else ${defaultOf(column, type)} end`);
    }
  });
  return db
    .insert(table)
    .select(
      sql`select ${sql.join(selected, sql`, `)} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${sql.raw(definition.join(', '))})`,
    );
}
