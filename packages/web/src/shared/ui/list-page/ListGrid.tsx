import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Box, Checkbox, LinearProgress } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { GridOverlayRow } from './EmptyOverlay';
import { displayedRows } from './ListCards';
import { ListColumnMenu } from './ListColumnMenu';
import { ListGridHeader } from './ListGridHeader';
import { LazyListPagination } from './LazyListPagination';
import {
  cellKey,
  CHECK_FIELD,
  CHECKBOX_COLUMN_WIDTH,
  clampCell,
  HEADER_HEIGHT,
  isSelected,
  moveCell,
  nextSort,
  ROW_HEIGHT,
  shownState,
  sortingOf,
  sortOf,
  toggleRow,
  toggleShown,
  type CellLayout,
  type CellPosition,
  type ColumnVisibility,
  type GridColumn,
  type RowSelection,
  type SortItem,
} from './grid-model';
import { embeddedHeight, FOOTER_HEIGHT, gridSx } from './list-grid-styles';
import { PAGE_SIZES, type ListViewState } from './list-state';
import { useColumnResize } from './use-column-resize';
import type { ListViewControls } from './use-list-view';

export interface ListGridProps<Row extends { id: string }> {
  label: string;
  rows: Row[];
  rowCount: number;
  /** Every column in the view's order; `visibility` says which show. */
  columns: GridColumn<Row>[];
  loading: boolean;
  /** Inside another page: the grid is as tall as its rows. */
  embedded: boolean | undefined;
  view: ListViewState;
  page: number;
  /** Whether the list's count is known (until then a page past the end cannot be told apart). */
  counted: boolean;
  setPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  update: ListViewControls['update'];
  /** Every field in the view's column order. */
  order: string[];
  visibility: ColumnVisibility;
  rowHref?: (row: Row) => string;
  getRowId?: (row: Row) => string;
  filtered: boolean;
  /** What the grid shows when there are no rows. */
  emptyState: ReactNode;
  /** With a bulk action: a checkbox column, and the selection below. */
  selectable: boolean;
  selectionModel: RowSelection | undefined;
  onSelectionModelChange: ((model: RowSelection) => void) | undefined;
  /** Opens the column chooser (the column menu's Manage columns). */
  onManageColumns: (anchor: HTMLElement) => void;
}

/**
 * A list's data grid (desktop), drawn by the app itself (docs/decisions.md, "List grid without
 * MUI X"): server-side paging and sorting, the view's columns, widths and density, a checkbox
 * column with a selection kept across pages, rows that open on click or Enter, and a pinned
 * first column. It is one Tab stop: arrow keys, Home, End, Page Up and Page Down move the
 * focused cell (the header row included), Enter opens the row or sorts by the header's column.
 */
export function ListGrid<Row extends { id: string }>({
  label,
  rows,
  rowCount,
  columns,
  loading,
  embedded,
  view,
  page,
  counted,
  setPage,
  onPageSize,
  update,
  order,
  visibility,
  rowHref,
  getRowId,
  filtered,
  emptyState,
  selectable,
  selectionModel,
  onSelectionModelChange,
  onManageColumns,
}: ListGridProps<Row>) {
  const navigate = useNavigate();
  const theme = useTheme();
  const gridRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => columns.filter((column) => visibility[column.field] !== false), [columns, visibility]);
  const [menu, setMenu] = useState<{ field: string; anchor: HTMLElement } | null>(null);
  const [active, setActive] = useState<CellPosition>({ row: -1, col: 0 });

  const rowIdOf = getRowId ?? ((row: Row) => row.id);
  const ids = rows.map(rowIdOf);
  const checkCols = selectable ? 1 : 0;
  const colCount = shown.length + checkCols;
  const at = clampCell(active, rows.length, colCount);
  const sort = sortOf(view.sorting);
  const rowHeight = ROW_HEIGHT[view.density];
  const headerHeight = HEADER_HEIGHT[view.density];
  const available = useContentWidth(gridRef) - (selectable ? CHECKBOX_COLUMN_WIDTH : 0);
  const { widthOf, startResize } = useColumnResize<Row>(view, update, shown, Math.max(0, available));
  const pinnedWidth = (selectable ? CHECKBOX_COLUMN_WIDTH : 0) + (shown[0] ? widthOf(shown[0]) : 0);
  const totalWidth = shown.reduce((sum, column) => sum + widthOf(column), selectable ? CHECKBOX_COLUMN_WIDTH : 0);

  const setSort = (item: SortItem | null) => update({ sorting: sortingOf(item) }, { resetPage: true });
  const hide = (field: string) => update({ visible_fields: order.filter((f) => f !== field && visibility[f] !== false) });
  const select = (model: RowSelection) => onSelectionModelChange?.(model);
  const toggleAll = () => {
    if (!selectionModel) return;
    select(toggleShown(selectionModel, ids, shownState(selectionModel, ids) !== 'all'));
  };
  const toggle = (id: string) => {
    if (selectionModel) select(toggleRow(selectionModel, id, !isSelected(selectionModel, id)));
  };

  const focusCell = (next: CellPosition) => {
    setActive(next);
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cellKey(next)}"]`)?.focus();
  };
  const cellAt = (target: EventTarget): { element: HTMLElement; at: CellPosition } | null => {
    const element = (target as HTMLElement).closest?.<HTMLElement>('[data-cell]');
    if (!element || !gridRef.current?.contains(element)) return null;
    const [row, col] = element.dataset.cell!.split(':').map(Number) as [number, number];
    return { element, at: { row, col } };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in the column menu (a portal, but a React child) are the menu's.
    const cell = cellAt(event.target);
    if (!cell) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const visibleRows = Math.max(1, Math.floor(((gridRef.current?.clientHeight ?? 0) - headerHeight) / rowHeight));
    const next = moveCell(cell.at, event.key, ctrl, { rows: rows.length, cols: colCount, pageRows: visibleRows });
    if (next) {
      event.preventDefault();
      focusCell(next);
      return;
    }
    const column = shown[cell.at.col - checkCols];
    const onCheckbox = cell.at.col < checkCols;
    if (cell.at.row === -1) {
      // Enter on the header's menu button is the button's own click.
      if (event.target !== cell.element) return;
      if (event.key === 'Enter' && ctrl && column) {
        event.preventDefault();
        setMenu({ field: column.field, anchor: cell.element });
      } else if (event.key === 'Enter' && column?.sortable) {
        event.preventDefault();
        setSort(nextSort(sort, column.field));
      } else if ((event.key === ' ' || event.key === 'Enter') && onCheckbox) {
        event.preventDefault();
        toggleAll();
      }
      return;
    }
    const row = rows[cell.at.row];
    if (!row) return;
    if (event.key === ' ' && onCheckbox && event.target === cell.element) {
      event.preventDefault();
      toggle(rowIdOf(row));
    } else if (event.key === 'Enter' && rowHref && !event.defaultPrevented) {
      event.preventDefault();
      void navigate(rowHref(row));
    }
  };

  const headerState = shownState(selectionModel, ids);
  const menuColumn = menu ? shown.find((column) => column.field === menu.field) : undefined;
  const pinned = (col: number) => col <= checkCols;
  const layout: CellLayout = {
    cellProps: (col, width, extra = '') => ({
      className: `lg-cell${pinned(col) ? ' lg-pinned' : ''}${col === checkCols ? ' lg-pinned-last' : ''}${extra}`,
      style: { width, ...(pinned(col) && { left: col === 0 ? 0 : CHECKBOX_COLUMN_WIDTH }) },
    }),
    tabIndexOf: (position) => (cellKey(at) === cellKey(position) ? 0 : -1),
  };
  const { cellProps, tabIndexOf } = layout;

  return (
    <Box
      sx={{
        // A page's list takes the height its page leaves it (PageFrame `fill`); inside a tab it is as tall as its rows.
        ...(embedded ? { height: embeddedHeight(rows.length, view.density) } : { flex: '1 1 0', minHeight: 360 }),
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
      }}
    >
      {loading && (
        <LinearProgress aria-label={`Loading ${label}`} sx={{ position: 'absolute', top: headerHeight, left: 0, right: 0, zIndex: 4 }} />
      )}
      <Box
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={colCount}
        aria-busy={loading || undefined}
        aria-multiselectable={selectable || undefined}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const cell = cellAt(event.target);
          if (cell && cellKey(cell.at) !== cellKey(at)) setActive(cell.at);
        }}
        onPointerOver={(event) => titleIfCut(event.target)}
        sx={gridSx(theme, { rowHeight, headerHeight, pinnedWidth, clickable: rowHref !== undefined })}
      >
        <ListGridHeader<Row>
          shown={shown}
          selectable={selectable}
          checked={headerState}
          noRows={ids.length === 0}
          onToggleAll={toggleAll}
          sort={sort}
          onSort={setSort}
          menuField={menu?.field}
          onMenu={(field, anchor) => setMenu({ field, anchor })}
          widthOf={widthOf}
          onResizeStart={startResize}
          layout={layout}
          totalWidth={totalWidth}
        />
        <div role="rowgroup" className="lg-body">
          {rows.length === 0 && !loading ? (
            <div className="lg-empty">
              <GridOverlayRow>{emptyState}</GridOverlayRow>
            </div>
          ) : (
            rows.map((row, rowIndex) => {
              const id = ids[rowIndex]!;
              const ticked = isSelected(selectionModel, id);
              return (
                <div
                  key={id}
                  role="row"
                  aria-rowindex={rowIndex + 2}
                  aria-selected={selectable ? ticked : undefined}
                  data-id={id}
                  className={ticked ? 'lg-row lg-selected' : 'lg-row'}
                  style={{ width: totalWidth }}
                  onClick={
                    rowHref
                      ? (event) => {
                          // A click on a row's checkbox selects it; anywhere else on the row opens it.
                          if (!(event.target as HTMLElement).closest(`[data-field="${CHECK_FIELD}"]`)) void navigate(rowHref(row));
                        }
                      : undefined
                  }
                >
                  {selectable && (
                    <div
                      role="gridcell"
                      aria-colindex={1}
                      data-field={CHECK_FIELD}
                      data-cell={cellKey({ row: rowIndex, col: 0 })}
                      tabIndex={tabIndexOf({ row: rowIndex, col: 0 })}
                      {...cellProps(0, CHECKBOX_COLUMN_WIDTH, ' lg-check')}
                    >
                      <Checkbox
                        size="small"
                        checked={ticked}
                        onChange={() => toggle(id)}
                        slotProps={{ input: { 'aria-label': 'Select row', tabIndex: -1 } }}
                      />
                    </div>
                  )}
                  {shown.map((column, index) => {
                    const col = index + checkCols;
                    const position = { row: rowIndex, col };
                    return (
                      <div
                        key={column.field}
                        role="gridcell"
                        aria-colindex={col + 1}
                        data-field={column.field}
                        data-cell={cellKey(position)}
                        tabIndex={tabIndexOf(position)}
                        {...cellProps(col, widthOf(column), column.align === 'right' ? ' lg-right' : '')}
                      >
                        <span className="lg-content">{column.renderCell(row)}</span>
                      </div>
                    );
                  })}
                </div>
              );
            })
          )}
        </div>
      </Box>
      <LazyListPagination
        minHeight={FOOTER_HEIGHT}
        count={rowCount}
        page={rowCount >= 0 ? Math.min(page - 1, Math.max(0, Math.ceil(rowCount / view.page_size) - 1)) : page - 1}
        rowsPerPage={view.page_size}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => {
          // Until the count is known a real page cannot be told from one past the end.
          if (counted && next + 1 !== page) setPage(next + 1);
        }}
        onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
        labelDisplayedRows={({ from, to, count }) => displayedRows(from, to, count, filtered)}
        sx={{ borderTop: 1, borderColor: 'divider', flexShrink: 0, '& .MuiToolbar-root': { minHeight: FOOTER_HEIGHT } }}
      />
      {menu && menuColumn && (
        <ListColumnMenu
          field={menu.field}
          anchorEl={menu.anchor}
          onClose={() => setMenu(null)}
          sortable={menuColumn.sortable}
          sort={sort?.field === menu.field ? sort.sort : null}
          onSort={(direction) => setSort(direction ? { field: menu.field, sort: direction } : null)}
          onHide={shown.length > 1 ? () => hide(menu.field) : undefined}
          onManageColumns={() => onManageColumns(menu.anchor)}
        />
      )}
    </Box>
  );
}


/**
 * A cell's text cut by its column's width gets its full text as a title, set when the pointer
 * comes over it (one listener for the grid rather than a measurement per cell on every render).
 */
function titleIfCut(target: EventTarget) {
  const content = (target as HTMLElement).closest?.<HTMLElement>('.lg-content');
  if (!content) return;
  if (content.scrollWidth > content.clientWidth) content.title = content.textContent ?? '';
  else content.removeAttribute('title');
}

/** The element's inner width (without its scrollbar), followed as it changes; 0 until measured. */
function useContentWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
