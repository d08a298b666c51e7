import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { auditEndpoints } from '../../api/endpoint-routes';
import { apiDownload, callEndpoint } from '../../api/http-client';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { UserPicker } from '../users/UserPicker';
import type { UserWithEmail } from '../users/users.queries';

/** The name an admin types to erase someone: the full name, else the e-mail. */
export function confirmationOf(user: Pick<UserWithEmail, 'full_name' | 'email'>): string {
  return user.full_name?.trim() || user.email;
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Erasing cannot be undone: the dialog says what happens and asks for the person's name. */
export function EraseUserDialog({ user, open, onClose, onErased }: { user: UserWithEmail; open: boolean; onClose: () => void; onErased: (name: string) => void }) {
  const [typed, setTyped] = useState('');
  const expected = confirmationOf(user);
  const erase = useMutation({
    mutationFn: () => callEndpoint(auditEndpoints.eraseUser, { params: { id: user.id } }),
    onSuccess: (answer) => onErased(answer.name),
  });
  return (
    <Dialog open={open} onClose={erase.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="erase-user-title">
      <DialogTitle id="erase-user-title">Erase {expected}?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>This cannot be undone. The person is anonymised everywhere:</Typography>
        <Box component="ul" sx={{ mt: 0, pl: 3 }}>
          <li>their name becomes “Former user &lt;n&gt;”, their e-mail and phone are removed;</li>
          <li>their tickets and messages stay, with the author anonymised; their attachments are removed;</li>
          <li>they are signed out everywhere and their tokens stop working;</li>
          <li>finance and payroll records stay as they are.</li>
        </Box>
        <TextField
          autoFocus
          fullWidth
          size="small"
          sx={{ mt: 2 }}
          label={`Type “${expected}” to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {erase.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {apiErrorMessageOf(erase.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={erase.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" disabled={typed.trim() !== expected || erase.isPending} onClick={() => erase.mutate()}>
          Erase this person
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Export everything held about a person, or erase them (docs/spec platform 14.6); both ask "Confirm it is you". */
export function PersonDataActions({ user }: { user: UserWithEmail }) {
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: () => apiDownload(auditEndpoints.exportUser.path.replace('{id}', encodeURIComponent(user.id))),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? `user-${user.id}.zip`),
  });
  if (erased) return <Alert severity="success">Erased: the person is now {erased}.</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing…' : 'Export data'}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setErasing(true)}>
          Erase this person
        </Button>
      </Stack>
      {download.isError && <Alert severity="error">{apiErrorMessageOf(download.error)}</Alert>}
      {erasing && (
        <EraseUserDialog
          user={user}
          open
          onClose={() => setErasing(false)}
          onErased={(name) => {
            setErasing(false);
            setErased(name);
          }}
        />
      )}
    </Stack>
  );
}

/** Pick a person, then export or erase their data. */
export function PersonDataPanel() {
  const [user, setUser] = useState<UserWithEmail | null>(null);
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <UserPicker label="Search users" value={user} onChange={setUser} />
      {user ? (
        <PersonDataActions key={user.id} user={user} />
      ) : (
        <Typography color="text.secondary">Search for a person to export everything held about them as a ZIP, or to erase them.</Typography>
      )}
    </Stack>
  );
}
