import { lazy, Suspense, useState } from 'react';
import { Box, Button } from '@mui/material';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import type { ViewsMenuPanelProps } from './ViewsMenuPanel';

// The menu's items and dialogs load at the first click, not with the list (scripts/bundle-budget.ts).
const ViewsMenuPanel = lazy(async () => ({ default: (await import('./ViewsMenuPanel')).ViewsMenuPanel }));

export type ViewsMenuProps = Omit<ViewsMenuPanelProps, 'anchor' | 'onClose'>;

/** The list's "Views" button; its menu (named views and their actions) opens below it. */
export function ViewsMenu(props: ViewsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the panel stays mounted: a dialog it opened (save, rename, delete) outlives the menu.
  const [opened, setOpened] = useState(false);
  const active = props.views.find((v) => v.id === props.activeId) ?? null;
  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        sx={{ maxWidth: { xs: 180, sm: 200, xl: 280 } }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {active ? `Views: ${active.name}${props.modified ? ' (changed)' : ''}` : 'Views'}
        </Box>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ViewsMenuPanel {...props} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
