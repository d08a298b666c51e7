import { useState } from 'react';
import type { FilterEditTarget } from './FilterBar';
import type { ColumnVisibility } from './grid-model';
import type { ColumnMenuActions } from './ListColumnMenu';
import type { ListColumn } from './list-columns';
import { moveField } from './list-state';
import type { ListViewControls } from './use-list-view';

export interface ColumnMenuOptions<Row> {
  columns: ListColumn<Row>[];
  byField: Map<string, ListColumn<Row>>;
  /** Every field in the view's column order. */
  order: string[];
  visibility: ColumnVisibility;
  update: ListViewControls['update'];
}

/**
 * What a column header's menu does (rename, filter, move) and the state it opens:
 * the filter being edited and the column being renamed.
 */
export function useColumnMenu<Row>({ columns, byField, order, visibility, update }: ColumnMenuOptions<Row>) {
  const [filterTarget, setFilterTarget] = useState<FilterEditTarget | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  const visibleOrder = order.filter((field) => visibility[field] !== false);
  const canFilter = (field: string) =>
    byField.get(field)?.kind !== undefined &&
    (byField.get(field)?.kind !== 'relation' || byField.get(field)?.relation !== undefined);
  const filterColumns = columns.filter((c) => canFilter(c.field));
  const menuActions: ColumnMenuActions = {
    rename: setRenaming,
    filter: (field) => {
      const anchor =
        document.querySelector<HTMLElement>(`[role="columnheader"][data-field="${CSS.escape(field)}"]`) ?? document.body;
      setFilterTarget({ anchor, field });
    },
    canFilter,
    move: (field, by) => {
      // Moving past hidden columns would look like nothing happened: step over them.
      const visibleMoved = moveField(visibleOrder, field, by);
      const hidden = order.filter((f) => visibility[f] === false);
      update({ column_order: [...visibleMoved, ...hidden] });
    },
    canMove: (field, by) => {
      const at = visibleOrder.indexOf(field);
      return at >= 0 && at + by >= 0 && at + by < visibleOrder.length;
    },
  };
  const renamingColumn = renaming ? byField.get(renaming) : undefined;

  return { filterTarget, setFilterTarget, setRenaming, renamingColumn, visibleOrder, filterColumns, menuActions };
}
