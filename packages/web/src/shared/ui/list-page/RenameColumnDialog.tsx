import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';

export interface RenameColumnDialogProps {
  field: string | null;
  current: string;
  original: string;
  onSave: (field: string, label: string | null) => void;
  onClose: () => void;
}

export function RenameColumnDialog({ field, current, original, onSave, onClose }: RenameColumnDialogProps) {
  const [label, setLabel] = useState(current);
  if (!field) return null;
  const submit = () => onSave(field, label.trim() && label.trim() !== original ? label.trim() : null);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle>Rename column</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Column name"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            helperText={`Original name: ${original}`}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onSave(field, null)}>Use original</Button>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
