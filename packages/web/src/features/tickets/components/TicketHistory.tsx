import { Box, Stack, Typography } from '@mui/material';
import type { z } from 'zod';
import type { ticketHistoryEntrySchema } from '@ops/contract/helpdesk/helpdesk.schemas';
import { humaniseCode, humaniseField } from '../../../shared/humanise';

export type HistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;

/** One recorded change as a sentence: "Open → In Progress", "Priority: Low → High", "Assigned to Carl Corporate". */
export function historyLine(entry: HistoryEntry): string {
  switch (entry.field) {
    case 'ticket_status':
      return entry.from_status
        ? `${humaniseCode(entry.from_status)} → ${humaniseCode(entry.to_status ?? '')}`
        : `Opened as ${humaniseCode(entry.to_status ?? 'OPEN')}`;
    case 'priority':
      return `Priority: ${humaniseCode(entry.from_value ?? '')} → ${humaniseCode(entry.to_value ?? '')}`;
    case 'assignee':
      if (!entry.to_value) return entry.from_value ? `Unassigned (was ${entry.from_value})` : 'Unassigned';
      return entry.from_value ? `Reassigned from ${entry.from_value} to ${entry.to_value}` : `Assigned to ${entry.to_value}`;
    case 'title':
      return `Title: “${entry.from_value ?? ''}” → “${entry.to_value ?? ''}”`;
    default:
      // The ticket page's controls label these fields ("Cost centre", "Team"); their values are names already.
      return `${humaniseField(entry.field)}: ${entry.from_value ?? 'none'} → ${entry.to_value ?? 'none'}`;
  }
}

export function TicketHistory({ entries, formatDate }: { entries: HistoryEntry[]; formatDate: (value: string) => string }) {
  if (entries.length === 0) return <Typography color="text.secondary">No changes yet.</Typography>;
  return (
    <Stack component="ol" aria-label="Ticket history" spacing={1.25} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {historyLine(entry)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {entry.changed_by?.full_name ?? 'System'} · {formatDate(entry.changed_at)}
          </Typography>
          {entry.reason && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontStyle: 'italic' }}>
              {entry.reason}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
