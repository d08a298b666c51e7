import { useMemo, useState } from 'react';
import { Alert, Box, MenuItem, TextField, Typography, Stack } from '@mui/material';
import type { AutomationEvent } from '@ops/contract/automations/automations.values';
import { ActiveFilterChips, FilterBar, type FilterEditTarget } from '../../shared/ui/list-page/ListPage';
import type { ListFilters } from '../../shared/ui/list-page/list-filters';
import { conditionColumns } from './condition-columns';

export interface ConditionsEditorProps {
  model: string;
  event: AutomationEvent;
  conditions: ListFilters;
  changed: string[];
  onChange: (patch: { conditions?: ListFilters; changed?: string[] }) => void;
  conditionsError?: string;
  changedError?: string;
}

/** A rule's conditions, built with the list engine's filter builder, and its "only when these fields changed". */
export function ConditionsEditor({
  model,
  event,
  conditions,
  changed,
  onChange,
  conditionsError,
  changedError,
}: ConditionsEditorProps) {
  const [editing, setEditing] = useState<FilterEditTarget | null>(null);
  const columns = useMemo(() => conditionColumns(model), [model]);
  return (
    <Stack spacing={1.5}>
      <Box>
        <FilterBar
          columns={columns}
          filters={conditions}
          onChange={(conditions) => onChange({ conditions })}
          labelOf={(column) => column.headerName}
          editing={editing}
          onEdit={setEditing}
        />
      </Box>
      {Object.keys(conditions).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No conditions: every {event === 'schedule' ? 'record' : 'event'} matches.
        </Typography>
      ) : (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          <ActiveFilterChips
            columns={columns}
            filters={conditions}
            search=""
            labelOf={(column) => column.headerName}
            onFiltersChange={(conditions) => onChange({ conditions })}
            onClearSearch={() => undefined}
            onClearAll={() => onChange({ conditions: {} })}
            onEdit={setEditing}
          />
        </Box>
      )}
      {conditionsError && (
        <Alert severity="error" role="alert">
          Conditions: {conditionsError}
        </Alert>
      )}
      {event.endsWith('.updated') && (
        <TextField
          select
          size="small"
          label="Only when these fields changed"
          value={changed}
          onChange={(event) => onChange({ changed: event.target.value as unknown as string[] })}
          error={Boolean(changedError)}
          helperText={changedError ?? 'None chosen: any change.'}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (value) =>
                (value as string[]).map((field) => columns.find((c) => c.field === field)?.headerName ?? field).join(', '),
            },
          }}
          sx={{ maxWidth: 480 }}
        >
          {columns.map((column) => (
            <MenuItem key={column.field} value={column.field}>
              {column.headerName}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
