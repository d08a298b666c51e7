import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Checkbox, IconButton, LinearProgress, TablePagination, Tooltip } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { GridOverlayRow } from './EmptyOverlay';
import { displayedRows } from './ListCards';
import { ListColumnMenu } from './ListColumnMenu';
import {
  ariaSortOf,
  CHECKBOX_COLUMN_WIDTH,
  clampCell,
  HEADER_HEIGHT,
  isSelected,
  MIN_RESIZE_WIDTH,
  moveCell,
  nextSort,
  ROW_HEIGHT,
  shownState,
  sortingOf,
  sortOf,
  toggleRow,
  toggleShown,
  type CellPosition,
  type ColumnVisibility,
  type GridColumn,
  type RowSelection,
  type SortItem,
} from './grid-model';
import { PAGE_SIZES, type Density, type ListViewState } from './list-state';
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

const CHECK_FIELD = '__check__';
const cellKey = (at: CellPosition) => `${at.row}:${at.col}`;

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
  const [dragWidths, setDragWidths] = useState<Record<string, number>>({});
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
  const widthOf = (column: GridColumn<Row>) => dragWidths[column.field] ?? column.width;
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
      if (event.key === 'Enter' && ctrl && column) {
        event.preventDefault();
        setMenu({ field: column.field, anchor: cell.element });
      } else if (event.key === 'Enter' && column?.sortable) {
        event.preventDefault();
        setSort(nextSort(sort, column.field));
      } else if ((event.key === ' ' || event.key === 'Enter') && onCheckbox && event.target === cell.element) {
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

  const startResize = (column: GridColumn<Row>) => (event: ReactPointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    const startX = event.clientX;
    const startWidth = widthOf(column);
    let width = startWidth;
    handle.setPointerCapture?.(event.pointerId);
    const move = (e: PointerEvent) => {
      width = Math.max(MIN_RESIZE_WIDTH, Math.round(startWidth + e.clientX - startX));
      setDragWidths((current) => ({ ...current, [column.field]: width }));
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      if (width !== startWidth) update({ column_widths: { ...view.column_widths, [column.field]: width } }, { debounce: true });
      setDragWidths((current) => {
        const { [column.field]: _dropped, ...rest } = current;
        return rest;
      });
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  const hover = theme.palette.action.hover;
  const selected = alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity);
  const selectedHover = alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity);
  const pinned = (col: number) => col < checkCols + 1;
  const pinnedSx = (col: number) =>
    pinned(col)
      ? ({
          position: 'sticky',
          left: col === 0 ? 0 : CHECKBOX_COLUMN_WIDTH,
          zIndex: 1,
          bgcolor: 'background.paper',
          // Opaque, and tinted like its row (hovered, selected).
          backgroundImage: 'linear-gradient(var(--row-tint), var(--row-tint))',
          ...(col === checkCols && { borderRight: 1, borderRightColor: 'divider' }),
        } as const)
      : {};
  const cellBase = {
    boxSizing: 'border-box',
    flex: '0 0 auto',
    display: 'flex',
    alignItems: 'center',
    px: 1.25,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    outline: 'none',
    '&:focus, &:focus-within': { outline: `solid 2px ${alpha(theme.palette.primary.main, 0.5)}`, outlineOffset: '-2px' },
  } as const;
  const headerState = shownState(selectionModel, ids);
  const menuColumn = menu ? shown.find((column) => column.field === menu.field) : undefined;

  return (
    <Box
      sx={{
        height: embedded ? embeddedHeight(rows.length, view.density) : { xs: 560, md: 'calc(100vh - 260px)' },
        minHeight: embedded ? 0 : 400,
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
        sx={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          display: 'flex',
          flexDirection: 'column',
          typography: 'body2',
          // Cells brought into view by the keyboard are not left under the sticky header or pinned column.
          scrollPaddingTop: headerHeight,
          scrollPaddingLeft: pinnedWidth,
          // A horizontal scrollbar that can be seen and grabbed: a scrollbar colour turns the
          // overlay scrollbars of macOS and phones (shown only while scrolling) into classic ones.
          scrollbarColor: `${theme.palette.text.secondary} ${theme.palette.action.hover}`,
        }}
      >
        <Box role="rowgroup" sx={{ position: 'sticky', top: 0, zIndex: 3 }}>
          <Box
            role="row"
            aria-rowindex={1}
            sx={{
              display: 'flex',
              width: totalWidth,
              minWidth: '100%',
              height: headerHeight,
              bgcolor: 'background.paper',
              borderBottom: 1,
              borderColor: 'divider',
              '--row-tint': 'transparent',
            }}
          >
            {selectable && (
              <Box
                role="columnheader"
                aria-colindex={1}
                aria-label="Select all rows"
                data-field={CHECK_FIELD}
                data-cell={cellKey({ row: -1, col: 0 })}
                tabIndex={cellKey(at) === cellKey({ row: -1, col: 0 }) ? 0 : -1}
                sx={{ ...cellBase, ...pinnedSx(0), width: CHECKBOX_COLUMN_WIDTH, justifyContent: 'center', px: 0 }}
              >
                <Checkbox
                  size="small"
                  checked={headerState === 'all' && ids.length > 0}
                  indeterminate={headerState === 'some'}
                  onChange={toggleAll}
                  disabled={ids.length === 0}
                  slotProps={{ input: { 'aria-label': 'Select all rows', tabIndex: -1 } }}
                />
              </Box>
            )}
            {shown.map((column, index) => {
              const col = index + checkCols;
              const position = { row: -1, col };
              const direction = sort?.field === column.field ? sort.sort : null;
              return (
                <Box
                  key={column.field}
                  role="columnheader"
                  aria-colindex={col + 1}
                  aria-label={column.headerName}
                  aria-sort={column.sortable ? ariaSortOf(sort, column.field) : undefined}
                  data-field={column.field}
                  data-cell={cellKey(position)}
                  tabIndex={cellKey(at) === cellKey(position) ? 0 : -1}
                  onClick={(event) => {
                    if (column.sortable && !(event.target as HTMLElement).closest('button, [data-resize]')) setSort(nextSort(sort, column.field));
                  }}
                  sx={{
                    ...cellBase,
                    ...pinnedSx(col),
                    position: pinned(col) ? 'sticky' : 'relative',
                    width: widthOf(column),
                    gap: 0.5,
                    pr: 0.5,
                    fontWeight: 600,
                    cursor: column.sortable ? 'pointer' : 'default',
                    justifyContent: column.align === 'right' ? 'flex-end' : 'flex-start',
                    '& .grid-header-tools': { opacity: menu?.field === column.field ? 1 : 0 },
                    '&:hover .grid-header-tools, &:focus .grid-header-tools, &:focus-within .grid-header-tools': { opacity: 1 },
                    '& .grid-sort-idle': { opacity: 0 },
                    '&:hover .grid-sort-idle': { opacity: 0.5 },
                  }}
                >
                  <Tooltip title={column.description} describeChild enterDelay={500} disableInteractive>
                    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
                      {column.headerName}
                    </Box>
                  </Tooltip>
                  {column.sortable &&
                    (direction === 'desc' ? (
                      <ArrowDownwardIcon aria-hidden fontSize="small" sx={{ flexShrink: 0, color: 'text.secondary' }} />
                    ) : (
                      <ArrowUpwardIcon
                        aria-hidden
                        fontSize="small"
                        className={direction ? undefined : 'grid-sort-idle'}
                        sx={{ flexShrink: 0, color: 'text.secondary' }}
                      />
                    ))}
                  <IconButton
                    size="small"
                    aria-label="Menu"
                    aria-haspopup="menu"
                    aria-expanded={menu?.field === column.field || undefined}
                    tabIndex={-1}
                    className="grid-header-tools"
                    onClick={(event) => setMenu({ field: column.field, anchor: event.currentTarget })}
                    sx={{ flexShrink: 0, ml: column.align === 'right' ? 0 : 'auto' }}
                  >
                    <MoreVertIcon fontSize="small" />
                  </IconButton>
                  <Box
                    data-resize
                    aria-hidden
                    onPointerDown={startResize(column)}
                    onClick={(event) => event.stopPropagation()}
                    sx={{
                      position: 'absolute',
                      top: 0,
                      right: 0,
                      bottom: 0,
                      width: 8,
                      cursor: 'col-resize',
                      touchAction: 'none',
                      '&::after': { content: '""', position: 'absolute', top: '25%', bottom: '25%', right: 3, width: '1px', bgcolor: 'divider' },
                      '&:hover::after': { bgcolor: 'text.secondary', width: '2px' },
                    }}
                  />
                </Box>
              );
            })}
          </Box>
        </Box>
        <Box role="rowgroup" sx={{ flex: '1 0 auto', display: 'flex', flexDirection: 'column' }}>
          {rows.length === 0 && !loading ? (
            <Box sx={{ position: 'sticky', left: 0, flex: 1, minHeight: 3 * rowHeight }}>
              <GridOverlayRow>{emptyState}</GridOverlayRow>
            </Box>
          ) : (
            rows.map((row, rowIndex) => {
              const id = ids[rowIndex]!;
              const ticked = isSelected(selectionModel, id);
              return (
                <Box
                  key={id}
                  role="row"
                  aria-rowindex={rowIndex + 2}
                  aria-selected={selectable ? ticked : undefined}
                  data-id={id}
                  onClick={
                    rowHref
                      ? (event) => {
                          // A click on a row's checkbox selects it; anywhere else on the row opens it.
                          if (!(event.target as HTMLElement).closest(`[data-field="${CHECK_FIELD}"]`)) void navigate(rowHref(row));
                        }
                      : undefined
                  }
                  sx={{
                    display: 'flex',
                    flex: '0 0 auto',
                    width: totalWidth,
                    minWidth: '100%',
                    height: rowHeight,
                    borderBottom: 1,
                    borderColor: 'divider',
                    cursor: rowHref ? 'pointer' : 'default',
                    '--row-tint': ticked ? selected : 'transparent',
                    bgcolor: 'var(--row-tint)',
                    '&:hover': { '--row-tint': ticked ? selectedHover : hover },
                  }}
                >
                  {selectable && (
                    <Box
                      role="gridcell"
                      aria-colindex={1}
                      data-field={CHECK_FIELD}
                      data-cell={cellKey({ row: rowIndex, col: 0 })}
                      tabIndex={cellKey(at) === cellKey({ row: rowIndex, col: 0 }) ? 0 : -1}
                      sx={{ ...cellBase, ...pinnedSx(0), width: CHECKBOX_COLUMN_WIDTH, justifyContent: 'center', px: 0 }}
                    >
                      <Checkbox
                        size="small"
                        checked={ticked}
                        onChange={() => toggle(id)}
                        slotProps={{ input: { 'aria-label': 'Select row', tabIndex: -1 } }}
                      />
                    </Box>
                  )}
                  {shown.map((column, index) => {
                    const col = index + checkCols;
                    const position = { row: rowIndex, col };
                    return (
                      <Box
                        key={column.field}
                        role="gridcell"
                        aria-colindex={col + 1}
                        data-field={column.field}
                        data-cell={cellKey(position)}
                        tabIndex={cellKey(at) === cellKey(position) ? 0 : -1}
                        sx={{
                          ...cellBase,
                          ...pinnedSx(col),
                          width: widthOf(column),
                          justifyContent: column.align === 'right' ? 'flex-end' : 'flex-start',
                          '& > *': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
                        }}
                      >
                        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {column.renderCell(row)}
                        </Box>
                      </Box>
                    );
                  })}
                </Box>
              );
            })
          )}
        </Box>
      </Box>
      <TablePagination
        component="div"
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
        sx={{ borderTop: 1, borderColor: 'divider', flexShrink: 0 }}
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

/** The density factors of the 56 px header and 52 px rows. */
const DENSITY_FACTOR: Record<Density, number> = { compact: 0.7, standard: 1, comfortable: 1.3 };

/** A list inside a tab is as tall as its rows (at least three, at most 480 px), not a fixed block of empty space. */
function embeddedHeight(rows: number, density: Density): number {
  const footer = 54;
  return Math.min(480, Math.ceil((56 + Math.max(rows, 3) * 52) * DENSITY_FACTOR[density]) + footer + 4);
}
