import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ApiError } from '../../../api/http-client';

export interface ConfirmDeleteDialogProps {
  /** "client Acme Catering" */
  what: string;
  onConfirm: () => Promise<unknown>;
  onDeleted: () => void;
  onClose: () => void;
}

/** Asks before deleting; a 409 (other records still refer to this one) is explained with the API's own detail. */
export function ConfirmDeleteDialog({ what, onConfirm, onDeleted, onClose }: ConfirmDeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ conflict: boolean; message: string } | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onDeleted();
    } catch (caught) {
      const conflict = caught instanceof ApiError && caught.status === 409;
      setError({ conflict, message: caught instanceof ApiError ? caught.message : 'Deleting failed. Please try again.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">Delete {what}?</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity={error.conflict ? 'warning' : 'error'} title={error.conflict ? 'Still in use' : undefined}>
            {error.conflict ? <strong>This record is still in use. </strong> : null}
            {error.message}
            {error.conflict ? ' Remove or reassign those first.' : null}
          </Alert>
        ) : (
          <DialogContentText>This cannot be undone. The change is recorded in the history.</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{error?.conflict ? 'Close' : 'Cancel'}</Button>
        {!error?.conflict && (
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
