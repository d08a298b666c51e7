import { Chip } from '@mui/material';
import { humaniseCode } from '../../shared/humanise';
import type { Run } from './automations.queries';

const COLOURS = { SUCCEEDED: 'success', FAILED: 'error', SKIPPED: 'default' } as const;

export function OutcomeChip({ outcome }: { outcome: Run['outcome'] }) {
  return <Chip size="small" variant="outlined" color={COLOURS[outcome]} label={humaniseCode(outcome)} sx={{ '& .MuiChip-label': { whiteSpace: 'nowrap' } }} />;
}

/** Read by screen readers, not shown (and taking no room: it must not widen the page). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
