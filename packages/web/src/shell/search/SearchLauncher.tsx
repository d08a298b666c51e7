import { lazy, Suspense, useEffect, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

// The palette (its results list, icons and search query) loads on first open: it is not part of any page's first paint.
const SearchPalette = lazy(async () => ({ default: (await import('./SearchPalette')).SearchPalette }));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's Search button, and Ctrl+K / Cmd+K anywhere in the app: both open the search palette. */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  // Once opened, the palette stays mounted so its closing transition runs.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((current) => !current);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Tooltip title={`Search (${isMac ? '⌘K' : 'Ctrl+K'})`}>
        <IconButton aria-label="Search" aria-keyshortcuts="Control+K Meta+K" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {mounted && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
