import { useQuery } from '@tanstack/react-query';
import { callList } from './list-source';
import type { RelationSource } from './list-columns';

// Apart from RelationPicker.tsx: a list's filter chips name their records without loading the picker (MUI's Autocomplete).

export interface RelationOption {
  id: string;
  label: string;
}

export const listRelationOptions = async (
  source: RelationSource,
  query: Record<string, string>,
  signal: AbortSignal,
): Promise<RelationOption[]> => {
  const page = await callList<Record<string, unknown>>(source.endpoint, source.params, query, signal);
  return page.results.map((item) => ({ id: String(item.id), label: source.label(item) }));
};

/** Names of the given records, for chips and restored selections. */
export function useRelationLabels(source: RelationSource | undefined, ids: string[]) {
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: ['relation-labels', source?.endpoint.path, source?.params ?? {}, sorted],
    queryFn: ({ signal }) =>
      listRelationOptions(
        source!,
        { filters: JSON.stringify({ id__in: sorted }), limit: String(Math.max(sorted.length, 1)) },
        signal,
      ),
    enabled: source !== undefined && sorted.length > 0,
    staleTime: 5 * 60_000,
    select: (options) => new Map(options.map((option) => [option.id, option.label])),
  });
}
