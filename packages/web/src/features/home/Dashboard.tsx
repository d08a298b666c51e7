import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardActionArea, CardContent, Chip, List, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { DASHBOARD_WINDOW_DAYS, type Dashboard as DashboardData } from '@ops/contract/dashboard/dashboard.schemas';
import { humaniseCode } from '../../shared/humanise';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { PriorityChip } from '../tickets/TicketChips';
import { dashboardLinks, dashboardQuery } from './dashboard.queries';

// @mui/x-charts is a chunk of its own, fetched after Home's first paint (tried twice; then the page's error screen).
const loadCharts = () => import('./DashboardCharts').catch(() => import('./DashboardCharts'));
const StatusChart = lazy(async () => ({ default: (await loadCharts()).StatusChart }));
const PriorityChart = lazy(async () => ({ default: (await loadCharts()).PriorityChart }));

type Tone = 'default' | 'error' | 'warning';

function Figure({ label, value, to, tone = 'default', hint }: { label: string; value: number; to: string; tone?: Tone; hint: string }) {
  const colour = value > 0 && tone !== 'default' ? `${tone}.main` : 'text.primary';
  return (
    <Card variant="outlined" sx={{ borderColor: value > 0 && tone !== 'default' ? `${tone}.main` : undefined }}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, height: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.3, color: colour }}>{value.toLocaleString()}</Typography>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

function Panel({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1, gap: 1 }}>
          <Typography id={id} variant="h2" sx={{ fontSize: '1rem' }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

const empty = (text: string) => (
  <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
    {text}
  </Typography>
);

/** One link per chart segment: the keyboard's and screen reader's way into the same filtered lists, and the legend. */
function SegmentLinks({ items }: { items: { key: string; label: string; count: number; to: string }[] }) {
  return (
    <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
      {items.map((item) => (
        <li key={item.key}>
          <Chip size="small" variant="outlined" clickable component={RouterLink} to={item.to} label={`${item.label} ${item.count}`} />
        </li>
      ))}
    </Stack>
  );
}

const chartFallback = <Skeleton variant="rounded" height={220} />;

function TicketCharts({ data }: { data: DashboardData }) {
  const { since, tickets } = data;
  const total = tickets.by_status.reduce((sum, row) => sum + row.count, 0);
  const window = `last ${DASHBOARD_WINDOW_DAYS} days`;
  return (
    <>
      <Panel id="dashboard-by-status" title={`Tickets by status (${window})`}>
        {total === 0 ? (
          empty(`No tickets were raised in the ${window}.`)
        ) : (
          <>
            <Suspense fallback={chartFallback}>
              <StatusChart since={since} byStatus={tickets.by_status} />
            </Suspense>
            <SegmentLinks
              items={tickets.by_status
                .filter((row) => row.count > 0)
                .map((row) => ({ key: row.ticket_status, label: humaniseCode(row.ticket_status), count: row.count, to: dashboardLinks.status(row.ticket_status, since) }))}
            />
          </>
        )}
      </Panel>
      <Panel id="dashboard-by-priority" title={`Tickets by priority (${window})`}>
        {total === 0 ? (
          empty(`No tickets were raised in the ${window}.`)
        ) : (
          <>
            <Suspense fallback={chartFallback}>
              <PriorityChart since={since} byPriority={tickets.by_priority} />
            </Suspense>
            <SegmentLinks
              items={tickets.by_priority.map((row) => ({ key: row.priority, label: humaniseCode(row.priority), count: row.count, to: dashboardLinks.priority(row.priority, since) }))}
            />
          </>
        )}
      </Panel>
    </>
  );
}

function Attention({ data }: { data: DashboardData }) {
  const formatDate = useDateTimeFormatter();
  const rows = data.tickets.attention;
  return (
    <Panel id="dashboard-attention" title="Overdue and at risk">
      {rows.length === 0 ? (
        empty('Nothing is overdue or close to its SLA target.')
      ) : (
        <List dense disablePadding>
          {rows.map((ticket) => (
            <li key={ticket.id}>
              <ListItemButton component={RouterLink} to={dashboardLinks.ticket(ticket.id)} sx={{ borderRadius: 1, gap: 1 }}>
                <ListItemText
                  primary={`#${ticket.number} ${ticket.title}`}
                  secondary={`${ticket.sla_status === 'BREACHED' ? 'Overdue' : 'At risk'}${ticket.due_at ? ` · due ${formatDate(ticket.due_at)}` : ''}`}
                  slotProps={{ primary: { noWrap: true }, secondary: { sx: { color: ticket.sla_status === 'BREACHED' ? 'error.main' : 'warning.main' } } }}
                  sx={{ minWidth: 0 }}
                />
                <PriorityChip priority={ticket.priority} />
              </ListItemButton>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}

const ACTIONS = { create: 'Created', update: 'Changed', delete: 'Deleted' } as const;

function ClientChanges({ changes }: { changes: NonNullable<DashboardData['client_changes']> }) {
  const formatDate = useDateTimeFormatter();
  return (
    <Panel id="dashboard-client-changes" title="Recent changes to my clients">
      {changes.length === 0 ? (
        empty('No changes to your clients yet.')
      ) : (
        <List dense disablePadding>
          {changes.map((change) => (
            <li key={change.id}>
              <ListItemButton component={RouterLink} to={dashboardLinks.client(change.client.id)} sx={{ borderRadius: 1 }}>
                <ListItemText
                  primary={change.client.name}
                  secondary={`${ACTIONS[change.action]}${change.action === 'update' && change.fields.length ? ` ${change.fields.map(humaniseCode).join(', ')}` : ''}${change.user ? ` by ${change.user.full_name}` : ''} · ${formatDate(change.at)}`}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  sx={{ minWidth: 0 }}
                />
              </ListItemButton>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}

/** Home's "what needs me now" (issue 22 item 7), for staff who may read tickets. */
export function Dashboard({ userId }: { userId: string }) {
  const query = useQuery(dashboardQuery());
  if (query.isPending)
    return (
      <Box aria-busy="true" aria-label="Loading the dashboard" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, mb: 3 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Box>
    );
  if (query.isError)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        The dashboard could not be loaded.
      </Typography>
    );
  const data = query.data;
  const { tickets } = data;
  return (
    <Box component="section" aria-label="Dashboard" sx={{ mb: 3 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, mb: 2 }}>
        <Figure label="Assigned to me" value={tickets.assigned_to_me_open} to={dashboardLinks.assignedToMe(userId)} hint="Open tickets" />
        <Figure label="Unassigned" value={tickets.unassigned_open} to={dashboardLinks.unassigned()} hint="Open, nobody on them" />
        <Figure label="Overdue" value={tickets.overdue} to={dashboardLinks.overdue()} tone="error" hint="SLA breached" />
        <Figure label="At risk" value={tickets.at_risk} to={dashboardLinks.atRisk()} tone="warning" hint="Close to the SLA target" />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        <TicketCharts data={data} />
        <Attention data={data} />
        {data.client_changes && <ClientChanges changes={data.client_changes} />}
      </Box>
    </Box>
  );
}
