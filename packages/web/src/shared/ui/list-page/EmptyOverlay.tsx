import type { ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';

export interface ListPageEmpty {
  title: string;
  description?: string;
  action?: ReactNode;
}

/** What an empty list says: that the view hides everything (with a way out), or the page's own empty state. */
export function EmptyOverlay({ filtered, empty, onClear }: { filtered: boolean; empty?: ListPageEmpty; onClear: () => void }) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3, gap: 1 }}>
      <InboxOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
      {filtered ? (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
            No records match this view
          </Typography>
          <Typography color="text.secondary">Change the search or filters to see more.</Typography>
          <Button onClick={onClear} sx={{ pointerEvents: 'auto' }}>
            Clear search and filters
          </Button>
        </>
      ) : (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
            {empty?.title ?? 'Nothing here yet'}
          </Typography>
          {empty?.description && <Typography color="text.secondary">{empty.description}</Typography>}
          {empty?.action && <Box sx={{ mt: 1, pointerEvents: 'auto' }}>{empty.action}</Box>}
        </>
      )}
    </Stack>
  );
}

/**
 * The empty message inside the data grid: the grid role may only hold rows, so the message is one
 * row with one cell (a heading and a button directly in the grid are invalid ARIA, and screen
 * readers skip them).
 */
export function GridOverlayRow({ children }: { children: ReactNode }) {
  return (
    <Box role="row" sx={{ height: '100%' }}>
      <Box role="gridcell" sx={{ height: '100%' }}>
        {children}
      </Box>
    </Box>
  );
}
