import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { FieldKind } from '@ops/contract/common/list-query';
import { defineListResource, type ListField, type ListResource } from '../../list-query/list-resource';

const KIND_BY_COLUMN_TYPE: Record<string, FieldKind> = {
  PgVarchar: 'text',
  PgText: 'text',
  PgNumeric: 'decimal',
  // int64 columns: compared as exact decimals so ids past 2^53 filter correctly.
  PgCustomColumn: 'decimal',
  PgInteger: 'number',
  PgBoolean: 'boolean',
  PgDateString: 'date',
  PgTimestamp: 'datetime',
  PgUUID: 'uuid',
};

/**
 * A list resource over a synced table whose property names are the API
 * field names: every scalar field of the item schema is filterable with its
 * kind's lookups and orderable (DRF's default); `order` names those an index backs.
 */
export interface SyncedResource<S extends z.ZodObject> extends ListResource {
  itemSchema: S;
  /** The item property that holds the id (the id column's property name). */
  key: string;
}

export function syncedResource<S extends z.ZodObject>(options: {
  name: string;
  table: PgTable;
  id: PgColumn;
  itemSchema: S;
  order: string[];
  search: string[];
  defaultOrdering: string[];
  enums?: Record<string, readonly string[]>;
}): SyncedResource<S> {
  const columns = getTableColumns(options.table) as Record<string, PgColumn>;
  const fields: Record<string, ListField> = {};
  for (const name of Object.keys(options.itemSchema.shape)) {
    const column = columns[name];
    const kind = column ? KIND_BY_COLUMN_TYPE[column.columnType] : undefined;
    if (!column || !kind) continue;
    const enumValues = options.enums?.[name];
    fields[name] = { kind: enumValues ? 'enum' : kind, column, ...(options.order.includes(name) ? { order: true } : {}), ...(enumValues ? { enumValues } : {}) };
  }
  for (const name of [...options.order, ...options.search, ...options.defaultOrdering.map((o) => o.replace(/^-/, ''))]) {
    if (!fields[name]) throw new Error(`${options.name}: ${name} is not a field of the table and item schema`);
  }
  const key = Object.keys(columns).find((name) => columns[name] === options.id);
  if (!key) throw new Error(`${options.name}: the id column is not a column of the table`);
  return { ...defineListResource({ ...options, fields }), itemSchema: options.itemSchema, key };
}
