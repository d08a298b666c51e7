import { and, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@ops/contract/common/pagination';
import type { ListQuery } from '@ops/contract/common/list-query';
import { ValidationError } from '../platform/errors';
import { emptyRecord, refusePrototypeKeys } from '../platform/property-names';
import type { ListResource, ListViewer } from './list-resource';
import { parseSelect, validateSelect, type SelectTree } from './select';
import { ERROR_MESSAGES, invalidChoice } from '@ops/contract/common/errors';
import { DATE_TIME_FORMATS } from '@ops/contract/common/display-values';
import { decodeCursor, type Cursor } from './list-cursor';
import { compileFilters } from './list-filters';
import { compileOrdering, type OrderTerm } from './list-ordering';
import { compileSearch } from './list-search';

const LABELS_NOT_AN_OBJECT = 'Must be a JSON object of column -> label.';

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

function parseIntParam(name: 'limit' | 'offset', raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw ValidationError.field(name, ERROR_MESSAGES.nonNegativeInteger);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw ValidationError.field(name, ERROR_MESSAGES.nonNegativeInteger);
  return value;
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
  const ordering = compileOrdering(resource, query.ordering, viewer);
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
