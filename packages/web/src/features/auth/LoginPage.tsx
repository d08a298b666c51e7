import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { identityEndpoints } from '@ops/contract/identity/identity.endpoints';
import { storeToken } from '../../api/auth-token';
import { ApiError, callEndpoint } from '../../api/http-client';
import { appSettingsQuery } from '../../shell/settings/app-settings.queries';
import { landingPath } from '../../shell/settings/settings-options';
import { currentUserQuery, safeNextPath, useToken } from './session';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const token = useToken();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  // While this page signs in it navigates itself (to the landing page); an already signed-in visitor is sent on.
  const signingIn = useRef(false);

  if (token && !signingIn.current) return <Navigate to={next ?? '/'} replace />;

  const onSubmit = async (values: LoginValues) => {
    setError(null);
    signingIn.current = true;
    try {
      const answer = await callEndpoint(identityEndpoints.knoxLogin, { body: values, anonymous: true });
      queryClient.clear();
      storeToken({ token: answer.token, expiry: answer.expiry });
      queryClient.setQueryData(currentUserQuery.queryKey, answer.user);
      let target = next;
      if (!target) {
        // Without a page asked for, go to the landing page the user chose.
        const settings = await queryClient.fetchQuery(appSettingsQuery).catch(() => null);
        target = landingPath(settings?.landing_page);
      }
      navigate(target, { replace: true });
    } catch (failure) {
      signingIn.current = false;
      setError(failure instanceof ApiError ? failure.message : 'Unable to reach the server. Please try again.');
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={handleSubmit(onSubmit)}>
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
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
            {...register('email', { required: 'Enter your email address.' })}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message}
            {...register('password', { required: 'Enter your password.' })}
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
