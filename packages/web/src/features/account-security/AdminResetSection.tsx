import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { mfaEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { UserPicker } from '../users/UserPicker';
import type { UserWithEmail } from '../users/users.queries';

/**
 * An administrator's reset of another user's second factor (lost phone, lost security key): the
 * server removes the authenticator app, passkeys and recovery codes, asks for step-up first and
 * records it in the security log. Shown to users who may change users.
 */
export function AdminResetSection() {
  const [user, setUser] = useState<UserWithEmail | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        For someone who lost their phone or security key: they sign in with their password alone afterwards and set up a new factor. Check who is asking before you reset.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, maxWidth: 420 }}>
          <UserPicker
            label="User"
            value={user}
            onChange={(picked) => {
              setUser(picked);
              setDone(null);
            }}
          />
        </Box>
        <Box>
          <Button variant="outlined" color="error" disabled={!user} onClick={() => setConfirming(true)}>
            Reset second factor
          </Button>
        </Box>
      </Stack>
      {done && (
        <Alert severity="success" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {confirming && user && (
        <ConfirmDialog
          title="Reset this user's second factor?"
          message={`${user.email} loses their authenticator app, passkeys and recovery codes. The reset is recorded in the security log.`}
          confirmLabel="Reset"
          busyLabel="Resetting…"
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const removed = await callEndpoint(mfaEndpoints.resetUserMfa, { params: { id: user.id } });
            const parts = [removed.totp ? 'the authenticator app' : null, removed.passkeys ? `${removed.passkeys} passkey${removed.passkeys === 1 ? '' : 's'}` : null, removed.recovery_codes ? `${removed.recovery_codes} recovery codes` : null].filter(Boolean);
            setDone(parts.length ? `Removed ${parts.join(', ')} for ${user.email}.` : `${user.email} had no second factor; nothing was removed.`);
            setConfirming(false);
          }}
        />
      )}
    </Stack>
  );
}
