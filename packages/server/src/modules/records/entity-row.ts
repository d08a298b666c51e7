import type { AnyRow } from './records.tables';

/** A row an entity's table answered, as the generic writes see it: checked to have the id, updated_at and version every entity table has. */
export function entityRow(row: { [column: string]: unknown } | undefined): AnyRow {
  if (!row || typeof row.id !== 'string' || !(row.updatedAt instanceof Date) || typeof row.version !== 'number') throw new Error('Not a row of an entity table.');
  return { ...row, id: row.id, updatedAt: row.updatedAt, version: row.version };
}
