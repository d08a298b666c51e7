import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { THEME_COLOURS } from './settings/settings-options';

/**
 * Theme values as the device remembers them. They render the first paint
 * (and the sign-in page) before the saved settings load; once the settings
 * load, they are replaced by the saved ones (spec web-shell §4, "Theme").
 */
export interface ThemePrefs {
  mode: string;
  colour: string;
  density: string;
}

const STORAGE_KEY = 'ops.theme';
// Follows the device's light or dark until the user picks one (the server's default setting too).
export const DEFAULT_THEME_PREFS: ThemePrefs = { mode: 'SYSTEM', colour: 'BLUE', density: 'STANDARD' };

export function readDeviceThemePrefs(): ThemePrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ThemePrefs> | null;
    return { ...DEFAULT_THEME_PREFS, ...(raw ?? {}) };
  } catch {
    return DEFAULT_THEME_PREFS;
  }
}

export function writeDeviceThemePrefs(prefs: ThemePrefs) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(prefs));
}

export function resolveMode(mode: string, prefersDark: boolean): 'light' | 'dark' {
  if (mode === 'DARK') return 'dark';
  if (mode === 'SYSTEM') return prefersDark ? 'dark' : 'light';
  return 'light';
}

export const HEADER_HEIGHT = '3rem';
export const SIDENAV_WIDTH = 264;

/**
 * The keyboard focus ring of every control: 2 px of the theme colour, which reads at 3:1 or more
 * on both backgrounds of both modes (theme.test.ts checks every colour). MUI's buttons, tabs, menu
 * items and checkboxes set `outline: 0` in their own class and mark keyboard focus only with a
 * faint ripple, so the ring is set on their focus-visible state too, where it wins over that.
 */
export function focusRing(colour: string, offset: number) {
  return { outline: `2px solid ${colour}`, outlineOffset: offset };
}

export function buildTheme(prefs: ThemePrefs, prefersDark: boolean): Theme {
  const mode = resolveMode(prefs.mode, prefersDark);
  const colour = THEME_COLOURS.find((c) => c.value === prefs.colour) ?? THEME_COLOURS[0];
  const compact = prefs.density === 'COMPACT';
  const comfortable = prefs.density === 'COMFORTABLE';
  const primary = mode === 'dark' ? colour.dark : colour.main;
  return createTheme({
    palette: {
      mode,
      // Text on a coloured fill (contained buttons, filled chips) is white only where white reads at
      // 4.5:1 (WCAG AA); MUI's default threshold of 3 put white on dark mode's #f44336 at 3.7:1.
      contrastThreshold: 4.5,
      primary: { main: primary },
      // MUI's light info (#0288d1) and warning (#ed6c02) read at 3.5:1 and 2.9:1 as chip text on
      // the page background; these darker shades pass 4.5:1 (WCAG AA).
      // In dark mode MUI's error (#f44336) reads at 3.8:1 as chip text on a hovered or unread row
      // (action.hover over paper); this lighter red passes 4.5:1 there.
      ...(mode === 'light' ? { info: { main: '#01579b' }, warning: { main: '#a84b00' } } : { error: { main: '#f28b82' } }),
      background: mode === 'dark' ? { default: '#0f1115', paper: '#171a21' } : { default: '#f5f6f8', paper: '#ffffff' },
    },
    spacing: compact ? 6 : comfortable ? 10 : 8,
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif',
      fontSize: compact ? 13 : 14,
      h1: { fontSize: '2.25rem', fontWeight: 600 },
      h2: { fontSize: '1.875rem', fontWeight: 600 },
      h3: { fontSize: '1.5rem', fontWeight: 600 },
      h4: { fontSize: '1.375rem', fontWeight: 600 },
      h5: { fontSize: '1.125rem', fontWeight: 600 },
      h6: { fontSize: '1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButtonBase: {
        defaultProps: { disableRipple: false },
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing(primary, 2) } },
      },
      // Inside a scrolling list or tab strip an outer ring would be cut off: these draw it inside.
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(primary, -2) } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(primary, -2) } } },
      // A chip holding a long unbroken name (a code, a file name) wraps inside its container instead
      // of widening the page; one line keeps MUI's heights. The grid's cells keep chips on one line.
      MuiChip: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': focusRing(primary, 2), maxWidth: '100%', height: 'auto', minHeight: 32, '&.MuiChip-sizeSmall': { minHeight: 24 } },
          label: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
        },
      },
      // Spacing as gap, not as a left margin on every item but the first: a row that wraps on a phone
      // would start its second line indented by that margin.
      MuiStack: { defaultProps: { useFlexGap: true } },
      MuiButton: { defaultProps: { size: compact ? 'small' : 'medium' } },
      MuiTextField: { defaultProps: { size: compact ? 'small' : 'medium' } },
      MuiFormControl: { defaultProps: { size: compact ? 'small' : 'medium' } },
      MuiList: { defaultProps: { dense: compact } },
      MuiMenuItem: { defaultProps: { dense: compact }, styleOverrides: { root: { '&.Mui-focusVisible': focusRing(primary, -2) } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiCssBaseline: {
        styleOverrides: (theme: Theme) => ({
          // A focus ring that shows on every focusable element when reached by keyboard.
          ':focus-visible': focusRing(theme.palette.primary.main, 2),
          '.ProseMirror:focus-visible': { outline: 'none' },
          body: { backgroundColor: theme.palette.background.default },
          '::selection': { backgroundColor: alpha(theme.palette.primary.main, 0.25) },
        }),
      },
    },
  });
}
