import { Chip } from '@mui/material';
import { humaniseCode } from '../../shared/humanise';

const STATUS_COLOURS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'secondary'> = {
  OPEN: 'info',
  IN_PROGRESS: 'warning',
  ON_HOLD: 'default',
  REOPENED: 'secondary',
  CLOSED: 'success',
};

export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={humaniseCode(status)} color={STATUS_COLOURS[status] ?? 'default'} variant="outlined" />;
}
