import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import type { AppSetting } from '@ops/contract/identity/identity.schemas';
import { APP_SETTINGS_KEY } from '../shared/settings/app-settings.key';
import { buildTheme, readDeviceThemePrefs, writeDeviceThemePrefs, type ThemePrefs } from '../shared/theme';

/**
 * The theme follows the saved app settings once they load; before that (and
 * on the sign-in page) it uses the values this device remembers. When the
 * saved values differ, the device's are replaced (spec web-shell §4).
 * It only watches the cached settings: the signed-in shell fetches them
 * (useAppSettings), so this entry-chunk provider needs no endpoint schemas.
 */
/**
 * The app settings as the query cache holds them now. Read by key on every cache
 * event rather than through a query observer, which would stay attached to the
 * old entry when sign-in or sign-out clears the cache.
 */
function useCachedAppSettings(): AppSetting | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData<AppSetting>(APP_SETTINGS_KEY));
}

function AppThemeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const settings = useCachedAppSettings();
  const [device, setDevice] = useState<ThemePrefs>(readDeviceThemePrefs);

  const saved = settings ? { mode: settings.theme_mode, colour: settings.theme_colour, density: settings.display_density } : null;
  const prefs = saved ?? device;

  useEffect(() => {
    if (!saved) return;
    if (saved.mode !== device.mode || saved.colour !== device.colour || saved.density !== device.density) {
      writeDeviceThemePrefs(saved);
      setDevice(saved);
    }
  }, [saved?.mode, saved?.colour, saved?.density]);

  const theme = useMemo(() => buildTheme(prefs, prefersDark), [prefs.mode, prefs.colour, prefs.density, prefersDark]);
  useEffect(() => {
    document.documentElement.style.colorScheme = theme.palette.mode;
  }, [theme.palette.mode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>{children}</AppThemeProvider>
    </QueryClientProvider>
  );
}
