import { alpha, type Theme } from '@mui/material/styles';

/** How a mention looks in the editor and in stored messages (no TipTap here: read-only pages use it too). */
export const MENTION_CLASS = 'mention';
/**
 * The text keeps its surrounding colour (full contrast on any surface, an internal note's too);
 * the theme colour marks the mention as a tint behind it. Coloured text on a tint read at 2:1 in dark.
 */
export const mentionStyles = {
  '& .mention': {
    color: 'inherit',
    fontWeight: 600,
    bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.16),
    borderRadius: 0.5,
    px: 0.25,
  },
} as const;
