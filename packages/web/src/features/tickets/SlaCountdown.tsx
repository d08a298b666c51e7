import { useEffect, useState } from 'react';
import { Chip, Tooltip } from '@mui/material';
import type { TicketListItem } from '@ops/contract/helpdesk/helpdesk.schemas';

type SlaFields = Pick<TicketListItem, 'sla_status' | 'due_at' | 'first_response_due_at' | 'first_responded_at'>;

const COLOURS = {
  NONE: 'default',
  ON_TRACK: 'success',
  AT_RISK: 'warning',
  PAUSED: 'default',
  BREACHED: 'error',
  MET: 'success',
} as const;

/** "2d 3h", "3h 05m", "12m": the largest two units of a duration. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) return `${days}d ${hours}h`;
  if (hours) return `${hours}h ${String(rest).padStart(2, '0')}m`;
  return `${rest}m`;
}

/** The target that runs now: the first response until staff replied, then the resolution. */
export function slaTarget(ticket: SlaFields): { label: string; at: string | null } {
  if (!ticket.first_responded_at && ticket.first_response_due_at)
    return { label: 'First response', at: ticket.first_response_due_at };
  return { label: 'Resolution', at: ticket.due_at };
}

export function slaText(ticket: SlaFields, now: number): string {
  const { label, at } = slaTarget(ticket);
  switch (ticket.sla_status) {
    case 'NONE':
      return 'No SLA';
    case 'MET':
      return 'SLA met';
    case 'PAUSED':
      return 'Paused';
    default: {
      if (!at) return 'No SLA';
      const left = Date.parse(at) - now;
      return left >= 0
        ? `${formatDuration(left)} left`
        : `${label === 'First response' ? 'Reply' : 'Due'} ${formatDuration(left)} ago`;
    }
  }
}

function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A coloured countdown to the running SLA target (green on track, amber at risk, red breached). */
export function SlaCountdown({ ticket, size = 'small' }: { ticket: SlaFields; size?: 'small' | 'medium' }) {
  const now = useNow();
  if (ticket.sla_status === 'NONE') return null;
  const { label, at } = slaTarget(ticket);
  const text = slaText(ticket, now);
  const title = at
    ? `${label} due ${new Date(at).toLocaleString()} (${ticket.sla_status.replace('_', ' ').toLowerCase()})`
    : text;
  return (
    <Tooltip title={title}>
      <Chip
        size={size}
        label={text}
        color={COLOURS[ticket.sla_status]}
        variant={ticket.sla_status === 'BREACHED' || ticket.sla_status === 'AT_RISK' ? 'filled' : 'outlined'}
        aria-label={`SLA: ${text}`}
        data-sla-status={ticket.sla_status}
      />
    </Tooltip>
  );
}
