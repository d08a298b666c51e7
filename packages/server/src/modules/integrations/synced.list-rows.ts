import { getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListRows } from '../../list-query/list-rows';
import type { ItemShape } from '../../list-query/row-writer';
import { syncedListStatement, syncedPageIds } from './integrations.repository';
import type { SyncedResource } from './synced-resource';

const rowsOf = new WeakMap<SyncedResource<z.ZodObject>, ListRows>();

/**
 * A synced list's item over its page statement's columns (list-query/list-rows.ts): each key of the
 * contract its own column, in the contract's order, as `toItem` builds them in
 * integrations.service.ts `syncedList` (a timestamp written as its ISO text and null as null, which
 * JSON.stringify does alike). One per resource: the engine keeps its prepared statements and
 * compiled writers per declaration. list-query/list-rows.test.ts proves the written items
 * byte-identical to the hydrated ones.
 */
export function syncedListRows<S extends z.ZodObject>(resource: SyncedResource<S>): ListRows {
  let rows = rowsOf.get(resource);
  if (!rows) {
    const columns = getTableColumns(resource.table);
    const shape: ItemShape = Object.fromEntries(
      Object.keys(resource.itemSchema.shape).map((key) => {
        // toItem would answer null for a key without a column; none is, and the writer should not guess.
        if (!Object.hasOwn(columns, key)) throw new Error(`${resource.name}: ${key} is not a column of the table`);
        return [key, { col: key }];
      }),
    );
    rows = { statement: (db) => syncedListStatement(db, resource.table, resource.id), bindIds: syncedPageIds, id: resource.key, shape };
    rowsOf.set(resource, rows);
  }
  return rows;
}
