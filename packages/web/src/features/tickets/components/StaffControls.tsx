import { useSnackbar } from 'notistack';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { TICKET_PRIORITIES, TICKET_STATUS_TRANSITIONS, type Ticket, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { humaniseCode } from '../../../shared/humanise';
import { apiErrorMessageOf } from '../../../shared/api-error-message';
import { UserPicker } from '../../users/UserPicker';
import type { UserWithEmail } from '../../users/users.queries';
import { useUpdateTicket, type TicketUpdate } from '../tickets.queries';

export interface StaffControlsProps {
  ticket: Ticket;
  currentUser: UserWithEmail | undefined;
  canPickUsers: boolean;
}

/**
 * Assign, prioritise and move status. Only the transitions the workflow allows
 * from the current status are offered. A change shows at once; if the API
 * refuses it (someone else moved the ticket on), it is undone and a toast says why.
 */
export function StaffControls({ ticket, currentUser, canPickUsers }: StaffControlsProps) {
  const update = useUpdateTicket(ticket.id);
  const { enqueueSnackbar } = useSnackbar();
  const next: TicketStatus[] = [ticket.ticket_status, ...TICKET_STATUS_TRANSITIONS[ticket.ticket_status]];

  const change = (input: TicketUpdate) => update.mutate(input, { onError: (failure) => enqueueSnackbar(apiErrorMessageOf(failure), { variant: 'error' }) });
  const assign = (user: UserWithEmail | null) => change({ changes: { assignee: user ? user.id : null }, preview: { assignee: user } });

  return (
    <Stack spacing={2} aria-label="Manage ticket" component="section">
      <FormControl size="small" fullWidth disabled={update.isPending}>
        <InputLabel id="ticket-status-label">Status</InputLabel>
        <Select labelId="ticket-status-label" label="Status" value={ticket.ticket_status} onChange={(event) => {
            const status = event.target.value as TicketStatus;
            change({ changes: { ticket_status: status }, preview: { ticket_status: status } });
          }}>
          {next.map((status) => (
            <MenuItem key={status} value={status}>
              {humaniseCode(status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" fullWidth disabled={update.isPending}>
        <InputLabel id="ticket-priority-label">Priority</InputLabel>
        <Select labelId="ticket-priority-label" label="Priority" value={ticket.priority} onChange={(event) => {
            const priority = event.target.value as Ticket['priority'];
            change({ changes: { priority }, preview: { priority } });
          }}>
          {TICKET_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {humaniseCode(priority)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {canPickUsers && <UserPicker label="Assignee" value={ticket.assignee} onChange={assign} disabled={update.isPending} />}
      {currentUser && ticket.assignee?.id !== currentUser.id && (
        <Button variant="outlined" size="small" onClick={() => assign(currentUser)} disabled={update.isPending}>
          Assign to me
        </Button>
      )}
    </Stack>
  );
}
