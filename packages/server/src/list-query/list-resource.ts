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
  /** Usable in `ordering` (an index should back it). */
  order?: boolean;
  /** For relation fields: the resource the foreign key points at, so `field__sub__lookup` can traverse it. */
  relation?: () => ListResource;
}

export interface ListResource {
  name: string;
  table: PgTable;
  id: PgColumn;
  fields: Record<string, ListField>;
  /** Field paths (relation paths allowed: `legal_entity__name`) that `search` matches. */
  search: string[];
  /** Applied when `ordering` is absent; the id tie-breaker is always appended. */
  defaultOrdering: string[];
  /** The shape a list item has, so `select` paths can be checked. */
  itemSchema: z.ZodType;
}

export function defineListResource(resource: ListResource): ListResource {
  return resource;
}
