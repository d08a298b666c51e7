import { Box, Button, Typography } from '@mui/material';
import type { RowSelection } from './grid-model';

/** What a bulk action works on: the ids ticked, or (ids null) everything the list's query matches. */
export interface BulkContext {
  /** The rows ticked; null when "all N matching" is chosen; empty when nothing is ticked (the action then works on all matching). */
  ids: string[] | null;
  /** How many records the action would change. */
  count: number;
  /** The list's query as it is sent (filters, search, ordering; first page). */
  query: Record<string, string>;
  /** Clears the selection (after a bulk action). */
  clear: () => void;
}

/** The ids a selection model stands for; an exclude model (the header checkbox) stands for the rows shown minus the excluded ones. */
export function selectedIdsOf(model: RowSelection, shown: readonly string[]): string[] {
  if (model.type === 'include') return [...model.ids];
  return shown.filter((id) => !model.ids.has(id));
}

export interface SelectionBarProps {
  selected: number;
  matching: number;
  allMatching: boolean;
  onAllMatching: () => void;
  onClear: () => void;
}

/** "3 selected · Select all 42 matching" above the grid while rows are ticked. */
export function SelectionBar({ selected, matching, allMatching, onAllMatching, onClear }: SelectionBarProps) {
  return (
    <Box
      role="status"
      sx={{ px: 2, py: 0.75, bgcolor: 'action.selected', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <Typography variant="body2">
        {allMatching
          ? `All ${matching.toLocaleString('en-AU')} matching selected.`
          : `${selected.toLocaleString('en-AU')} selected.`}
      </Typography>
      {!allMatching && matching > selected && (
        <Button size="small" onClick={onAllMatching}>
          Select all {matching.toLocaleString('en-AU')} matching
        </Button>
      )}
      <Button size="small" onClick={onClear}>
        Clear selection
      </Button>
    </Box>
  );
}
