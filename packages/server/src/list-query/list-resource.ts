import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { FieldKind } from '@ops/contract/common/list-query';

export interface ListField {
  kind: FieldKind;
  /** The column (or SQL expression over the resource's table) the field reads. */
  column: PgColumn | SQL;
  enumValues?: readonly string[];
  /** Filterable with the kind's lookups (default true). */
  filter?: boolean;
  /** `true`: usable in `ordering`; `false`: never; unset: when the list item shows it as a scalar (`orderableFields`). */
  order?: boolean;
  /**
   * The value as list items carry it, when that differs from `column` (which filters and orders):
   * exports read it in SQL instead of hydrating items (export-rows.ts).
   */
  itemValue?: SQL;
  /** For relation fields: the resource the foreign key points at, so `field__sub__lookup` can traverse it. */
  relation?: () => ListResource;
  /**
   * For a value read from a related row (a ticket's `client_name`): that resource and the same
   * expression limited to rows inside a scope. Ordering uses it with the viewer's row scope of the
   * related resource, so a row outside the viewer's allocation sorts as if it had no value and its
   * withheld name cannot be inferred from the order.
   */
  readsFrom?: { resource: () => ListResource; column: (scope: SQL | undefined) => SQL };
}

/**
 * Who is listing. Filters and search that step into a related resource (`client__name`) check
 * it: the viewer needs read permission on the related model, and the related row must be inside
 * the viewer's row scope (docs/decisions.md, "Relation traversal").
 */
export interface ListViewer {
  /** The signed-in user, or null for the system (unrestricted). */
  user: { id: string; userType: number; isSuperuser: boolean } | null;
  canRead(model: string): boolean;
  /** Whether the viewer holds `<model>.<action>` (unset: nothing beyond read is known, so nothing is assumed). */
  can?(model: string, action: 'read' | 'add' | 'change' | 'delete'): boolean;
  /**
   * The ids of the clients the viewer's allocation reaches, as `select id from <cte>` when the
   * statement has read them once (records `allocatedClientIds`): row scopes read them instead of
   * walking the allocation again.
   */
  allocatedClients?: SQL;
}

/** The server itself (commands, internal reads): every model readable, no row scope. */
export const SYSTEM_VIEWER: ListViewer = { user: null, canRead: () => true };

export interface ListResource {
  name: string;
  table: PgTable;
  id: PgColumn;
  /** The permission model of the rows (`client`); a relation into this resource needs its read permission. */
  model?: string;
  /** The rows the viewer may see (undefined: all); a relation into this resource only matches rows inside it. */
  rowScope?: (viewer: ListViewer) => SQL | undefined;
  fields: Record<string, ListField>;
  /** Field paths (relation paths allowed: `legal_entity__name`) that `search` matches. */
  search: string[];
  /** Applied when `ordering` is absent; the id tie-breaker is always appended. */
  defaultOrdering: string[];
  /**
   * The list items' plain values are these fields' values as they are (a related record's are its
   * resource's fields), checked cell by cell by a test: exports may then read the exported columns
   * in SQL instead of hydrating items (export-rows.ts). Unset: exports hydrate, as a list page does.
   */
  flatExport?: boolean;
  /**
   * A field of the list item holding a list of objects (a site check run's `answers`): an export
   * whose columns include it writes one row per element, the item's other columns repeated, and
   * one row with those columns empty for an item whose list is empty (csv-export.ts, `exportValues`).
   */
  exportRowsPer?: string;
  /** The shape a list item has, so `select` paths can be checked. */
  itemSchema: z.ZodType;
}

/** Every declared resource by the item schema it lists, so the OpenAPI document can name its `ordering` and `select` values. */
const declared = new Map<z.ZodType, ListResource[]>();

/** Declares a list resource (at module load: the declarations are a fixed set). */
export function defineListResource(resource: ListResource): ListResource {
  const sameItem = declared.get(resource.itemSchema);
  if (sameItem) sameItem.push(resource);
  else declared.set(resource.itemSchema, [resource]);
  return resource;
}

/** The declared resources whose list items have this schema. */
export function listResourcesOf(itemSchema: z.ZodType): readonly ListResource[] {
  return declared.get(itemSchema) ?? [];
}
