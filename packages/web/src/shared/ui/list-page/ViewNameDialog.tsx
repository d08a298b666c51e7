import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
} from '@mui/material';
import { ApiError } from '../../../api/http-client';
import { apiErrorMessageOf } from '../../api-error-message';

/** Names a list's view when it is saved or renamed (`ViewsMenu`). */
export interface ViewNameDialogProps {
  title: string;
  confirmLabel: string;
  initialName?: string;
  canShare: boolean;
  onCancel: () => void;
  onSave: (name: string, shared: boolean) => Promise<void>;
}

export function ViewNameDialog({ title, confirmLabel, initialName = '', canShare, onCancel, onSave }: ViewNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [share, setShare] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!name.trim()) {
      setError('Enter a name.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(name.trim(), share);
    } catch (caught) {
      const fields = caught instanceof ApiError ? (caught.body as Record<string, unknown> | undefined) : undefined;
      const nameError = Array.isArray(fields?.name) ? String(fields.name[0]) : null;
      setError(nameError ?? apiErrorMessageOf(caught));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="view-name-title" maxWidth="xs" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="view-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="View name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          {canShare && (
            <FormControlLabel
              control={<Checkbox checked={share} onChange={(event) => setShare(event.target.checked)} />}
              label="Share with everyone"
            />
          )}
          {!canShare && title === 'Save as new view' && (
            <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
              Only you will see this view.
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
