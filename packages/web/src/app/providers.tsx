import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import type { AppSetting } from '@ops/contract/identity/identity.schemas';
import { APP_SETTINGS_KEY } from '../shell/settings/app-settings.key';
import { buildTheme, readDeviceThemePrefs, writeDeviceThemePrefs, type ThemePrefs } from './theme';

/**
 * The theme follows the saved app settings once they load; before that (and
 * on the sign-in page) it uses the values this device remembers. When the
 * saved values differ, the device's are replaced (spec 01 section 4).
 * It only watches the cached settings: the signed-in shell fetches them
 * (useAppSettings), so this entry-chunk provider needs no endpoint schemas.
 */
function AppThemeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const settings = useQuery<AppSetting>({ queryKey: APP_SETTINGS_KEY, enabled: false }).data;
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
