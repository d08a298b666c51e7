import { Chip } from '@mui/material';
import { humaniseCode } from '../../shared/humanise';
import type { Run } from './automations.queries';

const COLOURS = { SUCCEEDED: 'success', FAILED: 'error', SKIPPED: 'default' } as const;

export function OutcomeChip({ outcome }: { outcome: Run['outcome'] }) {
  return <Chip size="small" variant="outlined" color={COLOURS[outcome]} label={humaniseCode(outcome)} />;
}
