import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';

/** The time-zone question's dialog (TimezonePrompt.tsx), loaded the first time it opens. */
export function TimezoneDialog({
  open,
  zone,
  onNo,
  onYes,
}: {
  open: boolean;
  zone: string;
  onNo: () => void;
  onYes: () => void;
}) {
  return (
    <Dialog open={open} onClose={onNo} aria-labelledby="timezone-prompt-text" maxWidth="xs" fullWidth>
      <DialogContent>
        <DialogContentText id="timezone-prompt-text" sx={{ color: 'text.primary' }}>
          Timezone change has been detected. Change time zone to {zone}?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo}>No</Button>
        <Button onClick={onYes} variant="contained" autoFocus>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
