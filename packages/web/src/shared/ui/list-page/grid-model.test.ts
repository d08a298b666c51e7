import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  clampCell,
  EMPTY_SELECTION,
  isSelected,
  moveCell,
  nextSort,
  shownState,
  sortingOf,
  sortOf,
  toggleRow,
  toggleShown,
} from './grid-model';

const bounds = { rows: 3, cols: 4, pageRows: 2 };

describe('moveCell (the grid keyboard)', () => {
  it('steps with the arrows and stops at the edges; Up from the first row reaches the header row', () => {
    expect(moveCell({ row: -1, col: 0 }, 'ArrowDown', false, bounds)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 1 }, 'ArrowUp', false, bounds)).toEqual({ row: -1, col: 1 });
    expect(moveCell({ row: -1, col: 1 }, 'ArrowUp', false, bounds)).toEqual({ row: -1, col: 1 });
    expect(moveCell({ row: 2, col: 1 }, 'ArrowDown', false, bounds)).toEqual({ row: 2, col: 1 });
    expect(moveCell({ row: 1, col: 3 }, 'ArrowRight', false, bounds)).toEqual({ row: 1, col: 3 });
    expect(moveCell({ row: 1, col: 0 }, 'ArrowLeft', false, bounds)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 1, col: 1 }, 'ArrowRight', false, bounds)).toEqual({ row: 1, col: 2 });
  });

  it('goes to the row ends with Home and End, and to the corners with Ctrl', () => {
    expect(moveCell({ row: 1, col: 2 }, 'Home', false, bounds)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 1, col: 2 }, 'End', false, bounds)).toEqual({ row: 1, col: 3 });
    expect(moveCell({ row: 1, col: 2 }, 'Home', true, bounds)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'End', true, bounds)).toEqual({ row: 2, col: 3 });
  });

  it('moves a screenful with Page Up and Page Down, within the rows', () => {
    expect(moveCell({ row: -1, col: 1 }, 'PageDown', false, bounds)).toEqual({ row: 2, col: 1 });
    expect(moveCell({ row: 2, col: 1 }, 'PageUp', false, bounds)).toEqual({ row: 0, col: 1 });
    expect(moveCell({ row: 1, col: 1 }, 'PageDown', false, { ...bounds, pageRows: 10 })).toEqual({ row: 2, col: 1 });
  });

  it('stays in the header row of an empty list, and ignores other keys', () => {
    const empty = { rows: 0, cols: 2, pageRows: 5 };
    expect(moveCell({ row: -1, col: 0 }, 'ArrowDown', false, empty)).toEqual({ row: -1, col: 0 });
    expect(moveCell({ row: -1, col: 0 }, 'End', true, empty)).toEqual({ row: -1, col: 1 });
    expect(moveCell({ row: 0, col: 0 }, 'a', false, bounds)).toBeNull();
    expect(moveCell({ row: 0, col: 0 }, 'Enter', false, bounds)).toBeNull();
  });

  it('keeps the focused cell inside a grid that lost rows or columns', () => {
    expect(clampCell({ row: 20, col: 5 }, 3, 2)).toEqual({ row: 2, col: 1 });
    expect(clampCell({ row: 1, col: 1 }, 0, 2)).toEqual({ row: -1, col: 1 });
  });
});

describe('sorting from the header', () => {
  it('cycles a column ascending, descending, unsorted; another column starts ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ field: 'name', sort: 'asc' });
    expect(nextSort({ field: 'name', sort: 'asc' }, 'name')).toEqual({ field: 'name', sort: 'desc' });
    expect(nextSort({ field: 'name', sort: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ field: 'name', sort: 'desc' }, 'city')).toEqual({ field: 'city', sort: 'asc' });
  });

  it("reads and writes the view's ordering and says it in aria-sort", () => {
    expect(sortOf(['-name', 'city'])).toEqual({ field: 'name', sort: 'desc' });
    expect(sortOf([])).toBeNull();
    expect(sortingOf({ field: 'name', sort: 'desc' })).toEqual(['-name']);
    expect(sortingOf({ field: 'name', sort: 'asc' })).toEqual(['name']);
    expect(sortingOf(null)).toEqual([]);
    expect(ariaSortOf({ field: 'name', sort: 'desc' }, 'name')).toBe('descending');
    expect(ariaSortOf({ field: 'name', sort: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSortOf({ field: 'name', sort: 'asc' }, 'city')).toBe('none');
  });
});

describe('row selection', () => {
  it('keeps rows ticked on another page when the shown ones are ticked or unticked', () => {
    const other = toggleRow(EMPTY_SELECTION, 'p1-a', true);
    const all = toggleShown(other, ['p2-a', 'p2-b'], true);
    expect([...all.ids].sort()).toEqual(['p1-a', 'p2-a', 'p2-b']);
    expect(shownState(all, ['p2-a', 'p2-b'])).toBe('all');
    const none = toggleShown(all, ['p2-a', 'p2-b'], false);
    expect([...none.ids]).toEqual(['p1-a']);
    expect(shownState(none, ['p2-a', 'p2-b'])).toBe('none');
    expect(shownState(toggleRow(none, 'p2-b', true), ['p2-a', 'p2-b'])).toBe('some');
  });

  it('reads an exclude model as every row shown but the listed ones', () => {
    const model = { type: 'exclude' as const, ids: new Set(['b']) };
    expect(isSelected(model, 'a')).toBe(true);
    expect(isSelected(model, 'b')).toBe(false);
    expect(isSelected(toggleRow(model, 'a', false), 'a')).toBe(false);
    expect(isSelected(undefined, 'a')).toBe(false);
  });
});
