import { Box, Drawer, IconButton, Stack, Tooltip, Typography } from '@mui/material';
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
      </Box>
    </Drawer>
  );
}
