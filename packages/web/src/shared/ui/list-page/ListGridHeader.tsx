import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Checkbox, IconButton, Tooltip } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ariaSortOf, cellKey, CHECK_FIELD, CHECKBOX_COLUMN_WIDTH, nextSort, type CellLayout, type GridColumn, type SortItem } from './grid-model';

export interface ListGridHeaderProps<Row> {
  /** The columns shown, in order. */
  shown: GridColumn<Row>[];
  selectable: boolean;
  /** The header checkbox: all rows of the page ticked, some, or none; disabled without rows. */
  checked: 'all' | 'some' | 'none';
  noRows: boolean;
  onToggleAll: () => void;
  sort: SortItem | null;
  onSort: (item: SortItem | null) => void;
  /** The column whose menu is open. */
  menuField: string | undefined;
  onMenu: (field: string, anchor: HTMLElement) => void;
  widthOf: (column: GridColumn<Row>) => number;
  onResizeStart: (column: GridColumn<Row>) => (event: ReactPointerEvent<HTMLElement>) => void;
  layout: CellLayout;
  totalWidth: number;
}

/**
 * The grid's header row: the select-all checkbox, and per column its label, sort arrow, menu
 * button and resize handle. A click sorts (ascending, descending, none) except on the menu button
 * or the handle.
 */
export function ListGridHeader<Row>({ shown, selectable, checked, noRows, onToggleAll, sort, onSort, menuField, onMenu, widthOf, onResizeStart, layout, totalWidth }: ListGridHeaderProps<Row>) {
  const checkCols = selectable ? 1 : 0;
  return (
    <div role="rowgroup" className="lg-head">
      <div role="row" aria-rowindex={1} className="lg-row" style={{ width: totalWidth }}>
        {selectable && (
          <div
            role="columnheader"
            aria-colindex={1}
            aria-label="Select all rows"
            data-field={CHECK_FIELD}
            data-cell={cellKey({ row: -1, col: 0 })}
            tabIndex={layout.tabIndexOf({ row: -1, col: 0 })}
            {...layout.cellProps(0, CHECKBOX_COLUMN_WIDTH, ' lg-check')}
          >
            <Checkbox
              size="small"
              checked={checked === 'all' && !noRows}
              indeterminate={checked === 'some'}
              onChange={onToggleAll}
              disabled={noRows}
              slotProps={{ input: { 'aria-label': 'Select all rows', tabIndex: -1 } }}
            />
          </div>
        )}
        {shown.map((column, index) => {
          const col = index + checkCols;
          const position = { row: -1, col };
          const direction = sort?.field === column.field ? sort.sort : null;
          const extra = `${column.sortable ? ' lg-sortable' : ''}${column.align === 'right' ? ' lg-right' : ''}${menuField === column.field ? ' lg-menu-open' : ''}`;
          return (
            <div
              key={column.field}
              role="columnheader"
              aria-colindex={col + 1}
              aria-label={column.headerName}
              aria-sort={column.sortable ? ariaSortOf(sort, column.field) : undefined}
              data-field={column.field}
              data-cell={cellKey(position)}
              tabIndex={layout.tabIndexOf(position)}
              onClick={(event) => {
                if (column.sortable && !(event.target as HTMLElement).closest('button, [data-resize]')) onSort(nextSort(sort, column.field));
              }}
              {...layout.cellProps(col, widthOf(column), extra)}
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
                aria-expanded={menuField === column.field || undefined}
                tabIndex={-1}
                className="lg-menu"
                onClick={(event) => onMenu(column.field, event.currentTarget)}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
              <div data-resize aria-hidden className="lg-resize" onPointerDown={onResizeStart(column)} onClick={(event) => event.stopPropagation()} />
            </div>
          );
        })}
      </div>
    </div>
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

