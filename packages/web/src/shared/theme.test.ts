import { afterEach, describe, expect, it } from 'vitest';
import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
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
