import { alpha, type Theme } from '@mui/material/styles';
import { HEADER_HEIGHT, ROW_HEIGHT } from './grid-model';
import type { Density } from './list-state';

export interface GridLook {
  rowHeight: number;
  headerHeight: number;
  /** The pinned columns' width, kept clear when the keyboard scrolls a cell into view. */
  pinnedWidth: number;
  /** Whether rows open on click (a pointer cursor). */
  clickable: boolean;
}

/**
 * The grid's look, one style sheet for all its cells (a style object per cell would be
 * serialised again for each of up to 100 rows times the columns on every render).
 */
export function gridSx(theme: Theme, { rowHeight, headerHeight, pinnedWidth, clickable }: GridLook) {
  const { palette } = theme;
  const selected = alpha(palette.primary.main, palette.action.selectedOpacity);
  const selectedHover = alpha(palette.primary.main, palette.action.selectedOpacity + palette.action.hoverOpacity);
  return {
    flex: 1,
    minHeight: 0,
    overflow: 'auto',
    display: 'flex',
    flexDirection: 'column',
    typography: 'body2',
    // Cells brought into view by the keyboard are not left under the sticky header or pinned columns.
    scrollPaddingTop: headerHeight,
    scrollPaddingLeft: pinnedWidth,
    // A horizontal scrollbar that can be seen and grabbed: a scrollbar colour turns the
    // overlay scrollbars of macOS and phones (shown only while scrolling) into classic ones.
    scrollbarColor: `${palette.text.secondary} ${palette.action.hover}`,
    '& .lg-head': { position: 'sticky', top: 0, zIndex: 3, flexShrink: 0 },
    '& .lg-body': { flex: '1 0 auto', display: 'flex', flexDirection: 'column' },
    '& .lg-row': {
      display: 'flex',
      flex: '0 0 auto',
      minWidth: '100%',
      height: rowHeight,
      borderBottom: `1px solid ${palette.divider}`,
      '--row-tint': 'transparent',
      backgroundColor: 'var(--row-tint)',
    },
    '& .lg-body .lg-row': { cursor: clickable ? 'pointer' : 'default' },
    '& .lg-body .lg-row:hover': { '--row-tint': palette.action.hover },
    '& .lg-body .lg-row.lg-selected': { '--row-tint': selected },
    '& .lg-body .lg-row.lg-selected:hover': { '--row-tint': selectedHover },
    '& .lg-head .lg-row': { height: headerHeight, backgroundColor: palette.background.paper },
    '& .lg-cell': {
      boxSizing: 'border-box',
      flex: '0 0 auto',
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      padding: theme.spacing(0, 1.25),
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      outline: 'none',
      // The theme's focus ring, drawn inside the cell (a cell's neighbours would cover an outer one).
      '&:focus, &:focus-within': { outline: `solid 2px ${palette.primary.main}`, outlineOffset: '-2px' },
    },
    '& .lg-right': { justifyContent: 'flex-end' },
    // The first column (and the checkbox column) stays in view while the others scroll sideways:
    // opaque, and tinted like its row (hovered, selected).
    '& .lg-pinned': {
      position: 'sticky',
      zIndex: 1,
      backgroundColor: palette.background.paper,
      backgroundImage: 'linear-gradient(var(--row-tint), var(--row-tint))',
    },
    '& .lg-pinned-last': { borderRight: `1px solid ${palette.divider}` },
    '& .lg-content': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
    '& .lg-cell .MuiChip-label': { whiteSpace: 'nowrap' },
    // Label, sort arrow and menu button within the 68 px `contentWidth` allows beside a label.
    '& [role="columnheader"]': { fontWeight: 600, paddingRight: theme.spacing(0.5), gap: '2px' },
    '& [role="columnheader"]:not(.lg-pinned)': { position: 'relative' },
    '& .lg-check': { justifyContent: 'center', padding: 0 },
    // A checkbox of 28 px fits the compact rows (MUI's small one is 38 px with its padding).
    '& .lg-check .MuiCheckbox-root': { padding: '4px' },
    '& .lg-sortable': { cursor: 'pointer' },
    '& .lg-title': { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
    '& .lg-sort': { flexShrink: 0, fontSize: 18, color: palette.text.secondary },
    '& .lg-sort-idle': { opacity: 0 },
    '& .lg-sortable:hover .lg-sort-idle': { opacity: 0.5 },
    '& .lg-menu': { flexShrink: 0, marginLeft: 'auto', padding: '2px', opacity: 0 },
    '& .lg-right .lg-menu': { marginLeft: 0 },
    '& [role="columnheader"]:hover .lg-menu, & [role="columnheader"]:focus .lg-menu, & [role="columnheader"]:focus-within .lg-menu, & .lg-menu-open .lg-menu':
      { opacity: 1 },
    '& .lg-resize': {
      position: 'absolute',
      top: 0,
      right: 0,
      bottom: 0,
      width: 8,
      cursor: 'col-resize',
      touchAction: 'none',
      '&::after': { content: '""', position: 'absolute', top: '25%', bottom: '25%', right: 3, width: '1px', backgroundColor: palette.divider },
      '&:hover::after': { backgroundColor: palette.text.secondary, width: '2px' },
    },
    // The empty state spans the visible width, wherever the grid is scrolled.
    '& .lg-empty': { position: 'sticky', left: 0, flex: 1, minHeight: 3 * rowHeight },
  } as const;
}

/** The pagination footer's height (MUI's toolbar, made as low as its controls). */
export const FOOTER_HEIGHT = 44;

/** A list inside a tab is as tall as its rows (at least three, at most 480 px), not a fixed block of empty space. */
export function embeddedHeight(rows: number, density: Density): number {
  return Math.min(480, HEADER_HEIGHT[density] + Math.max(rows, 3) * ROW_HEIGHT[density] + FOOTER_HEIGHT + 4);
}
