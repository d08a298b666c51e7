import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery, type ListSource } from './list-source';

/**
 * A page of a list. While the next page loads the grid keeps the rows and the count it has:
 * a count of 0 (nothing loaded yet) would make the grid clamp the page to the first one and
 * report that change, which snapped paging and `?page=2` links back to page 1. Before the first
 * answer the count is unknown (-1), so the page asked for stands.
 */
export function useListData<Row>(source: ListSource, query: Record<string, string>) {
  const list = useQuery(listPageQuery<Row>(source, query));
  const lastCount = useRef(-1);
  if (list.data) lastCount.current = list.data.count;
  return {
    list,
    rows: list.data?.results ?? [],
    rowCount: list.data?.count ?? lastCount.current,
    /** Whether the count is known (the first answer arrived). */
    counted: list.data !== undefined || lastCount.current >= 0,
  };
}
