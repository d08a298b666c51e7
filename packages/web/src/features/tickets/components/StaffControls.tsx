import { useState } from 'react';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { TICKET_PRIORITIES, TICKET_STATUS_TRANSITIONS, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.values';
import type { Ticket } from '@ops/contract/helpdesk/helpdesk.schemas';
import { humaniseCode } from '../../../shared/humanise';
import { apiErrorMessageOf } from '../../../shared/api-error-message';
import { ApiError } from '../../../api/http-client';
import { UserPicker } from '../../users/UserPicker';
import type { UserWithEmail } from '../../users/users.queries';
import { useUpdateTicket, type TicketUpdate } from '../tickets.queries';
import { TicketTitleDialog } from './TicketTitleDialog';
import { TicketSiteControls } from './TicketSiteControls';
import { TicketTeamControl } from './TicketTeamControl';

export interface StaffControlsProps {
  ticket: Ticket;
  currentUser: UserWithEmail | undefined;
}

/** The toast that confirms a saved change, naming the new value. */
export function changeConfirmation(
  changes: TicketUpdate['changes'],
  assignee?: UserWithEmail | null,
  team?: { name: string } | null,
): string {
  if (changes.ticket_status) return `Status changed to ${humaniseCode(changes.ticket_status)}.`;
  if (changes.priority) return `Priority changed to ${humaniseCode(changes.priority)}.`;
  if (changes.assignee !== undefined)
    return assignee ? `Assigned to ${assignee.full_name.trim() || assignee.email}.` : 'Ticket unassigned.';
  if (changes.title !== undefined) return 'Title changed.';
  if (changes.team !== undefined) return team ? `Handed to ${team.name}.` : 'Team removed.';
  return 'Ticket updated.';
}

/**
 * Assign, prioritise, rename and move status. Only the transitions the workflow allows
 * from the current status are offered, and only users who may work tickets are offered
 * as assignees. A change shows at once and a toast confirms it; if the API refuses it
 * (someone else moved the ticket on), it is undone and a toast says why.
 */
export function StaffControls({ ticket, currentUser }: StaffControlsProps) {
  const update = useUpdateTicket(ticket.id);
  const { enqueueSnackbar } = useSnackbar();
  const [renaming, setRenaming] = useState(false);
  const next: TicketStatus[] = [ticket.ticket_status, ...TICKET_STATUS_TRANSITIONS[ticket.ticket_status]];

  const change = (input: TicketUpdate) =>
    update.mutateAsync(input).then(
      () => void enqueueSnackbar(changeConfirmation(input.changes, input.preview.assignee, input.preview.team), { variant: 'success' }),
      (failure: unknown) => {
        enqueueSnackbar(
          failure instanceof ApiError && failure.status === 412
            ? 'Someone else changed this ticket just now. It shows their version; make your change again if it still applies.'
            : apiErrorMessageOf(failure),
          { variant: 'error' },
        );
        throw failure;
      },
    );
  const assign = (user: UserWithEmail | null) =>
    void change({ changes: { assignee: user ? user.id : null }, preview: { assignee: user } }).catch(() => undefined);

  return (
    <Stack spacing={2} aria-label="Manage ticket" component="section">
      <FormControl size="small" fullWidth disabled={update.isPending}>
        <InputLabel id="ticket-status-label">Status</InputLabel>
        <Select
          labelId="ticket-status-label"
          label="Status"
          value={ticket.ticket_status}
          onChange={(event) => {
            const status = event.target.value as TicketStatus;
            void change({ changes: { ticket_status: status }, preview: { ticket_status: status } }).catch(() => undefined);
          }}
        >
          {next.map((status) => (
            <MenuItem key={status} value={status}>
              {humaniseCode(status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" fullWidth disabled={update.isPending}>
        <InputLabel id="ticket-priority-label">Priority</InputLabel>
        <Select
          labelId="ticket-priority-label"
          label="Priority"
          value={ticket.priority}
          onChange={(event) => {
            const priority = event.target.value as Ticket['priority'];
            void change({ changes: { priority }, preview: { priority } }).catch(() => undefined);
          }}
        >
          {TICKET_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {humaniseCode(priority)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <UserPicker label="Assignee" people="assignees" value={ticket.assignee} onChange={assign} disabled={update.isPending} />
      <TicketTeamControl
        ticket={ticket}
        disabled={update.isPending}
        onChange={(team) => void change({ changes: { team: team?.id ?? null }, preview: { team } }).catch(() => undefined)}
      />
      <TicketSiteControls ticket={ticket} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {currentUser && ticket.assignee?.id !== currentUser.id && (
          <Button variant="outlined" size="small" onClick={() => assign(currentUser)} disabled={update.isPending}>
            Assign to me
          </Button>
        )}
        <Button
          variant="outlined"
          size="small"
          startIcon={<EditOutlinedIcon />}
          onClick={() => setRenaming(true)}
          disabled={update.isPending}
        >
          Edit title
        </Button>
      </Stack>
      {renaming && (
        <TicketTitleDialog
          title={ticket.title}
          onClose={() => setRenaming(false)}
          onSave={async (title) => {
            await change({ changes: { title }, preview: { title } });
            setRenaming(false);
          }}
        />
      )}
    </Stack>
  );
}
