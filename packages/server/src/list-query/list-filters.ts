import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { FIELD_KIND_LOOKUPS, FILTER_LOOKUPS, type FilterLookup } from '@ops/contract/common/list-query';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { ValidationError } from '../platform/errors';
import { refusePrototypeKeys } from '../platform/property-names';
import type { ListField, ListResource, ListViewer } from './list-resource';

// `filters`: a JSON object of field lookups (`a__b__c__lookup`), compiled to conditions through the relations it names.

const MAX_FILTER_KEYS = 50;
const MAX_IN_VALUES = 1000;

const MAX_TRAVERSAL_DEPTH = 4;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const decimalPattern = /^-?\d{1,20}(\.\d{1,10})?$/;

function fail(message: string): never {
  throw ValidationError.field('filters', message);
}

export interface ResolvedField {
  field: ListField;
  /** Wraps a condition on the final field into the traversal subqueries. */
  wrap: (condition: SQL) => SQL;
}

/**
 * Resolves `a__b__c` against the resource, traversing relations; longest declared name wins at each step.
 * A relation is only traversed into a resource whose model the viewer may read, and its subquery only
 * matches rows inside the viewer's scope of that resource, so a filter cannot probe rows the viewer
 * cannot open (docs/decisions.md, "Relation traversal").
 */
export function resolveField(
  resource: ListResource,
  segments: string[],
  viewer: ListViewer,
  depth = 0,
): ResolvedField | undefined {
  if (depth > MAX_TRAVERSAL_DEPTH) return undefined;
  for (let take = segments.length; take >= 1; take--) {
    const name = segments.slice(0, take).join('__');
    const field = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
    if (!field || field.filter === false) continue;
    const rest = segments.slice(take);
    if (rest.length === 0) return { field, wrap: (c) => c };
    if (!field.relation) continue;
    const target = field.relation();
    if (!mayTraverse(target, viewer)) continue;
    const inner = resolveField(target, rest, viewer, depth + 1);
    if (!inner) continue;
    const scope = target.rowScope?.(viewer);
    return {
      field: inner.field,
      wrap: (condition) => {
        const matched = inner.wrap(condition);
        return sql`${field.column} in (select ${target.id} from ${target.table} where ${scope ? and(matched, scope) : matched})`;
      },
    };
  }
  return undefined;
}

/** Read permission on the related model; a resource that names no model is only traversed by the system. */
function mayTraverse(target: ListResource, viewer: ListViewer): boolean {
  return target.model ? viewer.canRead(target.model) : viewer.user === null;
}

function coerceScalar(field: ListField, value: unknown, key: string): unknown {
  const bad = (): never => fail(`"${key}": ${JSON.stringify(value)?.slice(0, 80)} is not a valid ${field.kind} value.`);
  switch (field.kind) {
    case 'text':
      if (typeof value === 'string' && value.includes('\u0000')) fail(`"${key}": null characters are not allowed.`);
      if (typeof value === 'string') return value.slice(0, 1000);
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      return bad();
    case 'enum':
      if (typeof value !== 'string') return bad();
      if (field.enumValues && !field.enumValues.includes(value)) fail(`"${key}": "${value.slice(0, 80)}" is not a valid choice.`);
      return value;
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && value.length < 20) return Number(value);
      return bad();
    case 'decimal':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value === 'string' && decimalPattern.test(value)) return value;
      return bad();
    case 'date':
      if (typeof value === 'string' && datePattern.test(value) && !Number.isNaN(Date.parse(value))) return value;
      return bad();
    case 'datetime': {
      if (typeof value !== 'string' || !isoDateTimePattern.test(value)) return bad();
      const parsed = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      return Number.isNaN(parsed.getTime()) ? bad() : parsed;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return bad();
    case 'uuid':
      if (typeof value === 'string' && uuidPattern.test(value)) return value.toLowerCase();
      return bad();
  }
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function lookupCondition(field: ListField, lookup: FilterLookup, value: unknown, key: string): SQL {
  const allowed = FIELD_KIND_LOOKUPS[field.kind] as readonly string[];
  if (!allowed.includes(lookup)) fail(`"${key}": lookup "${lookup}" is not supported for this field.`);
  const column = field.column as SQL;
  switch (lookup) {
    case 'isnull':
      if (typeof value !== 'boolean' && value !== 'true' && value !== 'false') fail(`"${key}": isnull takes true or false.`);
      return value === true || value === 'true' ? isNull(column) : isNotNull(column);
    case 'in': {
      if (!Array.isArray(value)) fail(`"${key}": "in" takes a list of values.`);
      if (value.length > MAX_IN_VALUES) fail(`"${key}": at most ${MAX_IN_VALUES} values.`);
      if (value.length === 0) return sql`false`;
      return inArray(
        column,
        value.map((v) => coerceScalar(field, v, key)),
      );
    }
    case 'range': {
      if (!Array.isArray(value) || value.length !== 2) fail(`"${key}": "range" takes a list of two values.`);
      return and(gte(column, coerceScalar(field, value[0], key)), lte(column, coerceScalar(field, value[1], key)))!;
    }
    default:
      break;
  }
  if (value === null) {
    if (lookup === 'exact') return isNull(column);
    fail(`"${key}": null is only allowed with exact or isnull.`);
  }
  if (Array.isArray(value) || typeof value === 'object') fail(`"${key}": a single value is required.`);
  const scalar = coerceScalar(field, value, key);
  switch (lookup) {
    case 'exact':
      return eq(column, scalar);
    case 'iexact':
      return sql`lower(${column}::text) = lower(${String(scalar)})`;
    case 'contains':
      return sql`${column} like ${`%${escapeLike(String(scalar))}%`}`;
    case 'icontains':
      return sql`${column} ilike ${`%${escapeLike(String(scalar))}%`}`;
    case 'startswith':
      return sql`${column} like ${`${escapeLike(String(scalar))}%`}`;
    case 'istartswith':
      return sql`${column} ilike ${`${escapeLike(String(scalar))}%`}`;
    case 'endswith':
      return sql`${column} like ${`%${escapeLike(String(scalar))}`}`;
    case 'iendswith':
      return sql`${column} ilike ${`%${escapeLike(String(scalar))}`}`;
    case 'gt':
      return gt(column, scalar);
    case 'gte':
      return gte(column, scalar);
    case 'lt':
      return lt(column, scalar);
    case 'lte':
      return lte(column, scalar);
  }
  return fail(`"${key}": unknown lookup.`);
}

export function compileFilters(resource: ListResource, raw: string | undefined, viewer: ListViewer): SQL[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail(ERROR_MESSAGES.jsonObject);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) fail(ERROR_MESSAGES.jsonObject);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_FILTER_KEYS) fail(`At most ${MAX_FILTER_KEYS} filters.`);
  return entries.map(([key, value]) => {
    if (key.length > 200) fail('Filter name is too long.');
    const segments = key.split('__');
    // `__` splits `__proto__` itself apart, so the whole key is checked for it too.
    refusePrototypeKeys('filters', [...segments, ...(key.includes('__proto__') ? ['__proto__'] : [])], key);
    let lookup: FilterLookup = 'exact';
    if (segments.length > 1 && (FILTER_LOOKUPS as readonly string[]).includes(segments[segments.length - 1]!)) {
      lookup = segments.pop() as FilterLookup;
    }
    const resolved = resolveField(resource, segments, viewer);
    if (!resolved) fail(`"${key.slice(0, 100)}" is not a filterable field.`);
    return resolved.wrap(lookupCondition(resolved.field, lookup, value, key.slice(0, 100)));
  });
}
