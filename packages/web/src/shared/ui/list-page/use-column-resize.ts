import { useState, type PointerEvent as ReactPointerEvent } from 'react';
import { fitColumnWidths } from './column-widths';
import { MIN_RESIZE_WIDTH, type GridColumn } from './grid-model';
import type { ListViewState } from './list-state';
import type { ListViewControls } from './use-list-view';

/**
 * Column widths dragged by a header's right edge: the width follows the pointer while it is down
 * and is saved to the view's `column_widths` on release (debounced with other view changes). The
 * others fill the grid's `available` width around it.
 */
export function useColumnResize<Row>(view: ListViewState, update: ListViewControls['update'], shown: GridColumn<Row>[], available: number) {
  const [dragWidths, setDragWidths] = useState<Record<string, number>>({});
  // The shown columns fill the grid's width (column-widths.ts); a dragged or saved width stays put.
  const fitted = fitColumnWidths(
    shown.map((column) => ({
      field: column.field,
      width: dragWidths[column.field] ?? column.width,
      min: column.minWidth ?? column.width,
      fixed: column.fixed === true || dragWidths[column.field] !== undefined,
    })),
    available,
  );
  const widthOf = (column: GridColumn<Row>) => fitted.get(column.field) ?? dragWidths[column.field] ?? column.width;

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

  return { widthOf, startResize };
}
