import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { DIALOG_ENTRY } from './dialog-entry';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const UNSAVED_TITLE = 'Discard unsaved changes?';
export const UNSAVED_MESSAGE = 'You have changes that are not saved. If you leave now, they are lost.';

export interface UnsavedChanges {
  /** Closes at once when nothing is typed; otherwise asks first and closes only on Discard. */
  confirmClose: (close: () => void) => void;
  /** The question, rendered where the form is (null while nothing is asked). */
  prompt: ReactNode;
}

/** The key of the history entry a dialog adds for itself (in the router's location state). */

/**
 * Nothing typed is lost silently: while `dirty`, leaving the page (browser Back, a link, the side
 * navigation) asks first through the router's blocker, closing or reloading the tab asks through
 * the browser's own `beforeunload` prompt, and `confirmClose` asks before a dialog closes
 * (Escape, Cancel, the backdrop).
 *
 * With `dialog` (the form is a dialog, `onBack` closes it), the open dialog is a history entry of its
 * own (same URL): browser Back then closes it, after the same question when something is typed, and
 * never reaches the page behind, even when the page was opened straight from a link (no earlier
 * entry in the app, where the router could not stop Back). Keeping the edit puts the entry back.
 */
export function useUnsavedChanges(dirty: boolean, dialog?: { onBack: () => void }): UnsavedChanges {
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

  // Back left the dialog's entry while something is typed: keeping the edit puts the entry back.
  const askedByBack = useRef(false);
  const { pushEntry } = useDialogEntry(
    dialog
      ? () => {
          if (!dirty) return dialog.onBack();
          askedByBack.current = true;
          setPendingClose(() => dialog.onBack);
        }
      : null,
  );

  const asking = blocker.state === 'blocked' || pendingClose !== null;
  const keep = () => {
    if (blocker.state === 'blocked') blocker.reset();
    if (askedByBack.current) pushEntry();
    askedByBack.current = false;
    setPendingClose(null);
  };
  const discard = () => {
    askedByBack.current = false;
    if (blocker.state === 'blocked') blocker.proceed();
    pendingClose?.();
    setPendingClose(null);
  };

  const prompt = asking ? <UnsavedChangesDialog onKeep={keep} onDiscard={discard} /> : null;
  return { confirmClose, prompt };
}


/**
 * The dialog's own history entry: pushed when it opens, taken out again when it closes any other way
 * (Cancel, Save) unless the app has moved on to another entry meanwhile (a create that opens the new
 * record). `onPop` runs when browser Back leaves the entry while the dialog is open.
 */
function useDialogEntry(onPop: (() => void) | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const enabled = onPop !== null;
  const popped = useRef(onPop);
  popped.current = onPop;
  const mounted = useRef(false);
  const pushed = useRef(false);
  const ownEntry = () => (window.history.state as { usr?: Record<string, unknown> } | null)?.usr?.[DIALOG_ENTRY] === id;
  const pushEntry = useCallback(() => {
    void navigate(location, { state: { ...(location.state as object | null), [DIALOG_ENTRY]: id }, replace: false });
  }, [navigate, location, id]);

  useEffect(() => {
    if (!enabled) return;
    mounted.current = true;
    // Once per opening, also when StrictMode mounts the dialog twice.
    if (!pushed.current) {
      pushed.current = true;
      pushEntry();
    }
    const onPopState = () => {
      if (!ownEntry()) popped.current?.();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      mounted.current = false;
      window.removeEventListener('popstate', onPopState);
      // After this task: a save that navigates elsewhere has pushed its entry by then, and a remount (StrictMode) has set `mounted`.
      setTimeout(() => {
        if (!mounted.current && ownEntry()) window.history.back();
      }, 0);
    };
    // Once per opening: the entry belongs to the dialog, not to later renders.
  }, [enabled]);

  return { pushEntry };
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
