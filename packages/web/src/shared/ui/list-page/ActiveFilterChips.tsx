import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { ChipValue, visuallyHidden, type FilterEditTarget } from './FilterBar';
import type { ListColumn } from './list-columns';
import { humaniseField } from '../../humanise';
import { conditionsOf, lookupWord, otherFilters, withoutKey, type ListFilters } from './list-filters';

export interface ActiveFilterChipsProps<Row> {
  /** The filterable columns. */
  columns: ListColumn<Row>[];
  filters: ListFilters;
  search: string;
  labelOf: (column: ListColumn<Row>) => string;
  onFiltersChange: (filters: ListFilters) => void;
  onClearSearch: () => void;
  onClearAll: () => void;
  onEdit: (target: FilterEditTarget) => void;
}

/**
 * Every search and filter the list applies, whether typed now or restored from the saved view or
 * a link, as chips (a chip opens its filter, its cross removes it) with Clear all; a filter no
 * column reads gets a plain chip, so nothing filters the list unseen. Nothing shows when the list
 * is unfiltered.
 */
export function ActiveFilterChips<Row>({ columns, filters, search, labelOf, onFiltersChange, onClearSearch, onClearAll, onEdit }: ActiveFilterChipsProps<Row>) {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const conditions = conditionsOf(filters, (field) => byField.get(field)?.kind).filter((condition) => byField.has(condition.field));
  const others = otherFilters(filters, conditions);
  const searched = search.trim();
  if (!searched && conditions.length === 0 && others.length === 0) return null;
  return (
    <Stack
      direction="row"
      component="section"
      aria-label="Active filters"
      sx={{ px: 1.5, py: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
    >
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
        Filtered by
      </Typography>
      {searched && (
        <Chip
          size="small"
          variant="outlined"
          label={
            <>
              <b>Search</b> “{searched}”
            </>
          }
          sx={{ maxWidth: '100%', bgcolor: 'background.paper' }}
          onDelete={onClearSearch}
        />
      )}
      {conditions.map((condition) => {
        const column = byField.get(condition.field)!;
        return (
          <Chip
            key={condition.key}
            size="small"
            variant="outlined"
            label={
              <>
                {/* The accessible name is the chip's own text (with its value), not a shorter label. */}
                <Box component="span" sx={visuallyHidden}>
                  Filter{' '}
                </Box>
                <b>{labelOf(column)}</b> {condition.operator.label}
                <ChipValue column={column} condition={condition} />
              </>
            }
            sx={{ maxWidth: '100%', bgcolor: 'background.paper' }}
            onClick={(event) => onEdit({ anchor: event.currentTarget, field: condition.field })}
            onDelete={() => onFiltersChange(withoutKey(filters, condition.key))}
          />
        );
      })}
      {others.map((other) => (
        <Chip
          key={other.key}
          size="small"
          variant="outlined"
          label={
            <>
              <Box component="span" sx={visuallyHidden}>
                Filter{' '}
              </Box>
              <b>{humaniseField(other.field)}</b> {lookupWord(other.lookup)} {Array.isArray(other.value) ? other.value.map(String).join(', ') : String(other.value)}
            </>
          }
          sx={{ maxWidth: '100%', bgcolor: 'background.paper' }}
          onDelete={() => onFiltersChange(withoutKey(filters, other.key))}
        />
      ))}
      <Button size="small" onClick={onClearAll}>
        Clear all
      </Button>
    </Stack>
  );
}
