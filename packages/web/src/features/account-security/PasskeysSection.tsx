import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import type { Passkey } from '@ops/contract/identity/mfa.schemas';
import { mfaEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { secondStepError } from '../auth/SecondStep';
import { createPasskey } from './step-up';
import { useFactorsChanged } from './account-security';

/** What a failed registration means: the server's field message, or the browser's WebAuthn failure. */
function registrationError(failure: unknown): string {
  if (failure instanceof ApiError && failure.body && typeof failure.body === 'object') {
    const body = failure.body as Record<string, unknown>;
    for (const field of ['name', 'response', 'non_field_errors']) {
      const value = body[field];
      if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    }
    return failure.message;
  }
  if (failure instanceof Error && failure.name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (failure instanceof Error && failure.name === 'NotAllowedError') return 'The passkey was not created (the prompt was closed or timed out).';
  return secondStepError(failure);
}

/** Passkeys (WebAuthn, spec platform §14.5): add one with a name, see when each was used, remove one. */
export function PasskeysSection({ passkeys }: { passkeys: Passkey[] }) {
  const factorsChanged = useFactorsChanged();
  const formatDate = useDateTimeFormatter();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (!trimmed) return setError('Give the passkey a name, such as "Work laptop".');
    if (passkeys.some((p) => p.name.toLowerCase() === trimmed.toLowerCase())) return setError('A passkey with this name exists already.');
    setBusy(true);
    try {
      const response = await createPasskey();
      await callEndpoint(mfaEndpoints.passkeyRegister, { body: { name: trimmed, response } });
      setAdding(false);
      setName('');
      await factorsChanged(true);
    } catch (failure) {
      setError(registrationError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      {passkeys.length > 0 ? (
        <List disablePadding aria-label="Passkeys" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {passkeys.map((passkey, index) => (
            <ListItem
              key={passkey.id}
              divider={index < passkeys.length - 1}
              secondaryAction={
                <Tooltip title={`Remove ${passkey.name}`}>
                  <IconButton edge="end" aria-label={`Remove ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              }
            >
              <KeyOutlinedIcon color="action" sx={{ mr: 1.5 }} />
              <ListItemText
                primary={passkey.name}
                secondary={`Added ${formatDate(passkey.created_at)} · ${passkey.last_used_at ? `last used ${formatDate(passkey.last_used_at)}` : 'not used yet'}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No passkeys yet. A passkey signs you in with this device's fingerprint, face or screen lock, or a security key.
        </Typography>
      )}
      {adding ? (
        <Stack component="form" noValidate onSubmit={add} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            autoFocus
            size="small"
            label="Passkey name"
            placeholder="Work laptop"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ minWidth: 240 }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Waiting for the passkey…' : 'Create passkey'}
          </Button>
          <Button
            onClick={() => {
              setAdding(false);
              setError(null);
            }}
            disabled={busy}
          >
            Cancel
          </Button>
        </Stack>
      ) : (
        <Box>
          <Button variant="outlined" startIcon={<KeyOutlinedIcon />} onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        </Box>
      )}
      {error && !adding && <Alert severity="error">{error}</Alert>}
      {removing && (
        <ConfirmDialog
          title="Remove this passkey?"
          message={`"${removing.name}" will no longer sign you in.`}
          confirmLabel="Remove"
          busyLabel="Removing…"
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            await callEndpoint(mfaEndpoints.passkeyDelete, { params: { id: removing.id } });
            setRemoving(null);
            await factorsChanged(passkeys.length > 1);
          }}
        />
      )}
    </Stack>
  );
}
