import { lazy, Suspense, useState } from 'react';
import { useSnackbar } from '../../shared/ui/snackbar';
import { reportError } from '../../shared/report-error';
import { useAppSettings, useUpdateAppSettings } from '../../shared/settings/app-settings.queries';
import { browserTimeZone } from '../../shared/settings/settings-options';

// The dialog is asked for rarely: it loads when it first opens, not with every page.
const TimezoneDialog = lazy(async () => ({ default: (await import('./TimezoneDialog')).TimezoneDialog }));

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

  // Once shown, the dialog stays mounted so its closing transition runs.
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <TimezoneDialog open={open} zone={zone} onNo={answerNo} onYes={answerYes} />
    </Suspense>
  );
}
