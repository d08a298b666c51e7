import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box } from '@mui/material';
import { SnackbarHost } from '../shared/ui/snackbar';
import { Header } from '../shell/header/Header';
import { SideNav } from '../shell/sidenav/SideNav';
import { ShellProvider, useShell } from '../shell/shell-context';
import { useRecentPages } from '../shell/sidenav/useRecentPages';
import { TimezonePrompt } from '../shell/settings/TimezonePrompt';
import { PermissionGate } from '../shell/PermissionGate';
import { ConnectionBanner } from '../shell/ConnectionBanner';
import { PageLoading } from '../shared/ui/PageLoading';
import { resolveRoute } from '../shared/route-meta';
import { HEADER_HEIGHT } from '../shared/theme';

// The drawers carry the rich-text editor and the settings form: loaded on first open.
const HelpDrawer = lazy(async () => ({ default: (await import('../shell/help-drawer/HelpDrawer')).HelpDrawer }));
const SettingsPanel = lazy(async () => ({ default: (await import('../shell/settings/SettingsPanel')).SettingsPanel }));

function LazyPanels() {
  const { helpDrawerOpen, settingsOpen } = useShell();
  // Once opened, a drawer stays mounted so its closing animation (and reset) runs.
  const [helpMounted, setHelpMounted] = useState(false);
  const [settingsMounted, setSettingsMounted] = useState(false);
  if (helpDrawerOpen && !helpMounted) setHelpMounted(true);
  if (settingsOpen && !settingsMounted) setSettingsMounted(true);
  return (
    <Suspense fallback={null}>
      {helpMounted && <HelpDrawer />}
      {settingsMounted && <SettingsPanel />}
    </Suspense>
  );
}

function ShellLayout() {
  const location = useLocation();
  const route = resolveRoute(location.pathname, location.search);
  useRecentPages();

  const title = route ? `${route.title} · Operations Platform` : 'Operations Platform';
  // A layout effect, so a page's own title (set in an ordinary effect, for example a ticket's number) wins.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          top: 8,
          zIndex: 2000,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          '&:focus': { left: 8 },
        }}
      >
        Skip to content
      </Box>
      <Header />
      <SideNav />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, pt: HEADER_HEIGHT, outline: 'none' }}>
        <PermissionGate permission={route?.meta.permission}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PermissionGate>
      </Box>
      <LazyPanels />
      <TimezonePrompt />
      <ConnectionBanner />
    </Box>
  );
}

/**
 * Snackbars belong to the signed-in app only: the sign-in page shows its errors inline. notistack loads
 * after the shell (`shared/ui/snackbar.tsx`), so no page waits for it.
 */
export function AppShell() {
  return (
    <ShellProvider>
      <ShellLayout />
      <SnackbarHost maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={5000} />
    </ShellProvider>
  );
}
