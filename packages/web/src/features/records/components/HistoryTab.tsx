import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, Pagination, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { EndpointRoute } from '../../../api/http-client';
import type { HistoryEntry } from '@ops/contract/common/audit';
import type { Paginated } from '@ops/contract/common/pagination';
import { useDateTimeFormatter } from '../../../shared/settings/app-settings.queries';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { call, recordKeys } from '../records.queries';
import { historyChanges } from '../history-changes';
import type { FieldSpec } from './RecordFormDialog';

const PAGE = 20;

const ACTION_COLOUR = { create: 'success', update: 'info', delete: 'error' } as const;

/** A record's audit trail, newest first: who changed which fields from what to what, under the labels of the record's form (`fields`). */
export function HistoryTab({ entity, id, endpoint, fields = [] }: { entity: string; id: string; endpoint: EndpointRoute; fields?: FieldSpec[] }) {
  const formatDate = useDateTimeFormatter();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: [...recordKeys.related(entity, id, 'history'), page],
    queryFn: ({ signal }) => call<Paginated<HistoryEntry>>(endpoint, { params: { id }, query: { limit: String(PAGE), offset: String((page - 1) * PAGE) }, signal }),
    placeholderData: keepPreviousData,
  });
  if (history.isPending) return <PageLoading />;
  if (history.isError) return <Alert severity="error">The history could not be loaded.</Alert>;
  const { results, count } = history.data;
  if (count === 0) return <Typography color="text.secondary">No changes recorded yet.</Typography>;
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label="History">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {results.map((entry) => (
              <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.at)}</TableCell>
                <TableCell>{entry.user?.full_name ?? 'System'}</TableCell>
                {/* The chip keeps its word whole ("Update" broke into "Updat e" beside long changes). */}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Chip size="small" variant="outlined" color={ACTION_COLOUR[entry.action]} label={entry.action[0]!.toUpperCase() + entry.action.slice(1)} />
                </TableCell>
                <TableCell>
                  <Stack spacing={0.5}>
                    {historyChanges(entry, fields).map(({ field, label, text }) => (
                      <Typography key={field} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        <strong>{label}</strong>: {text}
                      </Typography>
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {count > PAGE && <Pagination sx={{ mt: 2 }} count={Math.ceil(count / PAGE)} page={page} onChange={(_, next) => setPage(next)} />}
    </Box>
  );
}
