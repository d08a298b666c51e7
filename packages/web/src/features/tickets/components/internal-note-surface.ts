import { alpha, type Theme } from '@mui/material/styles';

/**
 * An internal note's surface (in the thread and while it is written): a tint of the theme's warning
 * colour with its border, so text and mentions keep the theme's contrast in light and dark (a fixed
 * pale yellow left dark mode's light text and mentions unreadable).
 */
export const internalNoteSurface = {
  bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.12),
  borderColor: 'warning.main',
} as const;
