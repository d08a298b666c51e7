import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Stack } from '@mui/material';
import { decomposeColor, getContrastRatio, recomposeColor, ThemeProvider } from '@mui/material/styles';
import { THEME_COLOURS } from './settings/settings-options';
import { buildTheme, DEFAULT_THEME_PREFS, readDeviceThemePrefs } from './theme';

/** `overlay` (which may be translucent) painted over the opaque `background`. */
function over(background: string, overlay: string): string {
  const bg = decomposeColor(background).values;
  const fg = decomposeColor(overlay);
  const a = fg.values[3] ?? 1;
  const values = [0, 1, 2].map((i) => Math.round(fg.values[i]! * a + bg[i]! * (1 - a))) as [number, number, number];
  return recomposeColor({ type: 'rgb', values });
}

const LEVELS = ['success', 'info', 'warning', 'error'] as const;

describe('theme colours as text', () => {
  for (const mode of ['LIGHT', 'DARK'] as const) {
    it(`the status colours read at 4.5:1 as chip text on paper and on a hovered or unread row (${mode.toLowerCase()})`, () => {
      const { palette } = buildTheme({ ...DEFAULT_THEME_PREFS, mode }, false);
      const surfaces = { paper: palette.background.paper, row: over(palette.background.paper, palette.action.hover) };
      const below: string[] = [];
      for (const level of LEVELS) {
        for (const [name, surface] of Object.entries(surfaces)) {
          const ratio = getContrastRatio(palette[level].main, surface);
          if (ratio < 4.5) below.push(`${level} on ${name}: ${ratio.toFixed(2)}`);
        }
      }
      expect(below).toEqual([]);
    });
  }
});

afterEach(() => localStorage.clear());

describe('the theme before anyone chose one (issue 38 point 13)', () => {
  it('follows the device: dark where the browser prefers dark, light where it prefers light', () => {
    const prefs = readDeviceThemePrefs();
    expect(prefs.mode).toBe('SYSTEM');
    expect(buildTheme(prefs, true).palette.mode).toBe('dark');
    expect(buildTheme(prefs, false).palette.mode).toBe('light');
  });

  it('keeps a choice the device remembers', () => {
    localStorage.setItem('ops.theme', JSON.stringify({ mode: 'LIGHT' }));
    expect(buildTheme(readDeviceThemePrefs(), true).palette.mode).toBe('light');
  });
});


describe('focus ring', () => {
  // WCAG 2.2 (non-text contrast, focus appearance): the ring reads at 3:1 against what it is drawn on.
  it.each(THEME_COLOURS.flatMap((colour) => (['LIGHT', 'DARK'] as const).map((mode) => [colour.value, mode] as const)))(
    'is 2 px of a colour at 3:1 or more on both backgrounds (%s, %s)',
    (colour, mode) => {
      const theme = buildTheme({ mode, colour, density: 'STANDARD' }, false);
      const buttonBase = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, { outline: string }>;
      const ring = buttonBase['&.Mui-focusVisible']!.outline;
      const [width, style, ringColour] = ring.split(' ') as [string, string, string];
      expect(parseFloat(width)).toBeGreaterThanOrEqual(2);
      expect(style).toBe('solid');
      expect(getContrastRatio(ringColour, theme.palette.background.default)).toBeGreaterThanOrEqual(3);
      expect(getContrastRatio(ringColour, theme.palette.background.paper)).toBeGreaterThanOrEqual(3);
    },
  );
});

describe('stacks', () => {
  it('space their items with gap, so a wrapped row starts at the left edge instead of indented by a margin', () => {
    const { container } = render(
      <ThemeProvider theme={buildTheme(DEFAULT_THEME_PREFS, false)}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <span>Save with these choices</span>
          <span>Take all of theirs</span>
        </Stack>
      </ThemeProvider>,
    );
    const stack = container.firstElementChild as HTMLElement;
    expect(getComputedStyle(stack).gap).toBe('8px');
    expect(getComputedStyle(stack.children[1]!).marginLeft).not.toBe('8px');
  });
});
