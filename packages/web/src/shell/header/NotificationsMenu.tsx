import { lazy, Suspense, useState } from 'react';
import { Badge, Box, IconButton, Tooltip } from '@mui/material';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useNotificationCounts, useNotificationList, useNotificationStream } from './notifications.queries';

const MENU_ID = 'notifications-menu';
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

// The drop-down's code (day grouping, notification text) loads on first use, not with the shell.
const loadPanel = () => import('./NotificationsMenuPanel');
const NotificationsMenuPanel = lazy(async () => ({ default: (await loadPanel()).NotificationsMenuPanel }));

export function NotificationsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const counts = useNotificationCounts();
  useNotificationStream(counts.isSuccess);
  const open = Boolean(anchor);
  // Asked for before the menu opens when there is news, so it opens with its list.
  useNotificationList(20, counts.isSuccess && (open || (counts.data?.unread ?? 0) > 0));
  const unreadCount = counts.data?.unread ?? 0;
  const close = () => setAnchor(null);
  const prepare = () => void loadPanel();

  return (
    <>
      {/* The count sits beside the button, not in it, so the button's name stays exactly "Notifications". */}
      <Badge
        badgeContent={unreadCount}
        color="error"
        max={99}
        invisible={unreadCount === 0}
        overlap="circular"
        slotProps={{ badge: { 'aria-hidden': true, style: { pointerEvents: 'none', top: 10, right: 8 } } as object }}
      >
        <Tooltip title="Notifications">
          <IconButton
            aria-label="Notifications"
            aria-describedby={unreadCount > 0 ? 'notifications-unread' : undefined}
            aria-haspopup="menu"
            aria-controls={open ? MENU_ID : undefined}
            aria-expanded={open ? 'true' : 'false'}
            color="inherit"
            onClick={(event) => {
              setUsed(true);
              setAnchor(event.currentTarget);
            }}
            onMouseEnter={prepare}
            onFocus={prepare}
          >
            <NotificationsNoneIcon />
          </IconButton>
        </Tooltip>
      </Badge>
      {unreadCount > 0 && (
        <Box id="notifications-unread" sx={visuallyHidden}>
          {unreadCount} unread
        </Box>
      )}
      {used && (
        <Suspense fallback={null}>
          <NotificationsMenuPanel id={MENU_ID} anchor={anchor} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
