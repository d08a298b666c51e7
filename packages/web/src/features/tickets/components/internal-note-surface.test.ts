import { describe, expect, it } from 'vitest';
import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { buildTheme, DEFAULT_THEME_PREFS } from '../../../shared/theme';
import { THEME_COLOURS } from '../../../shared/settings/settings-options';
import { mentionStyles } from '../../../shared/ui/mention-styles';
import { internalNoteSurface } from './internal-note-surface';

/** `overlay` (which may be translucent) painted over the opaque `background`. */
function over(background: string, overlay: string): string {
  const bg = decomposeColor(background).values;
  const fg = decomposeColor(overlay);
  const a = fg.values[3] ?? 1;
  const values = [0, 1, 2].map((i) => Math.round(fg.values[i]! * a + bg[i]! * (1 - a))) as [number, number, number];
  return recomposeColor({ type: 'rgb', values });
}

describe('an @mention in an internal note', () => {
  for (const mode of ['LIGHT', 'DARK'] as const) {
    it(`a mention reads at 4.5:1 in every theme colour, on paper and on an internal note (${mode.toLowerCase()})`, () => {
      const mention = mentionStyles['& .mention'];
      // The mention keeps the text colour around it (text.primary here) and marks itself with a tint.
      expect(mention.color).toBe('inherit');
      const below: string[] = [];
      for (const colour of THEME_COLOURS) {
        const theme = buildTheme({ ...DEFAULT_THEME_PREFS, mode, colour: colour.value }, false);
        const { palette } = theme;
        const note = over(palette.background.paper, internalNoteSurface.bgcolor(theme));
        for (const [name, surface] of Object.entries({ paper: palette.background.paper, note })) {
          const ratio = getContrastRatio(palette.text.primary, over(surface, mention.bgcolor(theme)));
          if (ratio < 4.5) below.push(`${colour.value} on ${name}: ${ratio.toFixed(2)}`);
        }
      }
      expect(below).toEqual([]);
    });
  }
});
