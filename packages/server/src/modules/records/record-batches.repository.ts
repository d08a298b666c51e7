import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { insertRecordset } from '../../platform/recordset-insert';
import { sqlAnd } from '../../platform/sql-and';
import { subIndustries } from '../../db/schema/records';
import { entityRow } from './entity-row';
import { tableOf, type AnyRow, type ColumnValues, type EntityKey } from './records.tables';

/** One row of a set-based update: the record and the columns it changes (others keep their value). */
export interface BatchUpdate {
  id: string;
  values: ColumnValues;
}

/**
 * The set-based writes an import's batch makes on one entity's table (`jobs/import-batch-writer.ts`
 * adds the audit entries and undo rows): many records locked, inserted or updated in one statement
 * each. The rules of a write (references in scope, fields between each other) are the caller's.
 */
export function createRecordBatchesRepository(db: DbOrTx) {
  return {
    /** The records among `ids` that `scope` lets through, locked for the rest of the transaction. */
    async lockRows(entity: EntityKey, ids: string[], scope: SQL | undefined): Promise<AnyRow[]> {
      if (!ids.length) return [];
      const table = tableOf(entity);
      const rows = await db
        .select()
        .from(table)
        .where(sqlAnd(inArray(table.id, ids), scope))
        .for('update');
      return rows.map(entityRow);
    },

    /** New records in one statement (one JSON parameter however many rows); the written rows back. */
    async insertRows(entity: EntityKey, rows: ColumnValues[]): Promise<AnyRow[]> {
      if (!rows.length) return [];
      const written = await insertRecordset(db, tableOf(entity), rows).returning();
      return written.map(entityRow);
    },

    /**
     * Updates in one `UPDATE ... FROM jsonb_to_recordset`: every column any row changes, with a flag
     * per row saying whether that row changes it. `stamp` (updated_at, updated_by) goes on every row.
     */
    async updateRows(entity: EntityKey, rows: BatchUpdate[], stamp: ColumnValues): Promise<AnyRow[]> {
      if (!rows.length) return [];
      const table = tableOf(entity);
      const columns = getTableColumns(table);
      const keys = [...new Set(rows.flatMap((row) => Object.keys(row.values)))].filter((key) => Object.hasOwn(columns, key));
      const records = rows.map(({ id, values }) => {
        const record: { [key: string]: unknown } = { id };
        keys.forEach((key, i) => {
          record[`s${i}`] = Object.hasOwn(values, key);
          record[`c${i}`] = values[key] ?? null;
        });
        return record;
      });
      const definition = sql.raw(['id uuid', ...keys.flatMap((key, i) => [`s${i} boolean`, `c${i} ${columns[key]!.getSQLType()}`])].join(', '));
      const set: { [column: string]: unknown } = { ...stamp };
      keys.forEach((key, i) => {
        set[key] = sql`case when ${sql.raw(`x.s${i}`)} then ${sql.raw(`x.c${i}`)} else ${columns[key]} end`;
      });
      const written = await db
        .update(table)
        .set(set)
        .from(sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${definition})`)
        .where(eq(table.id, sql`x.id`))
        .returning(columns);
      return written.map(entityRow);
    },

    /** The industry of each sub-industry among `ids` (one query for a batch's rule between the two fields). */
    async industriesOfSubIndustries(ids: string[]): Promise<Map<string, string | null>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: subIndustries.id, industry: subIndustries.industryId })
        .from(subIndustries)
        .where(inArray(subIndustries.id, ids));
      return new Map(rows.map((row) => [row.id, row.industry]));
    },
  };
}
