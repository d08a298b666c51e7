import { useEffect, useId, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField, ThemeProvider, Typography } from '@mui/material';
import { mfaEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { buildTheme, readDeviceThemePrefs } from '../../shared/theme';
import { secondStepError, normaliseTotp } from '../auth/SecondStep';
import { sendStepUp, stepUpPasskey, type StepUpProof } from './step-up';

type Mode = 'password' | 'code';

interface StepUpDialogProps {
  open: boolean;
  onClose: (confirmed: boolean) => void;
}

/**
 * "Confirm it is you" (spec platform §14.5): a sensitive action answered 403 `step_up_required`;
 * the password, a code from the authenticator app or a passkey confirms it for STEP_UP_SECONDS,
 * and the action is sent again.
 */
export function StepUpDialog({ open, onClose }: StepUpDialogProps) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [factors, setFactors] = useState<{ totp: boolean; passkeys: boolean }>({ totp: false, passkeys: false });
  useEffect(() => {
    let live = true;
    callEndpoint(mfaEndpoints.status)
      .then((status) => live && setFactors({ totp: status.totp, passkeys: status.passkeys.length > 0 }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const prove = async (proof: () => Promise<StepUpProof>) => {
    setError(null);
    setBusy(true);
    try {
      await sendStepUp(await proof());
      onClose(true);
    } catch (failure) {
      setBusy(false);
      setError(mode === 'password' && failure instanceof ApiError && failure.status === 400 ? 'The password is wrong.' : secondStepError(failure));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'password') {
      if (!value) return setError('Enter your password.');
      return void prove(async () => ({ password: value }));
    }
    const code = normaliseTotp(value);
    if (!code) return setError('Enter the 6-digit code from your authenticator app.');
    void prove(async () => ({ code }));
  };

  return (
    <Dialog open={open} onClose={() => !busy && onClose(false)} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>Confirm it is you</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              This action changes sensitive data. {mode === 'password' ? 'Enter your password' : 'Enter the code from your authenticator app'} to continue; you will not be asked again for a few minutes.
            </Typography>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <TextField
              key={mode}
              autoFocus
              fullWidth
              label={mode === 'password' ? 'Password' : 'Code from your authenticator app'}
              type={mode === 'password' ? 'password' : 'text'}
              autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ htmlInput: { inputMode: mode === 'code' ? 'numeric' : undefined } }}
            />
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              {factors.totp && (
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => {
                    setMode(mode === 'password' ? 'code' : 'password');
                    setValue('');
                    setError(null);
                  }}
                >
                  {mode === 'password' ? 'Use a code from your authenticator app instead' : 'Use your password instead'}
                </Link>
              )}
              {factors.passkeys && (
                <Link component="button" type="button" variant="body2" disabled={busy} onClick={() => void prove(async () => ({ passkey: await stepUpPasskey() }))}>
                  Use a passkey
                </Link>
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Shows the dialog over whatever page asked (its own React root, themed as this device's
 * settings say) and answers whether the user confirmed. Registered as the http client's
 * step-up handler and loaded the first time a request needs it.
 */
export function confirmItIsYou(): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const prefersDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
    const theme = buildTheme(readDeviceThemePrefs(), prefersDark);
    const render = (open: boolean) =>
      root.render(
        <ThemeProvider theme={theme}>
          <StepUpDialog open={open} onClose={close} />
        </ThemeProvider>,
      );
    function close(confirmed: boolean) {
      render(false);
      resolve(confirmed);
      // Let the closing animation run, then take the root away.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 400);
    }
    render(true);
  });
}
