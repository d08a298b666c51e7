import { lazy, Suspense } from 'react';
import { Button } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { enumLabel, type FilterEditTarget } from './filter-edit';
import type { ListColumn } from './list-columns';
import { conditionsOf, editorValue, withCondition, type FilterCondition, type ListFilters } from './list-filters';
import { useRelationLabels } from './relation-labels';

// The editor loads when a filter is first added or edited, not with the list (its selects bring MUI's Select).
// (React.lazy drops the component's type parameter: the cast gives it back.)
const FilterPopover = lazy(() => import('./FilterPopover')) as unknown as typeof import('./FilterPopover').default;

export type { FilterEditTarget };

export interface FilterBarProps<Row> {
  columns: ListColumn<Row>[];
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  /** Header labels as the user renamed them. */
  labelOf: (column: ListColumn<Row>) => string;
  editing: FilterEditTarget | null;
  onEdit: (target: FilterEditTarget | null) => void;
}

/** Read by screen readers, not shown. */
export const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export function ChipValue<Row>({ column, condition }: { column: ListColumn<Row>; condition: FilterCondition }) {
  const ids = column.kind === 'relation' && condition.operator.arity !== 'none' ? (Array.isArray(condition.value) ? condition.value.map(String) : [String(condition.value)]) : [];
  const labels = useRelationLabels(column.relation, ids);
  const { operator, value } = condition;
  if (operator.arity === 'none') return null;
  const shown = editorValue(column.kind!, operator, value);
  const one = (v: unknown) => {
    if (column.kind === 'relation') return labels.data?.get(String(v)) ?? '…';
    if (column.kind === 'enum') return enumLabel(String(v));
    if (column.kind === 'boolean') return v === true || v === 'true' ? 'Yes' : 'No';
    if ((column.kind === 'date' || column.kind === 'datetime') && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
      return new Date(`${v}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
    return String(v);
  };
  if (operator.arity === 'two' && Array.isArray(shown)) return <> {one(shown[0])} and {one(shown[1])}</>;
  if (Array.isArray(shown)) return <> {shown.map(one).join(', ')}</>;
  return <> {one(shown)}</>;
}

/** The Add filter button and the editor that adds or changes a filter (the active ones are ActiveFilterChips). */
export function FilterBar<Row>({ columns, filters, onChange, labelOf, editing, onEdit }: FilterBarProps<Row>) {
  const filterable = columns.filter((column) => column.kind !== undefined);
  const byField = new Map(filterable.map((column) => [column.field, column]));
  const conditions = conditionsOf(filters, (field) => byField.get(field)?.kind);

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<FilterListIcon />} onClick={(event) => onEdit({ anchor: event.currentTarget })} disabled={filterable.length === 0}>
        Add filter
      </Button>
      {editing && (
        <Suspense fallback={null}>
          <FilterPopover
            columns={filterable}
            labelOf={labelOf}
            editing={editing}
            current={conditions.find((c) => c.field === editing.field)}
            onApply={(field, key, value) => {
              onChange(withCondition(filters, field, key, value));
              onEdit(null);
            }}
            onClose={() => onEdit(null)}
          />
        </Suspense>
      )}
    </>
  );
}

