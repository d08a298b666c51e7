import { lazy, Suspense, useState } from 'react';
import { Box, Button, Checkbox, ListItemText, MenuItem, Popover, Stack, TextField } from '@mui/material';
import type { ListColumn } from './list-columns';
import {
  editorValue,
  engineValue,
  FILTER_OPERATORS,
  filterKey,
  isCompleteValue,
  type FilterCondition,
  type FilterKind,
  type FilterOperator,
} from './list-filters';
import { enumLabel, type FilterEditTarget } from './filter-edit';

// The record picker (MUI's Autocomplete) loads when a relation filter is first edited, not with the list.
const RelationPicker = lazy(async () => ({ default: (await import('./RelationPicker')).RelationPicker }));

/**
 * The "Add filter" popover (FilterBar loads it on first use: its selects bring MUI's Select, Menu
 * and MenuItem, which a list does not need to show its rows).
 */
export default function FilterPopover<Row>({
  columns,
  labelOf,
  editing,
  current,
  onApply,
  onClose,
}: {
  columns: ListColumn<Row>[];
  labelOf: (column: ListColumn<Row>) => string;
  editing: FilterEditTarget;
  current?: FilterCondition;
  onApply: (field: string, key: string, value: unknown) => void;
  onClose: () => void;
}) {
  return (
    <Popover
      open
      anchorEl={editing.anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2, width: 360, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      <FilterEditor columns={columns} labelOf={labelOf} initialField={editing.field} current={current} onApply={onApply} onCancel={onClose} />
    </Popover>
  );
}

interface FilterEditorProps<Row> {
  columns: ListColumn<Row>[];
  labelOf: (column: ListColumn<Row>) => string;
  initialField?: string;
  current?: FilterCondition;
  onApply: (field: string, key: string, value: unknown) => void;
  onCancel: () => void;
}

function FilterEditor<Row>({ columns, labelOf, initialField, current, onApply, onCancel }: FilterEditorProps<Row>) {
  const [field, setField] = useState(initialField ?? columns[0]?.field ?? '');
  const column = columns.find((c) => c.field === field) ?? columns[0]!;
  const kind = column.kind as FilterKind;
  const operators = FILTER_OPERATORS[kind];
  const [operatorId, setOperatorId] = useState(current?.operator.id ?? operators[0]!.id);
  const operator: FilterOperator = operators.find((op) => op.id === operatorId) ?? operators[0]!;
  const [value, setValue] = useState<unknown>(current ? editorValue(kind, current.operator, current.value) : undefined);

  const changeField = (next: string) => {
    setField(next);
    const nextKind = columns.find((c) => c.field === next)?.kind as FilterKind;
    setOperatorId(FILTER_OPERATORS[nextKind][0]!.id);
    setValue(undefined);
  };
  const changeOperator = (next: string) => {
    const nextOp = operators.find((op) => op.id === next)!;
    if (nextOp.arity !== operator.arity) setValue(nextOp.arity === 'many' && value !== undefined && !Array.isArray(value) ? [value] : undefined);
    setOperatorId(next);
  };
  const complete = isCompleteValue(operator, value);
  const apply = () => complete && onApply(column.field, filterKey(column.field, operator), engineValue(kind, operator, value));

  return (
    <Box component="form" onSubmit={(event) => { event.preventDefault(); apply(); }} aria-label="Filter">
      <Stack spacing={2}>
        <TextField select size="small" label="Column" value={column.field} onChange={(event) => changeField(event.target.value)}>
          {columns.map((c) => (
            <MenuItem key={c.field} value={c.field}>
              {labelOf(c)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Condition" value={operator.id} onChange={(event) => changeOperator(event.target.value)}>
          {operators.map((op) => (
            <MenuItem key={op.id} value={op.id}>
              {op.label}
            </MenuItem>
          ))}
        </TextField>
        <FilterValueInput column={column} operator={operator} value={value} onChange={setValue} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!complete}>
            Apply
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

interface FilterValueInputProps<Row> {
  column: ListColumn<Row>;
  operator: FilterOperator;
  value: unknown;
  onChange: (value: unknown) => void;
}

function FilterValueInput<Row>({ column, operator, value, onChange }: FilterValueInputProps<Row>) {
  const kind = column.kind as FilterKind;
  if (operator.arity === 'none') return null;
  if (kind === 'relation' && column.relation) {
    return (
      <Suspense fallback={<TextField size="small" label="Value" disabled />}>
        <RelationPicker
          source={column.relation}
          label="Value"
          multiple={operator.arity === 'many'}
          value={(value as string | string[] | undefined) ?? (operator.arity === 'many' ? [] : null)}
          onChange={(next) => onChange(Array.isArray(next) && next.length === 0 ? undefined : (next ?? undefined))}
        />
      </Suspense>
    );
  }
  if (kind === 'enum') {
    const values = column.enumValues ?? [];
    if (operator.arity === 'many') {
      const selected = Array.isArray(value) ? (value as string[]) : [];
      return (
        <TextField
          select
          size="small"
          label="Values"
          value={selected}
          onChange={(event) => onChange(event.target.value as unknown as string[])}
          slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(enumLabel).join(', ') } }}
        >
          {values.map((v) => (
            <MenuItem key={v} value={v}>
              <Checkbox size="small" checked={selected.includes(v)} />
              <ListItemText primary={enumLabel(v)} />
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField select size="small" label="Value" value={(value as string | undefined) ?? ''} onChange={(event) => onChange(event.target.value)}>
        {values.map((v) => (
          <MenuItem key={v} value={v}>
            {enumLabel(v)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (kind === 'boolean') {
    return (
      <TextField select size="small" label="Value" value={value === undefined ? '' : String(value)} onChange={(event) => onChange(event.target.value === 'true')}>
        <MenuItem value="true">Yes</MenuItem>
        <MenuItem value="false">No</MenuItem>
      </TextField>
    );
  }
  const type = kind === 'date' || kind === 'datetime' ? 'date' : kind === 'number' || kind === 'decimal' ? 'number' : 'text';
  const input = (label: string, current: unknown, set: (v: string) => void) => (
    <TextField
      size="small"
      type={type}
      label={label}
      value={current === undefined || current === null ? '' : String(current)}
      onChange={(event) => set(event.target.value)}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      autoFocus={label !== 'To'}
    />
  );
  if (operator.arity === 'two') {
    const pair = Array.isArray(value) ? (value as unknown[]) : [undefined, undefined];
    return (
      <Stack direction="row" spacing={1}>
        {input('From', pair[0], (v) => onChange([v, pair[1]]))}
        {input('To', pair[1], (v) => onChange([pair[0], v]))}
      </Stack>
    );
  }
  return input('Value', value, (v) => onChange(v));
}
