import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const UNSAVED_TITLE = 'Discard unsaved changes?';
export const UNSAVED_MESSAGE = 'You have changes that are not saved. If you leave now, they are lost.';

export interface UnsavedChanges {
  /** Closes at once when nothing is typed; otherwise asks first and closes only on Discard. */
  confirmClose: (close: () => void) => void;
  /** The question, rendered where the form is (null while nothing is asked). */
  prompt: ReactNode;
}

/**
 * Nothing typed is lost silently: while `dirty`, leaving the page (browser Back, a link, the side
 * navigation) asks first through the router's blocker, closing or reloading the tab asks through
 * the browser's own `beforeunload` prompt, and `confirmClose` asks before a dialog closes
 * (Escape, Cancel, the backdrop).
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const confirmClose = useCallback((close: () => void) => (dirty ? setPendingClose(() => close) : close()), [dirty]);

  const asking = blocker.state === 'blocked' || pendingClose !== null;
  const keep = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingClose(null);
  };
  const discard = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    pendingClose?.();
    setPendingClose(null);
  };

  const prompt = asking ? <UnsavedChangesDialog onKeep={keep} onDiscard={discard} /> : null;
  return { confirmClose, prompt };
}

export function UnsavedChangesDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <Dialog
      open
      onClose={onKeep}
      aria-labelledby="unsaved-changes-title"
      aria-describedby="unsaved-changes-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="unsaved-changes-title">{UNSAVED_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-changes-text">{UNSAVED_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          Keep editing
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          Discard changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
