import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  Paper,
  Radio,
  Slider,
  Stack,
  Switch,
  TextField,
  Typography,
  useTheme,
  type TypographyVariant,
} from '@mui/material';
import { useAppSettings } from '../../shared/settings/app-settings.queries';
import { PageFrame } from '../../shared/ui/PageFrame';

const VARIANTS: TypographyVariant[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'subtitle2', 'body1', 'body2', 'button', 'caption', 'overline'];
const PALETTE_KEYS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.0625rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The live theme: typography scale, palette and the look of common components. */
export function TypographyPage() {
  const theme = useTheme();
  const settings = useAppSettings().data;
  const summary = settings ? `${settings.theme_mode.toLowerCase()} mode · ${settings.theme_colour.toLowerCase()} · ${settings.display_density.toLowerCase()} density` : theme.palette.mode;

  return (
    <PageFrame title="Theme Setting" subtitle={`Typography, colours and components of the current theme (${summary}).`}>
      <Stack spacing={2.5}>
        <Panel title="Typography">
          <Stack spacing={1.5}>
            {VARIANTS.map((variant) => {
              const style = theme.typography[variant] as { fontSize?: string | number; fontWeight?: string | number };
              return (
                <Stack key={variant} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ alignItems: { sm: 'baseline' } }}>
                  <Typography variant="caption" color="text.secondary" sx={{ width: { sm: 210 }, flexShrink: 0, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {variant} · {String(style.fontSize)} / {String(style.fontWeight)}
                  </Typography>
                  <Typography variant={variant} component="p" sx={{ m: 0 }}>
                    Fresh meals and good care, every day
                  </Typography>
                </Stack>
              );
            })}
          </Stack>
        </Panel>
        <Panel title="Palette">
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }}>
            {PALETTE_KEYS.map((key) => {
              const colour = theme.palette[key];
              return (
                <Paper key={key} variant="outlined" sx={{ overflow: 'hidden' }}>
                  <Box sx={{ bgcolor: colour.main, color: colour.contrastText, p: 1.5, fontWeight: 600 }}>{key}</Box>
                  <Stack direction="row">
                    <Box sx={{ bgcolor: colour.light, flex: 1, height: 20 }} title="light" />
                    <Box sx={{ bgcolor: colour.dark, flex: 1, height: 20 }} title="dark" />
                  </Stack>
                  <Typography variant="caption" sx={{ display: 'block', px: 1.5, py: 0.75, fontFamily: 'monospace' }}>
                    {colour.main}
                  </Typography>
                </Paper>
              );
            })}
          </Box>
          <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2">background.default {theme.palette.background.default}</Typography>
            <Typography variant="body2">background.paper {theme.palette.background.paper}</Typography>
            <Typography variant="body2" color="text.secondary">
              text.secondary
            </Typography>
          </Stack>
        </Panel>
        <Panel title="Components">
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained">Contained</Button>
              <Button variant="outlined">Outlined</Button>
              <Button>Text</Button>
              <Button variant="contained" color="error">
                Delete
              </Button>
              <Button variant="contained" disabled>
                Disabled
              </Button>
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Chip label="Open" color="info" variant="outlined" />
              <Chip label="In Progress" color="warning" variant="outlined" />
              <Chip label="Closed" color="success" variant="outlined" />
              <Chip label="Primary" color="primary" />
            </Stack>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <TextField label="Text field" defaultValue="Canteen North" />
              <TextField label="With an error" error helperText="Please provide a title." defaultValue="" />
            </Box>
            <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
              <FormControlLabel control={<Switch defaultChecked />} label="Switch" />
              <FormControlLabel control={<Checkbox defaultChecked />} label="Checkbox" />
              <FormControlLabel control={<Radio checked />} label="Radio" />
              <Box sx={{ width: 200 }}>
                <Slider defaultValue={40} aria-label="Slider" />
              </Box>
            </Stack>
            <LinearProgress variant="determinate" value={60} aria-label="Progress" />
            <Stack spacing={1}>
              <Alert severity="success">Feedback submitted successfully!</Alert>
              <Alert severity="info">Please do not include any sensitive information.</Alert>
              <Alert severity="warning">Timezone change has been detected.</Alert>
              <Alert severity="error">Failed to submit feedback. Please try again.</Alert>
            </Stack>
          </Stack>
        </Panel>
      </Stack>
    </PageFrame>
  );
}
