import { useState } from 'react';
import { EMPTY_SELECTION, type RowSelection } from './grid-model';
import { selectedIdsOf, type BulkContext } from './SelectionBar';

export interface ListSelectionOptions<Row> {
  /** The list has a bulk action and the grid a checkbox column (not on phones). */
  enabled: boolean;
  rows: Row[];
  rowIdOf: (row: Row) => string;
  /** The query of the page shown: another filter or search drops the selection. */
  query: Record<string, string>;
  /** The same query for the first page, as a bulk action sends it. */
  firstPageQuery: Record<string, string>;
  /** How many records the query matches. */
  count: number;
}

/**
 * The rows ticked in a list, or "all N matching": what a bulk action works on,
 * and the grid's selection model. A selection is dropped when the filters or
 * search change, since they select another set of records.
 */
export function useListSelection<Row>({ enabled, rows, rowIdOf, query, firstPageQuery, count }: ListSelectionOptions<Row>) {
  const [selection, setSelection] = useState<RowSelection>(EMPTY_SELECTION);
  const [allMatching, setAllMatching] = useState(false);
  const selectedIds = enabled ? selectedIdsOf(selection, rows.map(rowIdOf)) : [];
  const clear = () => {
    setSelection(EMPTY_SELECTION);
    setAllMatching(false);
  };
  // Another filter or search is another set of records: a selection made in the old one is dropped.
  const matchKey = `${query.filters ?? ''}\n${query.search ?? ''}`;
  const [selectionMatchKey, setSelectionMatchKey] = useState(matchKey);
  if (selectionMatchKey !== matchKey) {
    setSelectionMatchKey(matchKey);
    clear();
  }
  const bulkContext: BulkContext = {
    ids: allMatching ? null : selectedIds,
    count: allMatching || selectedIds.length === 0 ? count : selectedIds.length,
    query: firstPageQuery,
    clear,
  };
  const gridModel: RowSelection | undefined = enabled
    ? allMatching
      ? { type: 'include', ids: new Set(rows.map(rowIdOf)) }
      : selection
    : undefined;
  const onGridModelChange = enabled
    ? (model: RowSelection) => {
        setSelection(model);
        setAllMatching(false);
      }
    : undefined;
  return {
    selectedIds,
    allMatching,
    selectAllMatching: () => setAllMatching(true),
    clear,
    bulkContext,
    gridModel,
    onGridModelChange,
  };
}
