import { Box, Stack, Typography } from '@mui/material';
import type { z } from 'zod';
import type { ticketHistoryEntrySchema } from '@ops/contract/helpdesk/helpdesk.schemas';
import { humaniseCode } from '../../../shared/humanise';

type HistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;

export function StatusHistory({ entries, formatDate }: { entries: HistoryEntry[]; formatDate: (value: string) => string }) {
  if (entries.length === 0) return <Typography color="text.secondary">No status changes yet.</Typography>;
  return (
    <Stack component="ol" aria-label="Status history" spacing={1.25} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {entry.from_status ? `${humaniseCode(entry.from_status)} → ${humaniseCode(entry.to_status)}` : `Opened as ${humaniseCode(entry.to_status)}`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {entry.changed_by?.full_name ?? 'System'} · {formatDate(entry.changed_at)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
