import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Divider, FormControl, FormHelperText, InputLabel, OutlinedInput, Paper, Stack, Typography } from '@mui/material';
import { OIDC_ERROR_MESSAGES, type OidcError } from '@ops/contract/identity/oidc-errors';
import type { MfaRequired } from '@ops/contract/identity/mfa.schemas';
import { ApiError } from '../../api/http-client';
import { SecondStep } from './SecondStep';
import type { SecondFactor } from './sign-in';
import { safeNextPath } from './next-path';
import { useToken } from '../../shared/session/use-token';

interface LoginValues {
  email: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginValues, string>>;

function validate(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.email) errors.email = 'Enter your email address.';
  if (!values.password) errors.password = 'Enter your password.';
  return errors;
}

interface LoginFieldProps {
  label: string;
  name: keyof LoginValues;
  type: 'email' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** An outlined text field put together from its parts: TextField would also bring in Select and its menus. */
function LoginField({ label, name, type, autoComplete, autoFocus, value, error, onChange }: LoginFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" error={Boolean(error)} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value}
        onChange={onChange}
        inputProps={{ 'aria-describedby': error ? helperId : undefined }}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}

// The sign-in call and what it fills in (the session, the user's settings): fetched when the visitor starts
// typing, used on submit. It carries no zod any more (answers are not parsed in the browser), so this only
// keeps the session and settings queries off the sign-in page's first paint.
const loadSignIn = () => import('./sign-in');
const prefetchSignIn = () => void loadSignIn().catch(() => undefined);

/** What the server says about sign-in with an identity provider (GET /api/identity/auth/oidc/), read without zod. */
interface ProviderSignIn {
  name: string;
  loginUrl: string;
}

async function loadProviderSignIn(): Promise<ProviderSignIn | null> {
  const response = await fetch('/api/identity/auth/oidc/', { headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as { enabled?: unknown; name?: unknown; login_url?: unknown };
  if (body.enabled !== true || typeof body.name !== 'string' || typeof body.login_url !== 'string') return null;
  return { name: body.name, loginUrl: body.login_url };
}

/** "Sign in with Google" when the server has it on; nothing otherwise (or when it cannot be asked). */
function useProviderSignIn(): ProviderSignIn | null {
  const [provider, setProvider] = useState<ProviderSignIn | null>(null);
  useEffect(() => {
    let live = true;
    loadProviderSignIn()
      .then((found) => live && setProvider(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return provider;
}

const providerError = (code: string | null): string | null =>
  code ? (OIDC_ERROR_MESSAGES[code as OidcError] ?? OIDC_ERROR_MESSAGES.failed) : null;

/** The sign-in module's "second factor required" answer (checked by name: that module loads lazily). */
const isSecondFactorRequired = (failure: unknown): failure is Error & { challenge: MfaRequired } =>
  failure instanceof Error && failure.name === 'SecondFactorRequired' && 'challenge' in failure;

/**
 * The sign-in page is the first thing most visits load, so it carries no form
 * library, no contract schemas and no shell: fields are checked on submit
 * (and again on every change after a first submit).
 */
export function LoginPage() {
  const token = useToken();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(() => providerError(params.get('sso_error')));
  // The password was right and the account has a second factor: the second step asks for it.
  const [challenge, setChallenge] = useState<MfaRequired | null>(null);
  // While this page signs in it navigates itself (to the landing page); an already signed-in visitor is sent on.
  const signingIn = useRef(false);
  const provider = useProviderSignIn();
  // Back from the identity provider with a completed sign-in: take its token (once).
  const finishing = params.get('sso') === 'done';
  // A ref, not state: effects run twice in development, and the hand-over can be taken only once.
  const finishStarted = useRef(false);
  useEffect(() => {
    if (!finishing || finishStarted.current) return;
    finishStarted.current = true;
    signingIn.current = true;
    setSubmitting(true);
    loadSignIn()
      .then(({ finishProviderSignIn }) => finishProviderSignIn(queryClient, next))
      .then((path) => navigate(path, { replace: true }))
      .catch((failure: unknown) => {
        signingIn.current = false;
        setSubmitting(false);
        if (isSecondFactorRequired(failure)) return setChallenge(failure.challenge);
        setError(failure instanceof ApiError ? failure.message : OIDC_ERROR_MESSAGES.failed);
      });
  }, [finishing, navigate, next, queryClient]);

  if (token && !signingIn.current) return <Navigate to={next ?? '/'} replace />;

  const errors = submitted ? validate(values) : {};
  const change = (field: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    prefetchSignIn();
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(values)).length > 0) return;
    setError(null);
    setSubmitting(true);
    signingIn.current = true;
    try {
      const { signIn } = await loadSignIn();
      navigate(await signIn(queryClient, values, next), { replace: true });
    } catch (failure) {
      signingIn.current = false;
      setSubmitting(false);
      if (isSecondFactorRequired(failure)) return setChallenge(failure.challenge);
      setError(failure instanceof ApiError ? failure.message : 'Unable to reach the server. Please try again.');
    }
  };

  // The second step's outcomes: signed in (go on), or a rejection the step shows itself.
  const finish = async (factor: () => Promise<SecondFactor>) => {
    signingIn.current = true;
    try {
      const { finishSecondStep } = await loadSignIn();
      const given = await factor();
      navigate(await finishSecondStep(queryClient, challenge!.mfa_token, given, next), { replace: true });
    } catch (failure) {
      signingIn.current = false;
      throw failure;
    }
  };

  if (challenge) {
    return (
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
          <SecondStep
            methods={challenge.methods}
            submit={(factor) => finish(async () => factor)}
            usePasskey={() => finish(async () => ({ passkey: await (await loadSignIn()).passkeyAssertion(challenge.mfa_token) }))}
            onCancel={() => {
              setChallenge(null);
              setValues((current) => ({ ...current, password: '' }));
              setSubmitted(false);
            }}
          />
        </Paper>
      </Box>
    );
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit}>
          <Box>
            <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.2 }}>
              Operations Platform
            </Typography>
            <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
              Sign in
            </Typography>
          </Box>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <LoginField label="Email" name="email" type="email" autoComplete="username" autoFocus value={values.email} error={errors.email} onChange={change('email')} />
          <LoginField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={change('password')}
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            Sign in
          </Button>
          {provider && (
            <>
              <Divider>or</Divider>
              <Button
                variant="outlined"
                size="large"
                href={`${provider.loginUrl}${next ? `?next=${encodeURIComponent(next)}` : ''}`}
                disabled={submitting}
              >
                Sign in with {provider.name}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
