import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { callList } from './list-source';
import type { RelationSource } from './list-columns';
import { WITHHELD_LABEL } from '../../humanise';

export interface RelationOption {
  id: string;
  label: string;
}

const list = async (source: RelationSource, query: Record<string, string>, signal: AbortSignal): Promise<RelationOption[]> => {
  const page = await callList<Record<string, unknown>>(source.endpoint, source.params, query, signal);
  return page.results.map((item) => ({ id: String(item.id), label: source.label(item) }));
};

/** Names of the given records, for chips and restored selections. */
export function useRelationLabels(source: RelationSource | undefined, ids: string[]) {
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: ['relation-labels', source?.endpoint.path, source?.params ?? {}, sorted],
    queryFn: ({ signal }) => list(source!, { filters: JSON.stringify({ id__in: sorted }), limit: String(Math.max(sorted.length, 1)) }, signal),
    enabled: source !== undefined && sorted.length > 0,
    staleTime: 5 * 60_000,
    select: (options) => new Map(options.map((option) => [option.id, option.label])),
  });
}

export interface RelationPickerProps {
  /** Where the records come from; undefined while it depends on a value not chosen yet (then pass `disabled`). */
  source: RelationSource | undefined;
  label: string;
  multiple?: boolean;
  /** Selected id(s). */
  value: string | string[] | null;
  onChange: (value: string | string[] | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** Ids not offered (a record cannot be its own parent). */
  exclude?: string[];
}

/** Picks one or more records of a list endpoint, searching the API as the user types. */
export function RelationPicker({ source, label, multiple = false, value, onChange, error, required, disabled, size = 'small', exclude = [] }: RelationPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const ids = value === null ? [] : Array.isArray(value) ? value : [value];
  const labels = useRelationLabels(source, ids);
  const options = useQuery({
    queryKey: ['relation-options', source?.endpoint.path, source?.params ?? {}, text],
    queryFn: ({ signal }) => list(source!, { search: text, limit: '20' }, signal),
    enabled: open && source !== undefined,
    staleTime: 30_000,
  });
  // A stored reference the list does not answer is outside the user's allocation: kept, not named.
  const selected: RelationOption[] = ids.map((id) => ({ id, label: labels.data?.get(id) ?? (labels.isSuccess ? WITHHELD_LABEL : '…') }));
  const offered = (options.data ?? []).filter((option) => !exclude.includes(option.id));

  return (
    <Autocomplete<RelationOption, boolean, false, false>
      multiple={multiple}
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      options={offered}
      value={multiple ? selected : (selected[0] ?? null)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.label}
      loading={options.isFetching}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setText(next);
        if (reason === 'clear' || reason === 'reset') setText('');
      }}
      onChange={(_, next) => {
        if (Array.isArray(next)) onChange(next.map((option) => option.id));
        else onChange(next ? next.id : null);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.isFetching ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
