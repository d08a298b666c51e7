import { describe, expect, it, vi } from 'vitest';
import { EMPTY_VIEW } from './list-state';
import { filterControlsProps } from './filter-controls';
import type { ListColumn } from './list-columns';

const columns = [{ field: 'name', headerName: 'Name', kind: 'text' }] as ListColumn<{ name: string }>[];

function controls() {
  const list = {
    view: { ...EMPTY_VIEW, filters: { name__icontains: 'ac' }, search: 'acme' },
    update: vi.fn(),
    setSearchText: vi.fn(),
    clearSearchAndFilters: vi.fn(),
  };
  const onEdit = vi.fn();
  const props = filterControlsProps({ columns, list, labelOf: (c) => c.headerName, editing: null, onEdit });
  return { list, onEdit, props };
}

describe('filter bar and active-filter chips wiring', () => {
  it("shows the view's filters and search, and a filter change from either goes back to the first page", () => {
    const { list, props } = controls();
    expect(props.bar.filters).toEqual({ name__icontains: 'ac' });
    expect(props.chips.search).toBe('acme');
    props.bar.onChange({ name__iexact: 'Acme' });
    props.chips.onFiltersChange({});
    expect(list.update.mock.calls).toEqual([
      [{ filters: { name__iexact: 'Acme' } }, { resetPage: true }],
      [{ filters: {} }, { resetPage: true }],
    ]);
  });

  it("clearing the search from a chip empties the search box and the view's search; clear all clears both", () => {
    const { list, props } = controls();
    props.chips.onClearSearch();
    expect(list.setSearchText).toHaveBeenCalledWith('');
    expect(list.update).toHaveBeenCalledWith({ search: '' }, { resetPage: true });
    props.chips.onClearAll();
    expect(list.clearSearchAndFilters).toHaveBeenCalledOnce();
  });
});
