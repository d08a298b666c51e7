import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Stack, Typography } from '@mui/material';
import { useCan, useCurrentUser } from '../../shared/session/session';
import { useMfaSetupRequired } from '../../shared/session/mfa-setup';
import { PageFrame } from '../../shared/ui/PageFrame';
import { SettingsSection } from '../../shared/ui/SettingsSection';
import { PageLoading } from '../../shared/ui/PageLoading';
import { mfaStatusQuery } from './account-security';
import { TotpSection } from './TotpSection';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { AdminResetSection } from './AdminResetSection';


/**
 * Sign-in and security (spec platform §14.5): the authenticator app, passkeys, recovery codes
 * left, where the user is signed in, and for administrators the reset of another user's factor.
 */
export function AccountSecurityPage() {
  const user = useCurrentUser();
  const status = useQuery(mfaStatusQuery);
  const setupRequired = useMfaSetupRequired();
  const can = useCan();
  if (status.isPending || user.isPending) return <PageLoading />;
  if (status.isError || !user.data) return <Alert severity="error">Your sign-in settings could not be loaded.</Alert>;
  const mfa = status.data;
  const hasFactor = mfa.totp || mfa.passkeys.length > 0;

  return (
    <PageFrame title="Sign-in and security" subtitle={user.data.email}>
      <Stack spacing={2.5}>
        {setupRequired && !hasFactor && (
          <Alert severity="warning" role="alert">
            <AlertTitle>Set up a second factor to continue</AlertTitle>
            Your organisation requires accounts like yours to confirm sign-ins with a second factor. Set up an authenticator app or add a passkey below; the rest of the
            app opens as soon as one is set.
          </Alert>
        )}
        <SettingsSection title="Authenticator app" description="A 6-digit code from an app on your phone, asked for after your password.">
          <TotpSection enabled={mfa.totp} account={user.data.email} />
        </SettingsSection>
        <SettingsSection title="Passkeys" description="Sign in with your fingerprint, face, screen lock or a security key instead of a code.">
          <PasskeysSection passkeys={mfa.passkeys} />
        </SettingsSection>
        <SettingsSection title="Recovery codes" description="Single-use codes for when you cannot use your authenticator app.">
          <Typography>
            {mfa.recovery_codes_left > 0
              ? `${mfa.recovery_codes_left} of 10 recovery codes left.`
              : mfa.totp
                ? 'No recovery codes left: turn the authenticator app off and set it up again for new ones.'
                : 'You get ten recovery codes when you set up the authenticator app.'}
          </Typography>
          {mfa.recovery_codes_left > 0 && mfa.recovery_codes_left <= 3 && (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              Only a few codes are left. Set up the authenticator app again to get new ones.
            </Alert>
          )}
        </SettingsSection>
        {!setupRequired && (
          <SettingsSection title="Where you are signed in" description="Browsers, phones and API tokens signed in to your account. End any you do not recognise.">
            <SessionsSection />
          </SettingsSection>
        )}
        {!setupRequired && can('user', 'change') && (
          <SettingsSection title="Reset a user's second factor" description="Administrators only.">
            <AdminResetSection />
          </SettingsSection>
        )}
      </Stack>
    </PageFrame>
  );
}
