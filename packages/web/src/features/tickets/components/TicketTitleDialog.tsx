import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { TICKET_TITLE_MAX } from '@ops/contract/helpdesk/helpdesk.values';
import { useUnsavedChanges } from '../../../shared/ui/unsaved-changes';

export const TITLE_REQUIRED = 'Title is required.';

export interface TicketTitleDialogProps {
  title: string;
  onSave: (title: string) => Promise<void>;
  onClose: () => void;
}

/** Renames a ticket; asks before an edited title is thrown away. */
export function TicketTitleDialog({ title, onSave, onClose }: TicketTitleDialogProps) {
  const [value, setValue] = useState(title);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = value !== title && !saving;
  const { confirmClose, prompt } = useUnsavedChanges(dirty, { onBack: onClose });
  const error = (attempted || value !== title) && !value.trim() ? TITLE_REQUIRED : null;
  const close = () => confirmClose(onClose);

  return (
    <Dialog open onClose={saving ? undefined : close} aria-labelledby="ticket-title-dialog" maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (!value.trim() || saving) return;
          setSaving(true);
          onSave(value.trim()).catch(() => setSaving(false));
        }}
      >
        <DialogTitle id="ticket-title-dialog">Edit title</DialogTitle>
        <DialogContent>
          <TextField
            label="Title"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: TICKET_TITLE_MAX } }}
            disabled={saving}
            fullWidth
            autoFocus
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
      {prompt}
    </Dialog>
  );
}
