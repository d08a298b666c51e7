import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Checkbox, IconButton, LinearProgress, TablePagination, Tooltip } from '@mui/material';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
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
        const rest = { ...current };
        delete rest[column.field];
        return rest;
      });
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  const headerState = shownState(selectionModel, ids);
  const menuColumn = menu ? shown.find((column) => column.field === menu.field) : undefined;
  const pinned = (col: number) => col <= checkCols;
  /** A cell's classes and inline box: its width, and where a pinned cell sticks. */
  const cellProps = (col: number, width: number, extra = '') => ({
    className: `lg-cell${pinned(col) ? ' lg-pinned' : ''}${col === checkCols ? ' lg-pinned-last' : ''}${extra}`,
    style: { width, ...(pinned(col) && { left: col === 0 ? 0 : CHECKBOX_COLUMN_WIDTH }) },
  });
  const tabIndexOf = (position: CellPosition) => (cellKey(at) === cellKey(position) ? 0 : -1);

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
        sx={gridSx(theme, { rowHeight, headerHeight, pinnedWidth, clickable: rowHref !== undefined })}
      >
        <div role="rowgroup" className="lg-head">
          <div role="row" aria-rowindex={1} className="lg-row" style={{ width: totalWidth }}>
            {selectable && (
              <div
                role="columnheader"
                aria-colindex={1}
                aria-label="Select all rows"
                data-field={CHECK_FIELD}
                data-cell={cellKey({ row: -1, col: 0 })}
                tabIndex={tabIndexOf({ row: -1, col: 0 })}
                {...cellProps(0, CHECKBOX_COLUMN_WIDTH, ' lg-check')}
              >
                <Checkbox
                  size="small"
                  checked={headerState === 'all' && ids.length > 0}
                  indeterminate={headerState === 'some'}
                  onChange={toggleAll}
                  disabled={ids.length === 0}
                  slotProps={{ input: { 'aria-label': 'Select all rows', tabIndex: -1 } }}
                />
              </div>
            )}
            {shown.map((column, index) => {
              const col = index + checkCols;
              const position = { row: -1, col };
              const direction = sort?.field === column.field ? sort.sort : null;
              const extra = `${column.sortable ? ' lg-sortable' : ''}${column.align === 'right' ? ' lg-right' : ''}${menu?.field === column.field ? ' lg-menu-open' : ''}`;
              return (
                <div
                  key={column.field}
                  role="columnheader"
                  aria-colindex={col + 1}
                  aria-label={column.headerName}
                  aria-sort={column.sortable ? ariaSortOf(sort, column.field) : undefined}
                  data-field={column.field}
                  data-cell={cellKey(position)}
                  tabIndex={tabIndexOf(position)}
                  onClick={(event) => {
                    if (column.sortable && !(event.target as HTMLElement).closest('button, [data-resize]')) setSort(nextSort(sort, column.field));
                  }}
                  {...cellProps(col, widthOf(column), extra)}
                >
                  <HeaderTitle label={column.headerName} description={column.description} />
                  {column.sortable &&
                    (direction === 'desc' ? (
                      <ArrowDownwardIcon aria-hidden fontSize="small" className="lg-sort" />
                    ) : (
                      <ArrowUpwardIcon aria-hidden fontSize="small" className={direction ? 'lg-sort' : 'lg-sort lg-sort-idle'} />
                    ))}
                  <IconButton
                    size="small"
                    aria-label="Menu"
                    aria-haspopup="menu"
                    aria-expanded={menu?.field === column.field || undefined}
                    tabIndex={-1}
                    className="lg-menu"
                    onClick={(event) => setMenu({ field: column.field, anchor: event.currentTarget })}
                  >
                    <MoreVertIcon fontSize="small" />
                  </IconButton>
                  <div data-resize aria-hidden className="lg-resize" onPointerDown={startResize(column)} onClick={(event) => event.stopPropagation()} />
                </div>
              );
            })}
          </div>
        </div>
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

/** A header's label, with its full text (and original name, when renamed) on hover when the width cuts it. */
function HeaderTitle({ label, description }: { label: string; description: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      title={description}
      open={open}
      onOpen={() => {
        const element = ref.current;
        if (description !== label || (element && element.scrollWidth > element.clientWidth)) setOpen(true);
      }}
      onClose={() => setOpen(false)}
      describeChild
      enterDelay={500}
      disableInteractive
    >
      <span ref={ref} className="lg-title">
        {label}
      </span>
    </Tooltip>
  );
}

/**
 * The grid's look, one style sheet for all its cells (a style object per cell would be
 * serialised again for each of up to 100 rows times the columns on every render).
 */
function gridSx(theme: Theme, { rowHeight, headerHeight, pinnedWidth, clickable }: { rowHeight: number; headerHeight: number; pinnedWidth: number; clickable: boolean }) {
  const { palette } = theme;
  const selected = alpha(palette.primary.main, palette.action.selectedOpacity);
  const selectedHover = alpha(palette.primary.main, palette.action.selectedOpacity + palette.action.hoverOpacity);
  return {
    flex: 1,
    minHeight: 0,
    overflow: 'auto',
    display: 'flex',
    flexDirection: 'column',
    typography: 'body2',
    // Cells brought into view by the keyboard are not left under the sticky header or pinned columns.
    scrollPaddingTop: headerHeight,
    scrollPaddingLeft: pinnedWidth,
    // A horizontal scrollbar that can be seen and grabbed: a scrollbar colour turns the
    // overlay scrollbars of macOS and phones (shown only while scrolling) into classic ones.
    scrollbarColor: `${palette.text.secondary} ${palette.action.hover}`,
    '& .lg-head': { position: 'sticky', top: 0, zIndex: 3, flexShrink: 0 },
    '& .lg-body': { flex: '1 0 auto', display: 'flex', flexDirection: 'column' },
    '& .lg-row': {
      display: 'flex',
      flex: '0 0 auto',
      minWidth: '100%',
      height: rowHeight,
      borderBottom: `1px solid ${palette.divider}`,
      '--row-tint': 'transparent',
      backgroundColor: 'var(--row-tint)',
    },
    '& .lg-body .lg-row': { cursor: clickable ? 'pointer' : 'default' },
    '& .lg-body .lg-row:hover': { '--row-tint': palette.action.hover },
    '& .lg-body .lg-row.lg-selected': { '--row-tint': selected },
    '& .lg-body .lg-row.lg-selected:hover': { '--row-tint': selectedHover },
    '& .lg-head .lg-row': { height: headerHeight, backgroundColor: palette.background.paper },
    '& .lg-cell': {
      boxSizing: 'border-box',
      flex: '0 0 auto',
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      padding: theme.spacing(0, 1.25),
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      outline: 'none',
      '&:focus, &:focus-within': { outline: `solid 2px ${alpha(palette.primary.main, 0.5)}`, outlineOffset: '-2px' },
    },
    '& .lg-right': { justifyContent: 'flex-end' },
    // The first column (and the checkbox column) stays in view while the others scroll sideways:
    // opaque, and tinted like its row (hovered, selected).
    '& .lg-pinned': {
      position: 'sticky',
      zIndex: 1,
      backgroundColor: palette.background.paper,
      backgroundImage: 'linear-gradient(var(--row-tint), var(--row-tint))',
    },
    '& .lg-pinned-last': { borderRight: `1px solid ${palette.divider}` },
    '& .lg-content': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
    // Label, sort arrow and menu button within the 68 px `contentWidth` allows beside a label.
    '& [role="columnheader"]': { fontWeight: 600, paddingRight: theme.spacing(0.5), gap: '2px' },
    '& [role="columnheader"]:not(.lg-pinned)': { position: 'relative' },
    '& .lg-check': { justifyContent: 'center', padding: 0 },
    '& .lg-sortable': { cursor: 'pointer' },
    '& .lg-title': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
    '& .lg-sort': { flexShrink: 0, fontSize: 18, color: palette.text.secondary },
    '& .lg-sort-idle': { opacity: 0 },
    '& .lg-sortable:hover .lg-sort-idle': { opacity: 0.5 },
    '& .lg-menu': { flexShrink: 0, marginLeft: 'auto', padding: '2px', opacity: 0 },
    '& .lg-right .lg-menu': { marginLeft: 0 },
    '& [role="columnheader"]:hover .lg-menu, & [role="columnheader"]:focus .lg-menu, & [role="columnheader"]:focus-within .lg-menu, & .lg-menu-open .lg-menu':
      { opacity: 1 },
    '& .lg-resize': {
      position: 'absolute',
      top: 0,
      right: 0,
      bottom: 0,
      width: 8,
      cursor: 'col-resize',
      touchAction: 'none',
      '&::after': { content: '""', position: 'absolute', top: '25%', bottom: '25%', right: 3, width: '1px', backgroundColor: palette.divider },
      '&:hover::after': { backgroundColor: palette.text.secondary, width: '2px' },
    },
    // The empty state spans the visible width, wherever the grid is scrolled.
    '& .lg-empty': { position: 'sticky', left: 0, flex: 1, minHeight: 3 * rowHeight },
  } as const;
}

/** The density factors of the 56 px header and 52 px rows. */
const DENSITY_FACTOR: Record<Density, number> = { compact: 0.7, standard: 1, comfortable: 1.3 };

/** A list inside a tab is as tall as its rows (at least three, at most 480 px), not a fixed block of empty space. */
function embeddedHeight(rows: number, density: Density): number {
  const footer = 54;
  return Math.min(480, Math.ceil((56 + Math.max(rows, 3) * 52) * DENSITY_FACTOR[density]) + footer + 4);
}
