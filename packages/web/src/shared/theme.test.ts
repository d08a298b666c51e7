import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { THEME_COLOURS } from './settings/settings-options';
import { buildTheme } from './theme';

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
