import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Link, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { EndpointRoute } from '../../../api/http-client';
import { TIMELINE_KINDS, type TimelineKind, type TimelinePage } from '@ops/contract/timeline/timeline.schemas';
import { useAppSettings, useDateTimeFormatter } from '../../../shared/settings/app-settings.queries';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { call, recordKeys } from '../records.queries';

const PAGE = 25;

export const KIND_LABELS: Record<TimelineKind, string> = {
  audit: 'Changes',
  ticket: 'Tickets',
  conversation: 'Conversations',
  invoice: 'Invoices',
  spend: 'Spend',
  employee: 'Payroll',
  sitecheck: 'Site checks',
};
const KIND_COLOURS: Record<TimelineKind, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'error'> = {
  audit: 'default',
  ticket: 'primary',
  conversation: 'info',
  invoice: 'warning',
  spend: 'secondary',
  employee: 'success',
  sitecheck: 'error',
};
const SINGULAR: Record<TimelineKind, string> = {
  audit: 'Change',
  ticket: 'Ticket',
  conversation: 'Conversation',
  invoice: 'Invoice',
  spend: 'Spend',
  employee: 'Payroll',
  sitecheck: 'Site check',
};

/** Spends, invoices and payroll dates are days (midnight UTC): shown as a date, not a time in the viewer's zone. */
const DATE_KINDS = new Set<TimelineKind>(['spend', 'invoice', 'employee']);
function useDayFormatter() {
  const format = useAppSettings().data?.date_time_format ?? 'ISO-8601';
  return (value: string) => {
    if (format === 'ISO-8601') return value.slice(0, 10);
    try {
      return new Intl.DateTimeFormat(format, { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(value));
    } catch {
      return value.slice(0, 10);
    }
  };
}

/** Everything that happened at a client or cost centre, newest first, filtered by kind and date, loaded a page at a time. */
export function TimelineTab({ entity, id, endpoint }: { entity: string; id: string; endpoint: EndpointRoute }) {
  const formatDate = useDateTimeFormatter();
  const formatDay = useDayFormatter();
  const [kinds, setKinds] = useState<TimelineKind[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const badRange = Boolean(from && to && from > to);
  const query = { kind: kinds.join(','), from, to };
  const timeline = useInfiniteQuery({
    queryKey: [...recordKeys.related(entity, id, 'timeline'), query],
    queryFn: ({ pageParam, signal }) =>
      call<TimelinePage>(endpoint, {
        params: { id },
        query: Object.fromEntries(
          Object.entries({ ...query, limit: String(PAGE), cursor: pageParam }).filter(([, value]) => value),
        ) as Record<string, string>,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.next ? (new URL(last.next).searchParams.get('cursor') ?? undefined) : undefined),
    enabled: !badRange,
    // Changing a filter keeps the current entries on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
  const entries = timeline.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <ToggleButtonGroup
          size="small"
          value={kinds}
          onChange={(_, next: TimelineKind[]) => setKinds(next)}
          aria-label="Kinds of entries"
          sx={{ flexWrap: 'wrap' }}
        >
          {TIMELINE_KINDS.map((kind) => (
            <ToggleButton key={kind} value={kind} sx={{ textTransform: 'none', py: 0.25 }}>
              {KIND_LABELS[kind]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 150 }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={badRange}
            helperText={badRange ? 'Before From' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 150 }}
          />
        </Stack>
      </Stack>
      {timeline.isPending && !badRange ? (
        <PageLoading />
      ) : timeline.isError ? (
        <Alert severity="error">The timeline could not be loaded.</Alert>
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">
          Nothing on the timeline{kinds.length || from || to ? ' for these filters' : ' yet'}.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' },
                columnGap: 2,
                rowGap: 0.5,
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Stack direction={{ xs: 'row', sm: 'column' }} spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {DATE_KINDS.has(entry.kind) && entry.at.endsWith('T00:00:00.000Z') ? formatDay(entry.at) : formatDate(entry.at)}
                </Typography>
                <Chip size="small" variant="outlined" color={KIND_COLOURS[entry.kind]} label={SINGULAR[entry.kind]} />
              </Stack>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {entry.link ? (
                    <Link component={RouterLink} to={entry.link} underline="hover">
                      {entry.title}
                    </Link>
                  ) : (
                    entry.title
                  )}
                </Typography>
                {entry.summary && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {entry.summary}
                  </Typography>
                )}
                {entry.actor && (
                  <Typography variant="caption" color="text.secondary">
                    by {entry.actor.full_name}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {timeline.hasNextPage && (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          onClick={() => void timeline.fetchNextPage()}
          disabled={timeline.isFetchingNextPage}
        >
          {timeline.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </Box>
  );
}
