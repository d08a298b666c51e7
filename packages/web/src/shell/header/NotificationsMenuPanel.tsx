import { Fragment } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Divider, Menu, MenuItem, Stack, Typography } from '@mui/material';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { notificationLink, type AppNotification } from '../../api/notifications';
import { useCan } from '../../shared/session/session';
import { notificationText } from '../../shared/notification-text';
import { useAppSettings } from '../../shared/settings/app-settings.queries';
import { groupByDay } from './notification-groups';
import { useMarkAllRead, useMarkRead, useNotificationCounts, useNotificationList } from './notifications.queries';
import { useMarkManyRead } from './mark-many-read';

function timeAgo(timestamp: string): string {
  const seconds = Math.max(0, (Date.now() - Date.parse(timestamp)) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

/**
 * The bell's drop-down: unread notifications grouped by day, each day with its own "Mark all as
 * read". Loaded when the bell is first pointed at or opened, not with the shell (list pages are
 * at their bundle budget).
 */
export function NotificationsMenuPanel({ id, anchor, onClose }: { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const navigate = useNavigate();
  const can = useCan();
  const counts = useNotificationCounts();
  const open = Boolean(anchor);
  const list = useNotificationList(20, counts.isSuccess);
  const markAll = useMarkAllRead();
  const markRead = useMarkRead();
  const markMany = useMarkManyRead();
  const timeZone = useAppSettings().data?.timezone;
  const unread: AppNotification[] = (list.data?.results ?? []).filter((n) => n.unread).slice(0, 8);
  const groups = groupByDay(unread, { timeZone });
  const unreadCount = counts.data?.unread ?? 0;
  const close = onClose;

  const openNotification = (notification: AppNotification) => {
    close();
    markRead.mutate(notification.id);
    const to = notificationLink(notification, { staff: can('ticket') });
    if (to) navigate(to);
  };

  return (
      <Menu
        id={id}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } }, list: { 'aria-label': 'Notifications', dense: false } }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center', justifyContent: 'space-between' }} component="li" role="none">
          <Typography sx={{ fontWeight: 600 }}>
            Notifications{unreadCount > 0 ? ` (${unreadCount})` : ''}
          </Typography>
          <Button
            size="small"
            onClick={() => markAll.mutate()}
            disabled={!counts.isSuccess || markAll.isPending}
            sx={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
          >
            Mark all as read
          </Button>
        </Stack>
        <Divider component="li" role="presentation" />
        {unread.length === 0 ? (
          <Box component="li" role="none" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">No New Notifications</Typography>
          </Box>
        ) : (
          groups.map((group) => (
            <Fragment key={group.day}>
              {/* A day's heading with its own "Mark all as read": a list item, not a menu item, like the top row. */}
              <Stack component="li" role="none" direction="row" sx={{ px: 2, pt: 1, pb: 0.25, alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
                  {group.label}
                </Typography>
                <Button
                  size="small"
                  aria-label={`Mark all as read: ${group.label}`}
                  onClick={() => markMany.mutate(group.items.map((n) => n.id))}
                  disabled={markMany.isPending}
                  sx={{ minWidth: 0, py: 0, fontSize: '0.75rem' }}
                >
                  Mark all as read
                </Button>
              </Stack>
              {group.items.map((notification) => {
                const { headline, summary } = notificationText(notification);
                return (
                  <MenuItem key={notification.id} onClick={() => openNotification(notification)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start', py: 1.25 }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {headline}
                      </Typography>
                      {summary && (
                        <Typography variant="body2" color="text.secondary" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' }}>
                          {summary}
                        </Typography>
                      )}
                      <Typography variant="caption" color="text.secondary">
                        {timeAgo(notification.timestamp)}
                      </Typography>
                    </Box>
                  </MenuItem>
                );
              })}
            </Fragment>
          ))
        )}
        <Divider component="li" role="presentation" />
        <MenuItem component={RouterLink} to="/notifications" onClick={close} sx={{ justifyContent: 'center', color: 'primary.main', fontWeight: 600 }}>
          View All Notifications
        </MenuItem>
        <MenuItem component={RouterLink} to="/notification-settings" onClick={close} sx={{ justifyContent: 'center', gap: 1, color: 'text.secondary' }}>
          <SettingsOutlinedIcon fontSize="small" aria-hidden />
          Notification settings
        </MenuItem>
      </Menu>
  );
}
