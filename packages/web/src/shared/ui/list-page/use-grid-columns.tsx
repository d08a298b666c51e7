import { useCallback, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useDateTimeFormatter } from '../../settings/app-settings.queries';
import { contentWidth } from './column-widths';
import type { ColumnVisibility, GridColumn } from './grid-model';
import type { ListColumn } from './list-columns';
import { orderedFields, type ListViewState } from './list-state';

export interface GridColumnsOptions<Row extends { id: string }> {
  columns: ListColumn<Row>[];
  view: ListViewState;
  rows: Row[];
  rowHref?: (row: Row) => string;
}

/** A column's cell text: its value, with date-times in the user's format. */
export function useCellText<Row>() {
  const formatDate = useDateTimeFormatter();
  return useCallback(
    (column: ListColumn<Row>, row: Row) => {
      const value = column.value(row);
      return column.kind === 'datetime' && !column.render && value ? formatDate(value) : value;
    },
    [formatDate],
  );
}

/**
 * The data grid's columns in the user's order, under the user's names. A column is as wide as
 * its label and the widest text it has shown (until the user drags it), and its full label is
 * its header tooltip in case the width still cuts it. A row's link is no Tab stop of its own:
 * the grid is one Tab stop, arrows move between cells and Enter opens the row.
 */
export function useGridColumns<Row extends { id: string }>({ columns, view, rows, rowHref }: GridColumnsOptions<Row>) {
  const theme = useTheme();
  const cellText = useCellText<Row>();
  const byField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  const order = useMemo(() => orderedFields(columns.map((c) => c.field), view.column_order), [columns, view.column_order]);
  const labelOf = useMemo(() => (column: ListColumn<Row>) => view.renaming[column.field] ?? column.headerName, [view.renaming]);

  const visibility: ColumnVisibility = useMemo(() => {
    const chosen = new Set(view.visible_fields);
    return Object.fromEntries(columns.map((c) => [c.field, view.visible_fields.length ? chosen.has(c.field) : c.defaultVisible]));
  }, [columns, view.visible_fields]);

  // Widths only grow while the list is open, so paging does not make the columns jump.
  const seen = useRef(new Map<string, number>());
  const family = theme.typography.fontFamily ?? 'sans-serif';
  const size = theme.typography.body2.fontSize ?? '0.875rem';
  const px = typeof size === 'number' ? size : size.endsWith('rem') ? parseFloat(size) * 16 : parseFloat(size);
  const { widths, floors } = useMemo(() => {
    const next = new Map<string, number>();
    const least = new Map<string, number>();
    for (const column of columns) {
      const weight = column.link ? 500 : 400;
      const texts = column.render ? [] : rows.map((row) => cellText(column, row) || '—');
      const fonts = { header: `600 ${px}px ${family}`, cell: `${weight} ${px}px ${family}` };
      const width = contentWidth(labelOf(column), texts, fonts);
      // A page's own width is a floor: a fixed width cut 30-character names.
      next.set(column.field, Math.max(width, column.width ?? 0, seen.current.get(column.field) ?? 0));
      // Fitted to the grid's width, a column keeps its label whole and the page's width where its content needs it.
      least.set(column.field, Math.max(contentWidth(labelOf(column), [], fonts), Math.min(column.width ?? 0, width)));
    }
    seen.current = next;
    return { widths: next, floors: least };
  }, [columns, rows, labelOf, px, family, cellText]);

  const gridColumns: GridColumn<Row>[] = useMemo(
    () =>
      order.map((field) => {
        const column = byField.get(field)!;
        const label = labelOf(column);
        return {
          field,
          headerName: label,
          description: view.renaming[field] ? `${label} (${column.headerName})` : label,
          sortable: column.sortable,
          align: column.align,
          width: view.column_widths[field] ?? widths.get(field) ?? 180,
          minWidth: floors.get(field),
          fixed: view.column_widths[field] !== undefined,
          renderCell: (row: Row) => {
            if (column.render) return column.render(row);
            const text = cellText(column, row);
            if (column.link && rowHref) {
              // The cell is the Tab stop, not the link: Enter on the cell opens the row.
              return (
                <Link component={RouterLink} to={rowHref(row)} tabIndex={-1} onClick={(event) => event.stopPropagation()} underline="hover" sx={{ fontWeight: 500 }}>
                  {text || '—'}
                </Link>
              );
            }
            return text;
          },
        } satisfies GridColumn<Row>;
      }),
    [order, byField, labelOf, view.renaming, view.column_widths, widths, floors, rowHref, cellText],
  );

  return { gridColumns, byField, order, labelOf, visibility };
}
