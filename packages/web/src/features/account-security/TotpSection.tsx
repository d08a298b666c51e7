import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { mfaEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { normaliseTotp } from '../auth/SecondStep';
import { recoveryCodesText, useFactorsChanged } from './account-security';

interface Setup {
  secret: string;
  otpauth_url: string;
}

/** The otpauth URL as a QR code image (the `qrcode` library, loaded with this section). */
function useQrCode(url: string | undefined): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return setImage(null);
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(url, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((data) => live && setImage(data))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

const messageOf = (failure: unknown, fallback: string) => (failure instanceof ApiError ? failure.message.replace(/^code: /, '') : fallback);

/** Shows the ten recovery codes once: copy them, download them, then close. */
export function RecoveryCodesDialog({ codes, account, onClose }: { codes: string[]; account: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = recoveryCodesText(codes, account);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'operations-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Dialog open aria-labelledby="recovery-codes-title" maxWidth="xs" fullWidth>
      <DialogTitle id="recovery-codes-title">Save your recovery codes</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          If you lose your phone, each of these codes signs you in once. They are shown only now: copy or download them and keep them somewhere safe.
        </DialogContentText>
        <Box
          component="ol"
          aria-label="Recovery codes"
          sx={{ m: 0, p: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1, bgcolor: 'action.hover', borderRadius: 1, listStyle: 'none', fontFamily: 'monospace', fontSize: { xs: '0.875rem', sm: '0.95rem' }, whiteSpace: 'nowrap' }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        {copied && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Copied.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          Copy
        </Button>
        <Button onClick={download}>Download</Button>
        <Button variant="contained" onClick={onClose}>
          I have saved them
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Turns the authenticator app off after a current code or the password. */
function TurnOffDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [mode, setMode] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const code = normaliseTotp(value);
    if (mode === 'code' && !code) return setError('Enter the 6-digit code from your authenticator app.');
    if (mode === 'password' && !value) return setError('Enter your password.');
    setBusy(true);
    try {
      await callEndpoint(mfaEndpoints.totpDelete, { body: mode === 'code' ? { code } : { password: value } });
      onDone();
    } catch (failure) {
      setBusy(false);
      setError(messageOf(failure, 'The authenticator app could not be turned off.'));
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="totp-off-title" maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id="totp-off-title">Turn off the authenticator app?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>Signing in will no longer ask for its code. Your unused recovery codes stop working too unless you have a passkey.</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              key={mode}
              autoFocus
              label={mode === 'code' ? 'Code from your authenticator app' : 'Password'}
              type={mode === 'code' ? 'text' : 'password'}
              autoComplete={mode === 'code' ? 'one-time-code' : 'current-password'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ htmlInput: { inputMode: mode === 'code' ? 'numeric' : undefined } }}
            />
            <Box>
              <Button
                size="small"
                onClick={() => {
                  setMode(mode === 'code' ? 'password' : 'code');
                  setValue('');
                  setError(null);
                }}
              >
                {mode === 'code' ? 'Use your password instead' : 'Use a code instead'}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            Turn off
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The authenticator app (TOTP, spec platform §14.5): set it up from a QR code or the secret,
 * confirm with a code, keep the ten recovery codes shown once; or turn it off.
 */
export function TotpSection({ enabled, account }: { enabled: boolean; account: string }) {
  const factorsChanged = useFactorsChanged();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const qr = useQrCode(setup?.otpauth_url);

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      setSetup(await callEndpoint(mfaEndpoints.totpSetup));
      setCode('');
    } catch (failure) {
      setError(messageOf(failure, 'The setup could not start.'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const given = normaliseTotp(code);
    if (!given) return setError('Enter the 6-digit code your authenticator app shows.');
    setBusy(true);
    try {
      const answer = await callEndpoint(mfaEndpoints.totpConfirm, { body: { code: given } });
      setCodes(answer.recovery_codes);
      setSetup(null);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 400 ? 'That code did not work. Check the time on your phone and enter the newest code.' : messageOf(failure, 'The code could not be checked.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" color={enabled ? 'success' : 'default'} label={enabled ? 'On' : 'Off'} />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          {enabled ? 'Signing in asks for a code from your authenticator app.' : 'Use an app such as Google Authenticator, Microsoft Authenticator or 1Password.'}
        </Typography>
        {enabled ? (
          <Button variant="outlined" color="error" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        ) : (
          !setup && (
            <Button variant="contained" onClick={() => void start()} disabled={busy}>
              Set up authenticator app
            </Button>
          )
        )}
      </Stack>
      {error && !setup && <Alert severity="error">{error}</Alert>}
      {setup && (
        <Box component="form" noValidate onSubmit={confirm} sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, alignItems: 'start', p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Box sx={{ width: 200, height: 200, justifySelf: { xs: 'center', sm: 'start' }, bgcolor: '#fff', borderRadius: 1, display: 'grid', placeItems: 'center' }}>
            {qr ? <img src={qr} width={200} height={200} alt="QR code to scan with your authenticator app" /> : <Typography variant="body2">Loading QR code…</Typography>}
          </Box>
          <Stack spacing={2}>
            <Typography variant="body2">1. Scan the QR code with your authenticator app, or type this key into it:</Typography>
            <Typography aria-label="Secret key" sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', bgcolor: 'action.hover', px: 1.5, py: 1, borderRadius: 1 }}>
              {grouped(setup.secret)}
            </Typography>
            <Typography variant="body2">2. Enter the 6-digit code the app shows:</Typography>
            <TextField
              label="Code"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(error)}
              helperText={error ?? undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
              sx={{ maxWidth: 240 }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy}>
                Confirm
              </Button>
              <Button onClick={() => setSetup(null)} disabled={busy}>
                Cancel
              </Button>
            </Stack>
          </Stack>
        </Box>
      )}
      {codes && (
        <RecoveryCodesDialog
          codes={codes}
          account={account}
          onClose={() => {
            setCodes(null);
            void factorsChanged(true);
          }}
        />
      )}
      {turningOff && (
        <TurnOffDialog
          onCancel={() => setTurningOff(false)}
          onDone={() => {
            setTurningOff(false);
            void factorsChanged(false);
          }}
        />
      )}
    </Stack>
  );
}
