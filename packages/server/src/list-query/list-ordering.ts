import { asc, desc, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { orderableFields } from '@ops/contract/common/list-query';
import { ValidationError } from '../platform/errors';
import { refusePrototypeKeys } from '../platform/property-names';
import { listResourcesOf, type ListField, type ListResource, type ListViewer } from './list-resource';
import { selectablePaths } from './select';

// `ordering`: the orderable fields of a resource and the ORDER BY (with its id tie-breaker) a request asks for.

export interface OrderTerm {
  column: ListField['column'];
  descending: boolean;
  /** Whether the column can hold NULL (keyset conditions must then place NULLs as ORDER BY does). */
  nullable: boolean;
}

const orderableByItem = new WeakMap<object, Set<string>>();

/**
 * A declared field orders when the resource says so (`order: true`) or, unless it says `order: false`,
 * when the list item shows it as a scalar (`orderableFields` of the contract, DRF's default).
 */
function isOrderable(resource: ListResource, name: string, field: ListField): boolean {
  if (name === 'id' || field.order === true) return true;
  if (field.order === false) return false;
  let shown = orderableByItem.get(resource.itemSchema);
  if (!shown) orderableByItem.set(resource.itemSchema, (shown = new Set(orderableFields(resource.itemSchema))));
  return shown.has(name);
}

export const MAX_ORDERING_TERMS = 10;

/** Every `ordering` term the resource accepts: each orderable field, ascending and (`-`) descending. */
export function orderingTerms(resource: ListResource): string[] {
  return Object.entries(resource.fields)
    .filter(([name, field]) => isOrderable(resource, name, field))
    .flatMap(([name]) => [name, `-${name}`]);
}

/**
 * The `ordering` terms and `select` paths every declared resource listing items of this schema
 * accepts (several resources may share an item schema: only the terms all of them order by),
 * or undefined when no declared resource lists them.
 */
export function listQueryValues(itemSchema: z.ZodType): { ordering: string[]; select: string[] } | undefined {
  const resources = listResourcesOf(itemSchema);
  if (!resources.length) return undefined;
  const [first, ...others] = resources.map(orderingTerms);
  const ordering = first!.filter((term) => others.every((terms) => terms.includes(term)));
  return { ordering, select: selectablePaths(itemSchema) };
}

export function compileOrdering(
  resource: ListResource,
  raw: string | undefined,
  viewer: ListViewer,
): { orderBy: SQL[]; order: OrderTerm[]; key: string } {
  const terms = raw?.trim()
    ? raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : resource.defaultOrdering;
  if (terms.length > MAX_ORDERING_TERMS)
    throw ValidationError.field('ordering', `At most ${MAX_ORDERING_TERMS} ordering fields.`);
  const orderBy: SQL[] = [];
  const order: OrderTerm[] = [];
  const names: string[] = [];
  let hasId = false;
  for (const term of terms) {
    const descending = term.startsWith('-');
    const name = descending ? term.slice(1) : term;
    refusePrototypeKeys('ordering', [name]);
    const field = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
    if (!field || !isOrderable(resource, name, field)) {
      throw ValidationError.field('ordering', `"${name.slice(0, 100)}" is not an orderable field.`);
    }
    if (name === 'id') hasId = true;
    const column = field.readsFrom ? field.readsFrom.column(field.readsFrom.resource().rowScope?.(viewer)) : field.column;
    orderBy.push(descending ? desc(column) : asc(column));
    order.push({ column, descending, nullable: !(column instanceof PgColumn && column.notNull) });
    names.push(term);
  }
  // A stable tie-breaker keeps pages from repeating or skipping rows.
  if (!hasId) {
    orderBy.push(asc(resource.id));
    order.push({ column: resource.id, descending: false, nullable: false });
    names.push('id');
  }
  return { orderBy, order, key: names.join(',') };
}
