import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { reportError } from '../../shared/report-error';
import { useAppSettings, useUpdateAppSettings } from '../../shared/settings/app-settings.queries';
import { browserTimeZone } from '../../shared/settings/settings-options';

const DISMISSED_KEY = 'ops.timezone-prompt-dismissed';

/**
 * Asks to switch the saved time zone to the browser's when they differ, once
 * the settings have loaded. "No" is remembered for this tab's session so the
 * question does not come back on every navigation (docs/decisions.md).
 */
export function TimezonePrompt() {
  const settings = useAppSettings();
  const update = useUpdateAppSettings();
  const { enqueueSnackbar } = useSnackbar();
  const zone = browserTimeZone();
  const [closed, setClosed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === zone);
  const open = !closed && settings.isSuccess && Boolean(zone) && settings.data.timezone !== zone;

  const answerNo = () => {
    sessionStorage.setItem(DISMISSED_KEY, zone);
    setClosed(true);
  };
  const answerYes = () => {
    setClosed(true);
    update.mutate(
      { timezone: zone },
      {
        onError: (error) => {
          enqueueSnackbar('Error updating timezone', { variant: 'error' });
          reportError(error, { action: 'update-timezone', timezone: zone });
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={answerNo} aria-labelledby="timezone-prompt-text" maxWidth="xs" fullWidth>
      <DialogContent>
        <DialogContentText id="timezone-prompt-text" sx={{ color: 'text.primary' }}>
          Timezone change has been detected. Change time zone to {zone}?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={answerNo}>No</Button>
        <Button onClick={answerYes} variant="contained" autoFocus>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
