import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  Paper,
  Stack,
  Tab,
  TablePagination,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { notificationLink } from '../../api/notifications';
import { notificationText } from '../../shared/notification-text';
import { useCan } from '../../shared/session/session';
import { useMarkAllRead, useNotificationCounts } from '../../shell/header/notifications.queries';
import { groupByDay } from '../../shell/header/notification-groups';
import { useAppSettings, useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ConfirmDialog } from '../../shared/ui/LazyConfirmDialog';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { notificationPageQuery, useDeleteAllNotifications, useDeleteNotification, useSetUnread } from './notifications.queries';
import { useMarkManyRead } from '../../shell/header/mark-many-read';

type Filter = 'all' | 'unread' | 'read';
const UNREAD_PARAM: Record<Filter, boolean | undefined> = { all: undefined, unread: true, read: false };
const LEVEL_COLOURS = { success: 'success', info: 'info', warning: 'warning', error: 'error' } as const;

export function NotificationsPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const list = useQuery(notificationPageQuery({ limit: pageSize, offset: page * pageSize, unread: UNREAD_PARAM[filter] }));
  const counts = useNotificationCounts();
  const markAll = useMarkAllRead();
  const markMany = useMarkManyRead();
  const timeZone = useAppSettings().data?.timezone;
  const setUnread = useSetUnread();
  const remove = useDeleteNotification();
  const deleteAll = useDeleteAllNotifications();
  const can = useCan();
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const fail = (error: unknown) => enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' });
  const items = list.data?.results ?? [];
  const active = counts.data?.active ?? 0;
  const unread = counts.data?.unread ?? 0;

  const renderItem = (notification: (typeof items)[number]) => {
    const to = notificationLink(notification, { staff: can('ticket') });
    const { headline: title, summary } = notificationText(notification);
    return (
      <ListItem
        key={notification.id}
        divider
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, bgcolor: notification.unread ? 'action.hover' : undefined }}
        secondaryAction={
          <Stack direction="row" spacing={0.5}>
            <Tooltip title={notification.unread ? 'Mark as read' : 'Mark as unread'}>
              <IconButton
                aria-label={`${notification.unread ? 'Mark as read' : 'Mark as unread'}: ${title}`}
                onClick={() => setUnread.mutate({ id: notification.id, unread: !notification.unread }, { onError: fail })}
              >
                {notification.unread ? <DraftsOutlinedIcon /> : <MarkEmailUnreadOutlinedIcon />}
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton
                aria-label={`Delete: ${title}`}
                onClick={() => remove.mutate(notification.id, { onError: fail })}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        }
      >
        <Box
          sx={{
            width: 8,
            height: 8,
            mt: 1,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: notification.unread ? 'primary.main' : 'transparent',
          }}
          aria-hidden
        />
        <Box sx={{ minWidth: 0, pr: { xs: 10, sm: 12 } }}>
          <Typography sx={{ fontWeight: notification.unread ? 600 : 400, overflowWrap: 'anywhere' }}>
            {to ? (
              <Link
                component={RouterLink}
                to={to}
                color="inherit"
                underline="hover"
                onClick={() => notification.unread && setUnread.mutate({ id: notification.id, unread: false })}
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </Typography>
          {summary && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {summary}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary" component="time" dateTime={notification.timestamp}>
              {formatDate(notification.timestamp)}
            </Typography>
            {notification.unread && <Chip label="Unread" size="small" color="primary" variant="outlined" />}
            {notification.level !== 'info' && (
              <Chip
                label={notification.level}
                size="small"
                color={LEVEL_COLOURS[notification.level]}
                variant="outlined"
              />
            )}
          </Stack>
        </Box>
      </ListItem>
    );
  };

  let content;
  if (list.isPending) content = <PageLoading />;
  else if (list.isError) content = <Alert severity="error">Notifications could not be loaded.</Alert>;
  else if (items.length === 0)
    content = (
      <EmptyState
        icon={<NotificationsNoneIcon />}
        title={filter === 'unread' ? 'No New Notifications' : filter === 'read' ? 'No read notifications' : 'No notifications'}
        description="Ticket updates and messages addressed to you appear here."
      />
    );
  else
    content = (
      <Paper variant="outlined">
        {list.isFetching && <LinearProgress aria-label="Loading notifications" />}
        {/* A section per day: its heading and "Mark all as read", then a list of that day's notifications only. */}
        {groupByDay(items, { timeZone }).map((group) => {
          const unreadIds = group.items.filter((n) => n.unread).map((n) => n.id);
          const headingId = `notifications-day-${group.day}`;
          return (
            <Box component="section" key={group.day} aria-labelledby={headingId}>
              <Stack
                direction="row"
                sx={{ px: 2, py: 0.5, minHeight: 40, alignItems: 'center', justifyContent: 'space-between', gap: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
              >
                <Typography id={headingId} component="h2" variant="subtitle2" color="text.secondary">
                  {group.label}
                </Typography>
                {unreadIds.length > 0 && (
                  <Button
                    size="small"
                    startIcon={<DoneAllIcon />}
                    aria-label={`Mark all as read: ${group.label}`}
                    onClick={() => markMany.mutate(unreadIds, { onError: fail })}
                    disabled={markMany.isPending}
                  >
                    Mark all as read
                  </Button>
                )}
              </Stack>
              <List disablePadding aria-label={`Notifications, ${group.label}`}>
                {group.items.map(renderItem)}
              </List>
            </Box>
          );
        })}
        <TablePagination
          component="div"
          count={list.data.count}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
    );

  return (
    <PageFrame
      title="Notifications"
      subtitle={counts.data ? `${unread} unread of ${active}` : undefined}
      actions={
        <>
          <Button
            startIcon={<DoneAllIcon />}
            onClick={() => markAll.mutate(undefined, { onError: fail })}
            disabled={unread === 0 || markAll.isPending}
          >
            Mark all as read
          </Button>
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => setConfirmDeleteAll(true)}
            disabled={active === 0}
          >
            Delete all
          </Button>
          {/* An icon, so the three actions fit one row on a phone. */}
          <Tooltip title="Notification settings">
            <IconButton component={RouterLink} to="/notification-settings" aria-label="Notification settings" color="primary">
              <SettingsOutlinedIcon />
            </IconButton>
          </Tooltip>
        </>
      }
    >
      <Tabs
        value={filter}
        onChange={(_, value: Filter) => {
          setFilter(value);
          setPage(0);
        }}
        aria-label="Show notifications"
        sx={{ mb: 2 }}
      >
        <Tab value="all" label="All" />
        <Tab value="unread" label={unread ? `Unread (${unread})` : 'Unread'} />
        <Tab value="read" label="Read" />
      </Tabs>
      {content}
      {confirmDeleteAll && (
        <ConfirmDialog
          title="Delete all notifications?"
          message={`All ${active} notifications will be removed from your list.`}
          confirmLabel="Delete all"
          onCancel={() => setConfirmDeleteAll(false)}
          onConfirm={async () => {
            await deleteAll.mutateAsync();
            setConfirmDeleteAll(false);
            setPage(0);
          }}
        />
      )}
    </PageFrame>
  );
}
