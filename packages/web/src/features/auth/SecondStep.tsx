import { useId, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Divider, FormControl, FormHelperText, InputLabel, Link, OutlinedInput, Stack, Typography } from '@mui/material';
import type { MfaMethod } from '@ops/contract/identity/mfa.schemas';
import { ApiError } from '../../api/http-client';
import type { SecondFactor } from './sign-in';

type Mode = 'totp' | 'recovery';

/** What went wrong with a second factor, in words for the person signing in. */
export function secondStepError(failure: unknown): string {
  if (failure instanceof ApiError) {
    if (failure.status === 429) return 'Too many attempts. Wait a few minutes, then sign in again.';
    if (failure.status === 400) return 'That code did not work: it is wrong or was used already. If more than 5 minutes have passed, go back to sign in and start again.';
    return failure.message;
  }
  // The browser's WebAuthn prompt was closed, timed out or found no passkey for this site.
  if (failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError')) return 'The passkey was not used. Try again, or enter a code instead.';
  if (failure instanceof Error && failure.name === 'WebAuthnError') return failure.message;
  return 'Unable to reach the server. Please try again.';
}

/** "123 456" or "123-456" as an authenticator app shows it: six digits, or undefined. */
export function normaliseTotp(code: string): string | undefined {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

interface SecondStepProps {
  methods: MfaMethod[];
  /** Sends one factor; rejects with the server's answer. */
  submit: (factor: SecondFactor) => Promise<void>;
  /** Asks the browser for a passkey assertion and sends it. */
  usePasskey: () => Promise<void>;
  onCancel: () => void;
}

/**
 * The sign-in's second step (spec platform §14.5): the code from the authenticator app, a
 * recovery code, or a passkey; errors say what to do. Part of the sign-in page, so it carries no
 * WebAuthn code itself (the passkey prompt loads when chosen).
 */
export function SecondStep({ methods, submit, usePasskey, onCancel }: SecondStepProps) {
  const hasTotp = methods.includes('totp');
  const hasRecovery = methods.includes('recovery_code');
  const hasPasskey = methods.includes('passkey');
  const [mode, setMode] = useState<Mode>(hasTotp ? 'totp' : 'recovery');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const showCode = (hasTotp && mode === 'totp') || (hasRecovery && mode === 'recovery');

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setBusy(false);
      setError(secondStepError(failure));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (mode === 'totp') {
      const code = normaliseTotp(value);
      if (!code) return setFieldError('Enter the 6-digit code from your authenticator app.');
      void run(() => submit({ code }));
    } else {
      const code = value.trim();
      if (!code) return setFieldError('Enter one of your recovery codes.');
      void run(() => submit({ recovery_code: code }));
    }
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setValue('');
    setFieldError(null);
    setError(null);
  };

  const label = mode === 'totp' ? 'Code from your authenticator app' : 'Recovery code';
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.2 }}>
          Operations Platform
        </Typography>
        <Typography id={`${id}-title`} variant="h1" sx={{ fontSize: '1.5rem' }}>
          Confirm it is you
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {showCode
            ? mode === 'totp'
              ? 'Open your authenticator app and enter the 6-digit code it shows for this account.'
              : 'Enter one of the recovery codes you saved when you set up your second factor. Each code works once.'
            : 'Use the passkey you registered for this account.'}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {showCode && (
        <FormControl variant="outlined" error={Boolean(fieldError)} fullWidth>
          <InputLabel htmlFor={`${id}-code`}>{label}</InputLabel>
          <OutlinedInput
            id={`${id}-code`}
            key={mode}
            label={label}
            name={mode === 'totp' ? 'code' : 'recovery_code'}
            autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputProps={{
              inputMode: mode === 'totp' ? 'numeric' : 'text',
              maxLength: mode === 'totp' ? 9 : 40,
              spellCheck: false,
              'aria-describedby': fieldError ? `${id}-helper` : undefined,
            }}
          />
          {fieldError && <FormHelperText id={`${id}-helper`}>{fieldError}</FormHelperText>}
        </FormControl>
      )}
      {showCode && (
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Verify
        </Button>
      )}
      {hasPasskey && (
        <>
          {showCode && <Divider>or</Divider>}
          <Button variant={showCode ? 'outlined' : 'contained'} size="large" disabled={busy} onClick={() => void run(usePasskey)}>
            Use a passkey
          </Button>
        </>
      )}
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {hasTotp && hasRecovery && (
          <Link component="button" type="button" variant="body2" onClick={() => switchTo(mode === 'totp' ? 'recovery' : 'totp')}>
            {mode === 'totp' ? 'Use a recovery code instead' : 'Use the code from your authenticator app'}
          </Link>
        )}
        <Link component="button" type="button" variant="body2" onClick={onCancel}>
          Back to sign in
        </Link>
      </Stack>
    </Stack>
  );
}
