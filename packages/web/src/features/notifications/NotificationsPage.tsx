import { useNavigate } from 'react-router';
import { Alert, Button, List, ListItemButton, ListItemText, Paper, Typography, Box } from '@mui/material';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { isNotFound } from '../../api/http-client';
import { notificationLink } from '../../api/notifications';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../../shell/header/notifications.queries';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';

export function NotificationsPage() {
  const list = useNotificationList(100, true);
  const markAll = useMarkAllRead();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const formatDate = useDateTimeFormatter();
  const items = list.data?.results ?? [];

  let content;
  if (list.isPending) content = <PageLoading />;
  else if (list.isError)
    content = isNotFound(list.error) ? (
      <EmptyState icon={<NotificationsNoneIcon />} title="No New Notifications" description="Notifications are not switched on for this installation yet." />
    ) : (
      <Alert severity="error">Notifications could not be loaded.</Alert>
    );
  else if (items.length === 0) content = <EmptyState icon={<NotificationsNoneIcon />} title="No New Notifications" />;
  else
    content = (
      <Paper variant="outlined">
        <List disablePadding>
          {items.map((notification) => (
            <ListItemButton
              key={notification.id}
              divider
              onClick={() => {
                if (notification.unread) markRead.mutate(notification.id);
                const to = notificationLink(notification);
                if (to) navigate(to);
              }}
            >
              <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: notification.unread ? 'primary.main' : 'transparent', mr: 1.5, flexShrink: 0 }} aria-hidden />
              <ListItemText
                primary={`${notification.references?.actor?.name ? `${notification.references.actor.name} ` : ''}${notification.verb}`}
                secondary={
                  <>
                    {notification.description && <Typography component="span" variant="body2" sx={{ display: 'block' }}>{notification.description}</Typography>}
                    {formatDate(notification.timestamp)}
                    {notification.unread ? ' · Unread' : ''}
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: notification.unread ? 600 : 400 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    );

  return (
    <PageFrame
      title="Notifications"
      actions={
        <Button onClick={() => markAll.mutate()} disabled={!list.isSuccess || markAll.isPending}>
          Mark all as read
        </Button>
      }
    >
      {content}
    </PageFrame>
  );
}
