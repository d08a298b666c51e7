import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@ops/contract/common/pagination';
import { FIELD_KIND_LOOKUPS, FILTER_LOOKUPS, orderableFields, type FilterLookup, type ListQuery } from '@ops/contract/common/list-query';
import { ValidationError } from '../platform/errors';
import { emptyRecord, refusePrototypeKeys } from '../platform/property-names';
import type { z } from 'zod';
import { listResourcesOf, SYSTEM_VIEWER, type ListField, type ListResource, type ListViewer } from './list-resource';
import { parseSelect, selectablePaths, validateSelect, type SelectTree } from './select';
import { ERROR_MESSAGES, invalidChoice } from '@ops/contract/common/errors';
import { DATE_TIME_FORMATS } from '@ops/contract/common/display-values';

const LABELS_NOT_AN_OBJECT = 'Must be a JSON object of column -> label.';

export interface OrderTerm {
  column: ListField['column'];
  descending: boolean;
  /** Whether the column can hold NULL (keyset conditions must then place NULLs as ORDER BY does). */
  nullable: boolean;
}

export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  order: OrderTerm[];
  /** The ordering as requested (with the id tie-breaker), which a cursor is bound to. */
  orderingKey: string;
  limit: number;
  offset: number;
  select: SelectTree | null;
  /** CSV header labels by export column (`labels`), checked against the columns when exporting. */
  labels: Record<string, string> | null;
  /** `values=display`: exports show values as the grid does, date-times in this zone and format; null: raw values. */
  display: ExportDisplay | null;
  /** Keyset paging: `undefined` for offset paging, `null` for the first keyset page, else the position. */
  cursor: Cursor | null | undefined;
}

/** A position in a keyset-paged list: the ordering values (as text) of the row to page from. */
export interface Cursor {
  values: (string | null)[];
  direction: 'next' | 'previous';
}

export function encodeCursor(
  plan: Pick<ListPlan, 'orderingKey'>,
  values: (string | null)[],
  direction: Cursor['direction'],
): string {
  return Buffer.from(JSON.stringify({ o: plan.orderingKey, v: values, d: direction === 'next' ? 'n' : 'p' })).toString(
    'base64url',
  );
}

function decodeCursor(raw: string, orderingKey: string, terms: number): Cursor {
  const invalid = () => ValidationError.field('cursor', 'Invalid cursor.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const token = parsed as { o?: unknown; v?: unknown; d?: unknown };
  if (!token || typeof token !== 'object' || token.o !== orderingKey || (token.d !== 'n' && token.d !== 'p')) throw invalid();
  if (
    !Array.isArray(token.v) ||
    token.v.length !== terms ||
    !token.v.every((v) => v === null || (typeof v === 'string' && v.length <= 1000 && !v.includes('\u0000')))
  ) {
    throw invalid();
  }
  return { values: token.v as (string | null)[], direction: token.d === 'n' ? 'next' : 'previous' };
}

const MAX_FILTER_KEYS = 50;
const MAX_IN_VALUES = 1000;
const MAX_SEARCH_WORDS = 10;
const MAX_TRAVERSAL_DEPTH = 4;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const decimalPattern = /^-?\d{1,20}(\.\d{1,10})?$/;

function fail(message: string): never {
  throw ValidationError.field('filters', message);
}

function parseIntParam(name: 'limit' | 'offset', raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw ValidationError.field(name, ERROR_MESSAGES.nonNegativeInteger);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw ValidationError.field(name, ERROR_MESSAGES.nonNegativeInteger);
  return value;
}

interface ResolvedField {
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
function resolveField(resource: ListResource, segments: string[], viewer: ListViewer, depth = 0): ResolvedField | undefined {
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

function escapeLike(value: string): string {
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

function compileFilters(resource: ListResource, raw: string | undefined, viewer: ListViewer): SQL[] {
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

/**
 * Search words shorter than this match the start of a word (`12` finds "Hospital 12" and "1203",
 * not "412"): a trigram index cannot find substrings under three characters, so a substring match
 * on a short word rechecked every row the other words left (14.7x slower at 1M clients than at
 * 10k). A word start is a trigram (" 12") the same index serves. Longer words match anywhere.
 */
export const SHORT_SEARCH_WORD = 3;
/** What starts a word for a short search word: the field's start or one of these (a small set keeps the regex indexable). */
const WORD_START = "(^|[- ./,&()'@_#+:;])";

/** A search word that names a whole number (at most 9 digits, so it fits an integer column). */
const SEARCH_NUMBER = /^#?(\d{1,9})$/;

function escapeRegex(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}-]/g, (c) => `\\${c}`);
}

function compileSearch(resource: ListResource, raw: string | undefined, viewer: ListViewer): SQL | undefined {
  if (raw?.includes('\u0000')) throw ValidationError.field('search', ERROR_MESSAGES.nullCharacters);
  const words = (raw ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (!words.length || !resource.search.length) return undefined;
  const targets = resource.search.flatMap((path) => {
    const resolved = resolveField(resource, path.split('__'), viewer);
    if (resolved) return [resolved];
    // A declared path the viewer may not traverse simply does not take part in their search.
    if (resolveField(resource, path.split('__'), SYSTEM_VIEWER)) return [];
    throw new Error(`${resource.name}: search field ${path} is not declared`);
  });
  if (!targets.length) return sql`false`;
  return and(
    ...words.map((word) => {
      const short = [...word].length < SHORT_SEARCH_WORD;
      const pattern = short ? `${WORD_START}${escapeRegex(word)}` : `%${escapeLike(word.slice(0, 200))}%`;
      const whole = SEARCH_NUMBER.exec(word);
      return or(
        ...targets.map((t) => {
          // A number field matches a whole number, written `1042` or `#1042` (ticket numbers), through its index.
          if (t.field.kind === 'number') return whole ? t.wrap(sql`${t.field.column} = ${Number(whole[1])}`) : sql`false`;
          // Text columns stay uncast so a trigram index on the column can serve the match.
          const column = t.field.kind === 'text' ? sql`${t.field.column}` : sql`${t.field.column}::text`;
          return t.wrap(short ? sql`${column} ~* ${pattern}` : sql`${column} ilike ${pattern}`);
        }),
      )!;
    }),
  );
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

function compileOrdering(resource: ListResource, raw: string | undefined): { orderBy: SQL[]; order: OrderTerm[]; key: string } {
  const terms = raw?.trim()
    ? raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : resource.defaultOrdering;
  if (terms.length > MAX_ORDERING_TERMS) throw ValidationError.field('ordering', `At most ${MAX_ORDERING_TERMS} ordering fields.`);
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
    orderBy.push(descending ? desc(field.column) : asc(field.column));
    order.push({ column: field.column, descending, nullable: !(field.column instanceof PgColumn && field.column.notNull) });
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

const MAX_LABEL = 200;

/** `labels`: a JSON object of column path -> a label of printable text. */
function parseLabels(raw: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ValidationError.field('labels', LABELS_NOT_AN_OBJECT);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw ValidationError.field('labels', LABELS_NOT_AN_OBJECT);
  const labels = emptyRecord<string>();
  for (const [column, label] of Object.entries(parsed)) {
    refusePrototypeKeys('labels', [column, ...column.split('.')], column);
    if (typeof label !== 'string' || !label.trim() || label.length > MAX_LABEL || /[\u0000-\u001f\u007f]/.test(label)) {
      throw ValidationError.field(
        'labels',
        `The label of "${column.slice(0, 100)}" must be 1 to ${MAX_LABEL} printable characters.`,
      );
    }
    labels[column] = label.trim();
  }
  return labels;
}

export interface ExportDisplay {
  timeZone: string;
  dateTimeFormat: string;
}

/** The zones the OpenAPI document names for `timezone`: the runtime's IANA names and UTC. */
const TIME_ZONES = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);

/**
 * `values`, `timezone` and `datetime_format` of an export. A zone or format outside the documented
 * choices is a 400 whether or not `values=display` uses it, so what the document allows is exactly
 * what the server accepts.
 */
function parseDisplay(query: ListQuery): ExportDisplay | null {
  if (query.timezone !== undefined && !TIME_ZONES.has(query.timezone)) throw ValidationError.field('timezone', ERROR_MESSAGES.timeZone);
  const dateTimeFormat = query.datetime_format ?? 'ISO-8601';
  if (!(DATE_TIME_FORMATS as readonly string[]).includes(dateTimeFormat)) throw ValidationError.field('datetime_format', invalidChoice(dateTimeFormat));
  if (query.values !== 'display') return null;
  return { timeZone: query.timezone ?? 'UTC', dateTimeFormat };
}

/** `viewer` is who lists (`listViewer(request)`); it bounds what filters and search may traverse. */
export function compileListQuery(resource: ListResource, query: ListQuery, baseWhere: SQL | undefined, viewer: ListViewer): ListPlan {
  const limit = Math.min(parseIntParam('limit', query.limit, DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const offset = parseIntParam('offset', query.offset, 0);
  const select = query.select ? parseSelect(query.select) : null;
  if (select) validateSelect(select, resource.itemSchema);
  const labels = query.labels ? parseLabels(query.labels) : null;
  const display = parseDisplay(query);
  const conditions = [baseWhere, ...compileFilters(resource, query.filters, viewer), compileSearch(resource, query.search, viewer)].filter(
    (c): c is SQL => c !== undefined,
  );
  const ordering = compileOrdering(resource, query.ordering);
  let cursor: Cursor | null | undefined;
  if (query.cursor !== undefined)
    cursor = query.cursor === '' ? null : decodeCursor(query.cursor, ordering.key, ordering.order.length);
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy: ordering.orderBy,
    order: ordering.order,
    orderingKey: ordering.key,
    limit,
    // A cursor names the position itself; an offset only applies to the first keyset page.
    offset: cursor ? 0 : offset,
    select,
    labels,
    display,
    cursor,
  };
}
