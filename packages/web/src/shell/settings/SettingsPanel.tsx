import { Link as RouterLink } from 'react-router';
import { Box, Button, Divider, Drawer, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useShell } from '../shell-context';
import { AppSettingsForm } from './AppSettingsForm';

const TITLE_ID = 'settings-panel-title';

export function SettingsPanel() {
  const { settingsOpen, closeSettings } = useShell();
  return (
    <Drawer
      anchor="right"
      open={settingsOpen}
      onClose={closeSettings}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': TITLE_ID, sx: { width: 400, maxWidth: '100vw' } } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={TITLE_ID} variant="h2" sx={{ fontSize: '1.125rem', flexGrow: 1 }}>
          Application Settings
        </Typography>
        <Tooltip title="Close">
          <IconButton aria-label="Close" onClick={closeSettings}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ p: 2.5, overflowY: 'auto' }}>
        <AppSettingsForm />
        <Divider sx={{ my: 2.5 }} />
        <Typography variant="subtitle2">Sign-in and security</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
          Authenticator app, passkeys, recovery codes and where you are signed in.
        </Typography>
        <Button variant="outlined" component={RouterLink} to="/account-security" onClick={closeSettings}>
          Open sign-in and security
        </Button>
      </Box>
    </Drawer>
  );
}
