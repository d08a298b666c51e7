import { FILTER_LOOKUPS, type FilterLookup } from '@ops/contract/common/filter-lookups';

/**
 * The filter kinds a list column offers. They follow the list engine's field
 * kinds (FIELD_KIND_LOOKUPS); `relation` is a uuid field the user picks a
 * record for.
 */
export type FilterKind = 'text' | 'enum' | 'number' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'relation';

/** The `filters` query parameter of the list engine: `{"field__lookup": value}`. */
export type ListFilters = Record<string, unknown>;

export interface FilterOperator {
  /** Stable id within a kind, also shown in tests. */
  id: string;
  label: string;
  /** How many values the operator takes: one, two (between), a list, or none. */
  arity: 'one' | 'two' | 'many' | 'none';
  /** The engine lookup(s) the operator writes. */
  lookup: FilterLookup;
  /** A fixed value for operators without input (is blank, is empty). */
  fixed?: unknown;
}

const text: FilterOperator[] = [
  { id: 'contains', label: 'contains', arity: 'one', lookup: 'icontains' },
  { id: 'equals', label: 'equals', arity: 'one', lookup: 'iexact' },
  { id: 'starts', label: 'starts with', arity: 'one', lookup: 'istartswith' },
  { id: 'ends', label: 'ends with', arity: 'one', lookup: 'iendswith' },
  { id: 'blank', label: 'is blank', arity: 'none', lookup: 'exact', fixed: '' },
];
const enumeration: FilterOperator[] = [
  { id: 'is', label: 'is', arity: 'one', lookup: 'exact' },
  { id: 'any', label: 'is any of', arity: 'many', lookup: 'in' },
];
const number: FilterOperator[] = [
  { id: 'eq', label: '=', arity: 'one', lookup: 'exact' },
  { id: 'gt', label: '>', arity: 'one', lookup: 'gt' },
  { id: 'lt', label: '<', arity: 'one', lookup: 'lt' },
  { id: 'gte', label: '≥', arity: 'one', lookup: 'gte' },
  { id: 'lte', label: '≤', arity: 'one', lookup: 'lte' },
  { id: 'between', label: 'between', arity: 'two', lookup: 'range' },
  { id: 'empty', label: 'is empty', arity: 'none', lookup: 'isnull', fixed: true },
];
const date: FilterOperator[] = [
  { id: 'before', label: 'before', arity: 'one', lookup: 'lt' },
  { id: 'after', label: 'after', arity: 'one', lookup: 'gt' },
  // A dashboard figure's window ("created in the last 30 days") is `gte` its first day.
  { id: 'since', label: 'on or after', arity: 'one', lookup: 'gte' },
  { id: 'until', label: 'on or before', arity: 'one', lookup: 'lte' },
  { id: 'between', label: 'between', arity: 'two', lookup: 'range' },
  { id: 'empty', label: 'is empty', arity: 'none', lookup: 'isnull', fixed: true },
];
const boolean: FilterOperator[] = [{ id: 'is', label: 'is', arity: 'one', lookup: 'exact' }];
const relation: FilterOperator[] = [
  { id: 'is', label: 'is', arity: 'one', lookup: 'exact' },
  { id: 'any', label: 'is any of', arity: 'many', lookup: 'in' },
  { id: 'empty', label: 'is empty', arity: 'none', lookup: 'isnull', fixed: true },
];

export const FILTER_OPERATORS: Record<FilterKind, FilterOperator[]> = {
  text,
  enum: enumeration,
  number,
  decimal: number,
  date,
  datetime: date,
  boolean,
  relation,
};

/** One active filter as the filter bar shows it. */
export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  value: unknown;
  /** The key in the `filters` object. */
  key: string;
}

export function filterKey(field: string, operator: FilterOperator): string {
  return operator.lookup === 'exact' ? field : `${field}__${operator.lookup}`;
}

/** Splits `name__icontains` into field and lookup (a bare field means exact). */
export function splitFilterKey(key: string): { field: string; lookup: FilterLookup } {
  const at = key.lastIndexOf('__');
  const suffix = at > 0 ? key.slice(at + 2) : '';
  if ((FILTER_LOOKUPS as readonly string[]).includes(suffix)) return { field: key.slice(0, at), lookup: suffix as FilterLookup };
  return { field: key, lookup: 'exact' };
}

/**
 * Reads the `filters` object back into conditions for the columns that own
 * them; entries no column knows are dropped (a saved view may outlive a column).
 */
export function conditionsOf(filters: ListFilters, kindOf: (field: string) => FilterKind | undefined): FilterCondition[] {
  const conditions: FilterCondition[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const { field, lookup } = splitFilterKey(key);
    const kind = kindOf(field);
    if (!kind) continue;
    const candidates = FILTER_OPERATORS[kind].filter((op) => op.lookup === lookup);
    const operator = candidates.find((op) => op.arity === 'none' && op.fixed === value) ?? candidates.find((op) => op.arity !== 'none');
    if (operator) conditions.push({ field, operator, value, key });
  }
  return conditions;
}

/** Whether a value typed into the filter editor is complete enough to apply. */
export function isCompleteValue(operator: FilterOperator, value: unknown): boolean {
  switch (operator.arity) {
    case 'none':
      return true;
    case 'one':
      return value !== undefined && value !== null && value !== '';
    case 'two':
      return Array.isArray(value) && value.length === 2 && value.every((v) => v !== undefined && v !== null && v !== '');
    case 'many':
      return Array.isArray(value) && value.length > 0;
  }
}

/**
 * The engine value for an operator: dates written with `lt`/`gt` on date-time
 * fields compare at midnight UTC, so "between" takes the whole last day.
 */
export function engineValue(kind: FilterKind, operator: FilterOperator, value: unknown): unknown {
  if (operator.arity === 'none') return operator.fixed;
  if (kind === 'datetime' && operator.lookup === 'range' && Array.isArray(value)) return [value[0], `${String(value[1])}T23:59:59.999Z`];
  if (kind === 'datetime' && (operator.lookup === 'gt' || operator.lookup === 'lte') && typeof value === 'string' && value.length === 10)
    return `${value}T23:59:59.999Z`;
  if ((kind === 'number' || kind === 'decimal') && operator.arity === 'one') return Number(value);
  if ((kind === 'number' || kind === 'decimal') && operator.arity === 'two' && Array.isArray(value)) return value.map(Number);
  return value;
}

/** The value as the filter editor shows it (reverses engineValue's day widening). */
export function editorValue(kind: FilterKind, operator: FilterOperator, value: unknown): unknown {
  const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : v);
  if (kind === 'datetime' && Array.isArray(value)) return value.map(day);
  if (kind === 'datetime') return day(value);
  return value;
}

/** Sets one condition, replacing any other condition on the same field. */
export function withCondition(filters: ListFilters, field: string, key: string, value: unknown): ListFilters {
  const next: ListFilters = {};
  for (const [existing, existingValue] of Object.entries(filters)) {
    if (splitFilterKey(existing).field !== field) next[existing] = existingValue;
  }
  next[key] = value;
  return next;
}

/** Removes one entry of `filters` (one chip), leaving other conditions on the same field. */
export function withoutKey(filters: ListFilters, key: string): ListFilters {
  return Object.fromEntries(Object.entries(filters).filter(([existing]) => existing !== key));
}

/**
 * Entries of `filters` no column reads as a condition (a link's or an old view's filter on a field the
 * list has no column or operator for): still applied by the API, so they are shown and removable too.
 */
export function otherFilters(filters: ListFilters, conditions: FilterCondition[]): { key: string; field: string; lookup: FilterLookup; value: unknown }[] {
  const read = new Set(conditions.map((condition) => condition.key));
  return Object.entries(filters)
    .filter(([key]) => !read.has(key))
    .map(([key, value]) => ({ key, ...splitFilterKey(key), value }));
}

const LOOKUP_WORDS: Record<FilterLookup, string> = {
  exact: 'is',
  iexact: 'is',
  icontains: 'contains',
  contains: 'contains',
  istartswith: 'starts with',
  startswith: 'starts with',
  iendswith: 'ends with',
  endswith: 'ends with',
  in: 'is any of',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  range: 'between',
  isnull: 'is empty',
};

/** How a chip words an entry no column reads: "Created at ≥ 2026-10-29T00:00:00.000Z". */
export const lookupWord = (lookup: FilterLookup) => LOOKUP_WORDS[lookup];

export function withoutField(filters: ListFilters, field: string): ListFilters {
  return Object.fromEntries(Object.entries(filters).filter(([key]) => splitFilterKey(key).field !== field));
}
