import type { ActiveFilterChipsProps } from './ActiveFilterChips';
import type { FilterBarProps, FilterEditTarget } from './FilterBar';
import type { ListColumn } from './list-columns';
import type { ListViewControls } from './use-list-view';

export interface FilterControlsOptions<Row> {
  /** The columns a filter may be set on. */
  columns: ListColumn<Row>[];
  list: Pick<ListViewControls, 'view' | 'update' | 'setSearchText' | 'clearSearchAndFilters'>;
  labelOf: (column: ListColumn<Row>) => string;
  /** The filter being edited (the editor's anchor), or null. */
  editing: FilterEditTarget | null;
  onEdit: (target: FilterEditTarget | null) => void;
}

/**
 * The props of a list's filter bar and of its active-filter chips, both wired to the list's view:
 * a filter change goes back to the first page, clearing the search empties the search box too.
 */
export function filterControlsProps<Row>({ columns, list, labelOf, editing, onEdit }: FilterControlsOptions<Row>): {
  bar: FilterBarProps<Row>;
  chips: ActiveFilterChipsProps<Row>;
} {
  const { view, update, setSearchText, clearSearchAndFilters } = list;
  const onFiltersChange = (filters: FilterBarProps<Row>['filters']) => update({ filters }, { resetPage: true });
  return {
    bar: { columns, filters: view.filters, onChange: onFiltersChange, labelOf, editing, onEdit },
    chips: {
      columns,
      filters: view.filters,
      search: view.search,
      labelOf,
      onFiltersChange,
      onClearSearch: () => {
        setSearchText('');
        update({ search: '' }, { resetPage: true });
      },
      onClearAll: clearSearchAndFilters,
      onEdit,
    },
  };
}
