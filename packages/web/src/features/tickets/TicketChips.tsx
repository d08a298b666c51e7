import { Chip } from '@mui/material';
import type { TicketPriority, TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { humaniseCode } from '../../shared/humanise';

const STATUS_COLOURS: Record<TicketStatus, 'default' | 'info' | 'warning' | 'success' | 'secondary'> = {
  OPEN: 'info',
  IN_PROGRESS: 'warning',
  ON_HOLD: 'default',
  REOPENED: 'secondary',
  CLOSED: 'success',
};

const PRIORITY_COLOURS: Record<TicketPriority, 'default' | 'info' | 'warning' | 'error'> = {
  LOW: 'default',
  MEDIUM: 'info',
  HIGH: 'warning',
  URGENT: 'error',
};

export function StatusChip({ status }: { status: TicketStatus }) {
  return <Chip size="small" label={humaniseCode(status)} color={STATUS_COLOURS[status]} variant="outlined" />;
}

export function PriorityChip({ priority }: { priority: TicketPriority }) {
  return (
    <Chip
      size="small"
      label={humaniseCode(priority)}
      color={PRIORITY_COLOURS[priority]}
      variant={priority === 'URGENT' ? 'filled' : 'outlined'}
    />
  );
}
