import type { ReactNode } from 'react';

/** A column as the list grid draws it (built from a ListColumn and the user's view by useGridColumns). */
export interface GridColumn<Row> {
  field: string;
  /** The label the user sees (renamed or not): the header's text and accessible name. */
  headerName: string;
  /** The header's tooltip: the full label (with the original name when renamed). */
  description: string;
  sortable: boolean;
  align?: 'left' | 'right';
  /** Width in px: what the label and content ask for, or the user's. */
  width: number;
  /** The least width the grid may fit it to (its label whole); the width when unset. */
  minWidth?: number;
  /** The user set the width (dragged it): the grid keeps it when fitting the columns to its width. */
  fixed?: boolean;
  renderCell: (row: Row) => ReactNode;
}

/** Which columns show: a field mapped to false is hidden; a field not in it shows. */
export type ColumnVisibility = Record<string, boolean>;

/**
 * The ticked rows: `include` lists them; `exclude` stands for every row shown except the ones listed.
 * Ids of rows on other pages stay in an include model, so a selection survives paging.
 */
export interface RowSelection {
  type: 'include' | 'exclude';
  ids: ReadonlySet<string>;
}

export const EMPTY_SELECTION: RowSelection = { type: 'include', ids: new Set() };

export function isSelected(model: RowSelection | undefined, id: string): boolean {
  if (!model) return false;
  return model.type === 'include' ? model.ids.has(id) : !model.ids.has(id);
}

/** The model with one row ticked or unticked. */
export function toggleRow(model: RowSelection, id: string, on: boolean): RowSelection {
  const ids = new Set(model.ids);
  const add = model.type === 'include' ? on : !on;
  if (add) ids.add(id);
  else ids.delete(id);
  return { type: model.type, ids };
}

/** The model with every row shown ticked or unticked; rows ticked on other pages stay ticked. */
export function toggleShown(model: RowSelection, shown: readonly string[], on: boolean): RowSelection {
  let next = model;
  for (const id of shown) next = toggleRow(next, id, on);
  return next;
}

/** The header checkbox: all shown rows ticked, some of them, or none. */
export function shownState(model: RowSelection | undefined, shown: readonly string[]): 'all' | 'some' | 'none' {
  const ticked = shown.filter((id) => isSelected(model, id)).length;
  return ticked === 0 ? 'none' : ticked === shown.length ? 'all' : 'some';
}

export type SortDirection = 'asc' | 'desc';
export interface SortItem {
  field: string;
  sort: SortDirection;
}

/** The view's ordering (`name`, `-name`) as the header shows it. */
export function sortOf(sorting: readonly string[]): SortItem | null {
  const first = sorting[0];
  if (!first) return null;
  return first.startsWith('-') ? { field: first.slice(1), sort: 'desc' } : { field: first, sort: 'asc' };
}

/** The view's ordering for a sort item (none: []). */
export function sortingOf(item: SortItem | null): string[] {
  return item ? [item.sort === 'desc' ? `-${item.field}` : item.field] : [];
}

/** A click on a header: ascending first, then descending, then unsorted; another column starts ascending. */
export function nextSort(current: SortItem | null, field: string): SortItem | null {
  if (current?.field !== field) return { field, sort: 'asc' };
  return current.sort === 'asc' ? { field, sort: 'desc' } : null;
}

export function ariaSortOf(current: SortItem | null, field: string): 'ascending' | 'descending' | 'none' {
  if (current?.field !== field) return 'none';
  return current.sort === 'asc' ? 'ascending' : 'descending';
}

/** A cell of the grid: row -1 is the header row, rows 0.. are the data rows; col 0 is the first column shown. */
export interface CellPosition {
  row: number;
  col: number;
}

export interface GridBounds {
  rows: number;
  cols: number;
  /** Rows a Page Up or Page Down moves by. */
  pageRows: number;
}

/**
 * Where a key moves the focused cell (the grid's one Tab stop), or null when the key does not move it.
 * Arrows step (Up from the first row reaches the header), Home and End go to the row's ends
 * (with Ctrl to the grid's corners), Page Up and Page Down move a screenful of rows.
 */
export function moveCell(at: CellPosition, key: string, ctrl: boolean, { rows, cols, pageRows }: GridBounds): CellPosition | null {
  if (cols === 0) return null;
  const lastRow = rows - 1;
  const clampRow = (row: number) => Math.max(-1, Math.min(lastRow, row));
  switch (key) {
    case 'ArrowDown':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'ArrowRight':
      return { row: at.row, col: Math.min(cols - 1, at.col + 1) };
    case 'ArrowLeft':
      return { row: at.row, col: Math.max(0, at.col - 1) };
    case 'Home':
      return ctrl ? { row: rows > 0 ? 0 : -1, col: 0 } : { row: at.row, col: 0 };
    case 'End':
      return ctrl ? { row: lastRow, col: cols - 1 } : { row: at.row, col: cols - 1 };
    case 'PageDown':
      return { row: clampRow(Math.max(at.row, 0) + pageRows), col: at.col };
    case 'PageUp':
      return { row: at.row < 0 ? -1 : Math.max(0, at.row - pageRows), col: at.col };
    default:
      return null;
  }
}

/** The focused cell kept inside the grid when rows or columns go (another page, a hidden column). */
export function clampCell(at: CellPosition, rows: number, cols: number): CellPosition {
  return { row: Math.min(at.row, rows - 1), col: Math.max(0, Math.min(at.col, cols - 1)) };
}

/** A cell's key in the DOM (`data-cell`): `row:col`. */
export const cellKey = (at: CellPosition) => `${at.row}:${at.col}`;

/** The checkbox column's `data-field`. */
export const CHECK_FIELD = '__check__';

/** How the grid lays out a cell: its classes and box (width, where a pinned cell sticks), and whether it is the Tab stop. */
export interface CellLayout {
  cellProps: (col: number, width: number, extra?: string) => { className: string; style: { width: number; left?: number } };
  tabIndexOf: (position: CellPosition) => 0 | -1;
}

/**
 * Row heights in px per density, and the header's. Standard rows are 40 px, like a dense
 * spreadsheet row with a 14 px font, so a 1280x800 screen shows about 12 rows rather than
 * the 8 of MUI's data grid sizes (52 px) the lists had before (docs/decisions.md).
 */
export const ROW_HEIGHT = { compact: 32, standard: 40, comfortable: 52 } as const;
export const HEADER_HEIGHT = { compact: 36, standard: 44, comfortable: 56 } as const;
export const CHECKBOX_COLUMN_WIDTH = 50;
export const MIN_RESIZE_WIDTH = 50;
