import { useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ApiError } from '../../api/http-client';
import { apiErrorMessageOf, referrersOf } from '../api-error-message';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs (`Deleting…`). */
  busyLabel?: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Asks before a destructive action; keeps itself open and shows the API's
 * answer when the action fails. A 409 (other records still refer to this one)
 * is explained: the API's detail, the referrers it names, and what to do; the
 * action cannot be retried from there.
 */
export function ConfirmDialog({ title, message, confirmLabel, busyLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ conflict: boolean; message: string } | null>(null);
  const referrers = error?.conflict ? referrersOf(error.message) : [];
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {!error?.conflict && <DialogContentText>{message}</DialogContentText>}
        {error && (
          <Alert severity={error.conflict ? 'warning' : 'error'} sx={{ mt: error.conflict ? 0 : 2 }}>
            {error.conflict && <AlertTitle>This record is still in use.</AlertTitle>}
            {error.message}
            {referrers.length > 0 && (
              <Box component="ul" aria-label="Still referring to it" sx={{ my: 1, pl: 2.5 }}>
                {referrers.map((referrer) => (
                  <li key={referrer}>{referrer}</li>
                ))}
              </Box>
            )}
            {error.conflict && ' Remove or reassign those first.'}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {error?.conflict ? 'Close' : 'Cancel'}
        </Button>
        {!error?.conflict && (
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await onConfirm();
              } catch (failure) {
                setError({ conflict: failure instanceof ApiError && failure.status === 409, message: apiErrorMessageOf(failure) });
                setBusy(false);
              }
            }}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Asks before deleting a record: "Delete client Acme?" */
export function ConfirmDeleteDialog({ what, onConfirm, onDeleted, onClose }: { what: string; onConfirm: () => Promise<unknown>; onDeleted: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={`Delete ${what}?`}
      message="This cannot be undone. The change is recorded in the history."
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onConfirm={async () => {
        await onConfirm();
        onDeleted();
      }}
      onCancel={onClose}
    />
  );
}
