import { useSyncExternalStore } from 'react';
import { Alert } from '@mui/material';
import { getConnectivity, subscribeConnectivity } from '../api/connectivity';
import { HEADER_HEIGHT } from '../shared/theme';

export const OFFLINE_TEXT = 'You are offline. The page will refresh its data when the connection is back.';
export const UNREACHABLE_TEXT = "Can't reach the server. Trying again…";

/** Shown under the header (and over any open dialog) while the browser is offline or the API does not answer; clears itself on reconnect. */
export function ConnectionBanner() {
  const { browserOnline, apiReachable } = useSyncExternalStore(subscribeConnectivity, getConnectivity);
  const text = !browserOnline ? OFFLINE_TEXT : !apiReachable ? UNREACHABLE_TEXT : null;
  return (
    <div role="status" aria-live="polite">
      {text && (
        <Alert
          severity="warning"
          variant="filled"
          sx={{
            position: 'fixed',
            top: HEADER_HEIGHT,
            left: 0,
            right: 0,
            // Above dialogs and their backdrop: a save made in a dialog while offline must not hide why it fails.
            zIndex: (theme) => theme.zIndex.modal + 1,
            borderRadius: 0,
            justifyContent: 'center',
            py: 0.25,
          }}
        >
          {text}
        </Alert>
      )}
    </div>
  );
}
