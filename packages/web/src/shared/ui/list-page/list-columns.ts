import type { ReactNode } from 'react';
import type { ListFieldMeta, ListFields } from '../../../api/list-fields';
import { humaniseCode, humaniseField, WITHHELD_LABEL } from '../../humanise';
import type { FilterKind } from './list-filters';
import type { EndpointRoute } from '../../../api/http-client';

/** Where a relation filter finds its records: a list endpoint of the contract and how to name an item. */
export interface RelationSource {
  endpoint: EndpointRoute;
  params?: Record<string, string>;
  label: (item: Record<string, unknown>) => string;
}

export interface ListColumn<Row> {
  /** The list engine's field name: the filter and ordering key. */
  field: string;
  headerName: string;
  /** Filter kind; undefined means the column does not filter. */
  kind?: FilterKind;
  enumValues?: readonly string[];
  /** The API orders by this field: the item schema says so with the server's rule (`orderableFields`, read at build time). */
  sortable: boolean;
  /** Relation filters pick a record from this source. */
  relation?: RelationSource;
  /** Shown when the user has not chosen columns. */
  defaultVisible: boolean;
  /** The text a cell shows (and the CSV export cannot: it reads `exportPath`). */
  value: (row: Row) => string;
  render?: (row: Row) => ReactNode;
  /** `select` path(s) for the CSV export of this column. */
  exportPath: string;
  /** The least width; the column grows to fit its label and content. */
  width?: number;
  /** Numbers align right. */
  align?: 'left' | 'right';
  /** The cell links to the record (the first column does by default). */
  link?: boolean;
}

/** Per-page adjustments of a derived column. */
export type ColumnSpec<Row> = string | ({ field: string } & Partial<Omit<ListColumn<Row>, 'field'>> & { hidden?: boolean });

/** "account_number" -> "Account number". */
export function labelOf(field: string): string {
  return humaniseField(field);
}

function refText(value: unknown, key: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const record = value as Record<string, unknown>;
  // A related record outside the caller's allocation arrives with its id only (name null).
  if (record.id && (key ? record[key] === null : record.name === null)) return WITHHELD_LABEL;
  return String((key && record[key]) ?? record.name ?? record.id ?? '');
}

function derive<Row>(field: string, meta: ListFieldMeta | undefined): Omit<ListColumn<Row>, 'defaultVisible'> {
  const get = (row: Row) => (row as Record<string, unknown>)[field];
  const sortable = meta !== undefined && 'orderable' in meta && meta.orderable === true;
  const base = { field, headerName: labelOf(field), sortable, exportPath: field };
  switch (meta?.type) {
    case 'enum':
      return { ...base, kind: 'enum', enumValues: meta.values, value: (row) => (get(row) ? humaniseCode(String(get(row))) : '') };
    case 'number':
      return { ...base, kind: 'number', align: 'right', value: (row) => (get(row) === null || get(row) === undefined ? '' : Number(get(row)).toLocaleString()) };
    case 'boolean':
      return { ...base, kind: 'boolean', value: (row) => (get(row) === true ? 'Yes' : get(row) === false ? 'No' : '') };
    case 'record': {
      const key = meta.displayKey;
      return { ...base, kind: undefined, exportPath: key ? `${field}.${key}` : field, value: (row) => refText(get(row), key) };
    }
    case 'records': {
      const key = meta.displayKey;
      return { ...base, kind: undefined, exportPath: key ? `${field}.${key}` : field, value: (row) => ((get(row) as unknown[] | undefined) ?? []).map((item) => refText(item, key)).join(', ') };
    }
    default: {
      const kind: FilterKind = field.endsWith('_at') ? 'datetime' : field.endsWith('_date') || field === 'birthday' ? 'date' : 'text';
      return { ...base, kind, value: (row) => (get(row) === null || get(row) === undefined ? '' : String(get(row))) };
    }
  }
}

/**
 * Columns for a list page, from the contract's list item fields (`src/api/list-fields.ts`, generated
 * from the item schema): the label, filter kind (enum values included), sorting and cell text come
 * from the fields; each spec names a field and may adjust it (relation source, label, renderer,
 * hidden by default). Record fields display their name-like key.
 */
export function defineColumns<Row>(fields: ListFields, specs: ColumnSpec<Row>[]): ListColumn<Row>[] {
  return specs.map((spec, index) => {
    const { hidden, ...override } = typeof spec === 'string' ? { field: spec } : spec;
    const derived = derive<Row>(override.field, fields[override.field]);
    // Sorting follows the API exactly, whatever a page spec says.
    const column: ListColumn<Row> = { ...derived, defaultVisible: !hidden, link: index === 0, ...override, sortable: derived.sortable };
    // Record fields filter only when the page names a source to pick a record from.
    if (column.relation && !override.kind) column.kind = 'relation';
    return column;
  });
}

/**
 * What a CSV export of the visible columns asks for: their `select` paths in
 * the order shown (the id first), and each path's header label as the user
 * sees it (renamed or not). A column exported as several paths labels each
 * (`Location (locality)`, `Location (state)`).
 */
export function exportSelection<Row>(columns: ListColumn<Row>[], label: (column: ListColumn<Row>) => string): { select: string; labels: Record<string, string> } {
  const paths = ['id'];
  const labels: Record<string, string> = { id: 'ID' };
  for (const column of columns) {
    const own = column.exportPath.split(',').filter(Boolean);
    for (const path of own) {
      if (!paths.includes(path)) paths.push(path);
      labels[path] = own.length === 1 ? label(column) : `${label(column)} (${humaniseField(path.split('.').pop()!).toLowerCase()})`;
    }
  }
  return { select: paths.join(','), labels };
}
