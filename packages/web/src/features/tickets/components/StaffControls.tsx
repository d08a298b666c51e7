import { useState } from 'react';
import { Alert, Button, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { TICKET_PRIORITIES, TICKET_STATUS_TRANSITIONS, type Ticket, type TicketChanges, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { humaniseCode } from '../../../shared/humanise';
import { apiErrorMessageOf } from '../../../shared/api-error-message';
import { UserPicker } from '../../users/UserPicker';
import { useUpdateTicket } from '../tickets.queries';

export interface StaffControlsProps {
  ticket: Ticket;
  currentUser: { id: string; full_name: string; email: string } | undefined;
  canPickUsers: boolean;
}

/** Assign, prioritise and move status. Only the transitions the workflow allows from the current status are offered. */
export function StaffControls({ ticket, currentUser, canPickUsers }: StaffControlsProps) {
  const update = useUpdateTicket(ticket.id);
  const [error, setError] = useState<string | null>(null);
  const next: TicketStatus[] = [ticket.ticket_status, ...TICKET_STATUS_TRANSITIONS[ticket.ticket_status]];

  const change = async (changes: TicketChanges) => {
    setError(null);
    try {
      await update.mutateAsync(changes);
    } catch (failure) {
      setError(apiErrorMessageOf(failure));
    }
  };

  return (
    <Stack spacing={2} aria-label="Manage ticket" component="section">
      <FormControl size="small" fullWidth disabled={update.isPending}>
        <InputLabel id="ticket-status-label">Status</InputLabel>
        <Select labelId="ticket-status-label" label="Status" value={ticket.ticket_status} onChange={(event) => void change({ ticket_status: event.target.value as TicketStatus })}>
          {next.map((status) => (
            <MenuItem key={status} value={status}>
              {humaniseCode(status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" fullWidth disabled={update.isPending}>
        <InputLabel id="ticket-priority-label">Priority</InputLabel>
        <Select labelId="ticket-priority-label" label="Priority" value={ticket.priority} onChange={(event) => void change({ priority: event.target.value as Ticket['priority'] })}>
          {TICKET_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {humaniseCode(priority)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {canPickUsers && <UserPicker label="Assignee" value={ticket.assignee} onChange={(user) => void change({ assignee: user ? user.id : null })} disabled={update.isPending} />}
      {currentUser && ticket.assignee?.id !== currentUser.id && (
        <Button variant="outlined" size="small" onClick={() => void change({ assignee: currentUser.id })} disabled={update.isPending}>
          Assign to me
        </Button>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
