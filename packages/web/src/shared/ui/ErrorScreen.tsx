import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAltOutlined';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';

/** What went wrong, as the user can act on it. */
export type ErrorScreenKind = 'new-version' | 'unreachable' | 'crash';

export const ERROR_SCREENS: Record<ErrorScreenKind, { title: string; description: string }> = {
  'new-version': {
    title: 'A new version is available',
    description: 'The app was updated while you were using it. Reload to get the new version; nothing you saved is lost.',
  },
  unreachable: {
    title: "Can't reach the server",
    description: 'Check your connection. When the server answers again, reload to carry on where you were.',
  },
  crash: {
    title: 'Something went wrong on this page',
    description: 'The problem was reported. Reload the page, or go to Home and try again.',
  },
};

export interface ErrorScreenProps {
  kind: ErrorScreenKind;
  onReload: () => void;
  /** Where Home goes (a full page load, so a broken page state is left behind). */
  homeHref?: string;
  /** Fill the window (no shell around it) rather than the page area. */
  fullScreen?: boolean;
}

const ICONS: Record<ErrorScreenKind, typeof CloudOffIcon> = {
  'new-version': SystemUpdateIcon,
  unreachable: CloudOffIcon,
  crash: ReportProblemIcon,
};

/** The product's own screen for a page that cannot be shown: what happened, Reload and Home. */
export function ErrorScreen({ kind, onReload, homeHref = '/', fullScreen = false }: ErrorScreenProps) {
  const { title, description } = ERROR_SCREENS[kind];
  const Icon = ICONS[kind];
  return (
    <Box
      role="alert"
      aria-labelledby="error-screen-title"
      sx={{
        display: 'grid',
        placeItems: 'center',
        p: { xs: 2, md: 3 },
        minHeight: fullScreen ? '100vh' : { xs: 'calc(100vh - 3rem)', md: '60vh' },
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      <Paper variant="outlined" sx={{ maxWidth: 520, width: '100%', p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Icon aria-hidden sx={{ fontSize: 48, color: kind === 'crash' ? 'error.main' : 'primary.main', mb: 1.5 }} />
        <Typography id="error-screen-title" variant="h1" sx={{ fontSize: { xs: '1.35rem', sm: '1.5rem' }, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {description}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={onReload}>
            Reload
          </Button>
          <Button variant="outlined" href={homeHref}>
            Home
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
