import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { WITHHELD_LABEL } from '../../humanise';
import type { RelationSource } from './list-columns';
import { listRelationOptions as list, useRelationLabels, type RelationOption } from './relation-labels';

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
