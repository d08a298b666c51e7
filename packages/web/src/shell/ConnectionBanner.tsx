import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, GlobalStyles } from '@mui/material';
import { getConnectivity, subscribeConnectivity } from '../api/connectivity';
import { HEADER_HEIGHT } from '../shared/theme';

export const OFFLINE_TEXT = 'You are offline. The page will refresh its data when the connection is back.';
export const UNREACHABLE_TEXT = "Can't reach the server. Trying again…";

/** Shown under the header (and over any open dialog) while the browser is offline or the API does not answer; clears itself on reconnect. */
export function ConnectionBanner() {
  const { browserOnline, apiReachable } = useSyncExternalStore(subscribeConnectivity, getConnectivity);
  const text = !browserOnline ? OFFLINE_TEXT : !apiReachable ? UNREACHABLE_TEXT : null;
  // A full-screen dialog (phones) starts below the banner, so the banner does not cover its title.
  const banner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = banner.current;
    if (!element) return setHeight(0);
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <div role="status" aria-live="polite">
      {text && height > 0 && <GlobalStyles styles={{ '.MuiDialog-paperFullScreen': { paddingTop: height } }} />}
      {text && (
        <Alert
          ref={banner}
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
            // Over an open dialog the banner takes the top edge (the header is behind the backdrop
            // anyway), compact, so it does not cover the dialog's title.
            'body:has(.MuiDialog-root) &': { top: 0, py: 0, '& .MuiAlert-message, & .MuiAlert-icon': { py: 0.25 } },
          }}
        >
          {text}
        </Alert>
      )}
    </div>
  );
}
