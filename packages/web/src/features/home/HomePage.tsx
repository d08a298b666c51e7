import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardContent, Chip, List, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { useCan, useCurrentUser, usePermissions } from '../../shared/session/session';
import { useNotificationCounts } from '../../shell/header/notifications.queries';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { OPEN_TICKET_FILTER, ticketListQuery } from '../tickets/tickets.queries';
import { StatusChip } from '../tickets/TicketChips';
import { RECORD_COUNTS, recordCountQuery, type RecordCount } from './home.queries';
import { useShell } from '../../shell/shell-context';
import { canReadFrom, filterByPermission } from '../../shell/sidenav/nav-filter';
import { NAV_TREE, type NavNode } from '../../shell/sidenav/nav-items';
import { menuLists, useMenuSetting } from '../../shell/sidenav/menu-setting.queries';
import { PageFrame } from '../../shared/ui/PageFrame';

// The dashboard (and its charts, a chunk of their own) loads after the page's first paint: Home stays within its budget.
const Dashboard = lazy(() =>
  import('./Dashboard')
    .catch(() => import('./Dashboard'))
    .then((module) => ({ default: module.Dashboard })),
);

// Articles waiting for the user's acknowledgement: a small chunk of its own, after the first paint.
const PendingAcknowledgementsCard = lazy(() =>
  import('../knowledge/PendingAcknowledgementsCard').then((module) => ({ default: module.PendingAcknowledgementsCard })),
);

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Each second-level module with the pages the user may open in it; loose pages gather under their group. */
function moduleSections(tree: NavNode[]): { name: string; pages: NavNode[] }[] {
  const leaves = (node: NavNode): NavNode[] => (node.children ? node.children.flatMap(leaves) : [node]);
  return tree
    .filter((group) => group.id === 'modules' || group.id === 'system-administration')
    .flatMap((group) => {
      const sections = (group.children ?? []).filter((child) => child.children).map((section) => ({ name: section.name, pages: leaves(section) }));
      const loose = (group.children ?? []).filter((child) => !child.children);
      return loose.length ? [...sections, { name: group.name, pages: loose }] : sections;
    });
}

function CountCard({ count }: { count: RecordCount }) {
  const value = useQuery(recordCountQuery(count));
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={count.to} sx={{ p: 2, height: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {count.label}
        </Typography>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 600, lineHeight: 1.3 }}>
          {value.isPending ? <Skeleton width={60} /> : value.isError ? '—' : value.data.toLocaleString()}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

function OpenTickets() {
  const formatDate = useDateTimeFormatter();
  const tickets = useQuery(ticketListQuery('my-tickets', { limit: 5, offset: 0, filters: OPEN_TICKET_FILTER, ordering: '-updated_at' }));
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-labelledby="home-open-tickets">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography id="home-open-tickets" variant="h2" sx={{ fontSize: '1rem' }}>
            My open tickets{tickets.data ? ` (${tickets.data.count})` : ''}
          </Typography>
          <Button component={RouterLink} to="/tickets" size="small">
            View My Tickets
          </Button>
        </Stack>
        {tickets.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : tickets.isError ? (
          <Typography variant="body2" color="text.secondary">
            Your tickets could not be loaded.
          </Typography>
        ) : tickets.data.results.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No open tickets. Raise one from Help and support when you need something.
          </Typography>
        ) : (
          <List dense disablePadding>
            {tickets.data.results.map((ticket) => (
              <li key={ticket.id}>
                <ListItemButton component={RouterLink} to={`/tickets/${ticket.id}`} sx={{ borderRadius: 1, gap: 1 }}>
                  <ListItemText primary={ticket.title} secondary={`Updated ${formatDate(ticket.updated_at)}`} slotProps={{ primary: { noWrap: true } }} sx={{ minWidth: 0 }} />
                  <StatusChip status={ticket.ticket_status} />
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

export function HomePage() {
  const user = useCurrentUser().data;
  const permissions = usePermissions().data?.permissions;
  const menu = useMenuSetting();
  const { openHelpDrawer, openSettings } = useShell();
  const sections = useMemo(() => moduleSections(filterByPermission(NAV_TREE, canReadFrom(permissions))), [permissions]);
  const { recentPages, favorites } = menuLists(menu.data);
  const can = useCan();
  const counts = RECORD_COUNTS.filter((count) => can(count.model));
  const notifications = useNotificationCounts();
  const unread = notifications.data?.unread ?? 0;
  const name = user?.first_name || user?.full_name || '';

  const shortcutList = (title: string, entries: { name: string; to: string }[], empty: string) => (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
          {title}
        </Typography>
        {entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        ) : (
          <List dense disablePadding>
            {entries.map((entry) => (
              <li key={entry.to}>
                <ListItemButton component={RouterLink} to={entry.to} sx={{ borderRadius: 1 }}>
                  <ListItemText primary={entry.name} />
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );

  return (
    <PageFrame
      title={`${greeting(new Date().getHours())}${name ? `, ${name}` : ''}`}
      subtitle="Your workspace for clients, cost centres, directory and help desk."
      actions={
        <Button variant="contained" startIcon={<AddCircleOutlineIcon />} onClick={openHelpDrawer}>
          Create a Ticket
        </Button>
      }
    >
      {user && can('ticket') && (
        <Suspense fallback={<Skeleton variant="rounded" height={96} sx={{ mb: 3 }} aria-label="Loading the dashboard" />}>
          <Dashboard userId={user.id} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <PendingAcknowledgementsCard />
        </Suspense>
      )}
      {counts.length > 0 && (
        <Box component="section" aria-label="At a glance" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: `repeat(${Math.min(counts.length, 8)}, 1fr)` }, mb: 3 }}>
          {counts.map((count) => (
            <CountCard key={count.key} count={count} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, mb: 2 }}>
        <OpenTickets />
        {shortcutList('Recent', recentPages, 'Pages you visit will appear here.')}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, mb: 3 }}>
        {shortcutList('Favorites', favorites, 'Pin pages with the star in the navigation to keep them here.')}
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1.5 }}>
              Help and settings
            </Typography>
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Button component={RouterLink} to="/tickets" startIcon={<ConfirmationNumberOutlinedIcon />}>
                View My Tickets
              </Button>
              <Button component={RouterLink} to="/notifications" startIcon={<NotificationsNoneIcon />}>
                {unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
              </Button>
              <Button onClick={openSettings} startIcon={<SettingsOutlinedIcon />}>
                Application Settings
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        Quick links
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {sections.map((section) => (
          <Card key={section.name} variant="outlined">
            <CardContent>
              <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
                {section.name}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {section.pages.map((page) => (
                  <Chip key={page.id} label={page.name} component={RouterLink} to={page.to!} clickable variant="outlined" />
                ))}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
    </PageFrame>
  );
}
