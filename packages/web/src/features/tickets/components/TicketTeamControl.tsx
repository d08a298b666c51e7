import { useQuery } from '@tanstack/react-query';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import type { Paginated } from '@ops/contract/common/pagination';
import { teamEndpoints } from '../../../api/endpoint-routes';
import type { Ticket } from '@ops/contract/helpdesk/helpdesk.schemas';
import { call } from '../../records/records.queries';
import { useCan } from '../../../shared/session/session';

const NO_TEAM = '';

export interface TicketTeamControlProps {
  ticket: Ticket;
  disabled: boolean;
  onChange: (team: { id: string; name: string } | null) => void;
}

/**
 * Hands the ticket to another help-desk team (routing picks one when the ticket is created).
 * Shown to staff who may read the teams; the history records the move.
 */
export function TicketTeamControl({ ticket, disabled, onChange }: TicketTeamControlProps) {
  const can = useCan();
  const teams = useQuery({
    enabled: can('team'),
    queryKey: ['helpdesk-admin', 'team-names'],
    queryFn: ({ signal }) =>
      call<Paginated<{ id: string; name: string }>>(teamEndpoints.list, { query: { limit: '1000', select: 'id,name' }, signal }),
    staleTime: 30_000,
    retry: false,
  });
  if (!teams.data) return null;
  const options = teams.data.results;
  // The current team stays choosable even when it is not among the teams read.
  const current = ticket.team && !options.some((team) => team.id === ticket.team!.id) ? [ticket.team] : [];
  return (
    <FormControl size="small" fullWidth disabled={disabled}>
      <InputLabel id="ticket-team-label">Team</InputLabel>
      <Select
        labelId="ticket-team-label"
        label="Team"
        value={ticket.team?.id ?? NO_TEAM}
        onChange={(event) => {
          const id = event.target.value;
          onChange(id === NO_TEAM ? null : ([...current, ...options].find((team) => team.id === id) ?? null));
        }}
      >
        <MenuItem value={NO_TEAM}>No team</MenuItem>
        {[...current, ...options].map((team) => (
          <MenuItem key={team.id} value={team.id}>
            {team.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
