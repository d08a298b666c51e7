import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { AUTOMATION_EVENTS, type AutomationEvent } from '@ops/contract/automations/automations.values';
import { webhookEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { flattenApiErrors } from '../../shared/api-errors';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useCan } from '../../shared/session/session';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoading } from '../../shared/ui/PageLoading';
import { VISUALLY_HIDDEN } from './OutcomeChip';
import { automationKeys, deliveriesQuery, webhooksQuery, type Webhook } from './automations.queries';

/** Webhooks (spec platform §14.3): the list, a new one (its secret shown once), and each one's deliveries with Redeliver. */
export function WebhooksPanel() {
  const can = useCan();
  const hooks = useQuery(webhooksQuery());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Webhook | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  if (hooks.isPending) return <PageLoading />;
  if (hooks.isError) return <Alert severity="error">{apiErrorMessageOf(hooks.error)}</Alert>;
  const list = hooks.data.results;
  const shown = list.find((hook) => hook.id === selected);
  return (
    <Stack spacing={2}>
      {can('webhook', 'add') && (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New webhook
          </Button>
        </Box>
      )}
      {created && <SecretOnce webhook={created} onClose={() => setCreated(null)} />}
      {list.length === 0 ? (
        <EmptyState title="No webhooks yet" description="A webhook sends the events it subscribes to, signed per Standard Webhooks, to another system's URL." />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Webhooks" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>URL</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Events</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Active</TableCell>
                {/* Positioned, so the hidden name is placed (and clipped) inside its cell, not beside the page. */}
                <TableCell sx={{ position: 'relative' }}>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Deliveries
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((hook) => (
                <TableRow key={hook.id} selected={hook.id === selected}>
                  <TableCell sx={{ fontWeight: 500 }}>
                    {hook.name}
                    {/* On a phone the URL and state go under the name, instead of squeezed columns. */}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' }, overflowWrap: 'anywhere' }}>
                      {hook.url}
                      {hook.active ? '' : ' · off'}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320, display: { xs: 'none', sm: 'table-cell' } }}>{hook.url}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{hook.events.length ? hook.events.join(', ') : 'None (rules only)'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{hook.active ? 'Yes' : 'No'}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setSelected(hook.id === selected ? null : hook.id)} aria-label={`Deliveries of ${hook.name}`}>
                      Deliveries
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {shown && <Deliveries webhook={shown} />}
      {creating && (
        <NewWebhookDialog
          onClose={() => setCreating(false)}
          onCreated={(hook) => {
            setCreating(false);
            setCreated(hook);
          }}
        />
      )}
    </Stack>
  );
}

/** The new webhook's secret: the only time it is shown. */
function SecretOnce({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Alert severity="warning" onClose={onClose} role="status">
      <Typography variant="body2" sx={{ mb: 1 }}>
        The signing secret of <b>{webhook.name}</b>. Copy it now: it is not shown again.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box component="code" aria-label="Signing secret" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', bgcolor: 'background.paper', px: 1, py: 0.5, borderRadius: 1 }}>
          {webhook.secret}
        </Box>
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            void navigator.clipboard.writeText(webhook.secret).then(
              () => enqueueSnackbar('Secret copied', { variant: 'success' }),
              () => enqueueSnackbar('Copying failed: select the secret and copy it', { variant: 'error' }),
            )
          }
        >
          Copy
        </Button>
      </Stack>
    </Alert>
  );
}

function NewWebhookDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (webhook: Webhook) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<AutomationEvent[]>([]);
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const hook = await callEndpoint(webhookEndpoints.create, { body: { name, url, events, active } });
      void queryClient.invalidateQueries({ queryKey: automationKeys.webhooks() });
      onCreated(hook);
    } catch (error) {
      const found = error instanceof ApiError && error.status === 400 ? new Map(flattenApiErrors(error.body)) : new Map<string, string>();
      setErrors(found);
      setFailure(found.size ? (found.get('non_field_errors') ?? null) : apiErrorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="new-webhook-title">
      <Box
        component="form"
        aria-label="New webhook"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="new-webhook-title">New webhook</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField label="Name" required size="small" value={name} onChange={(event) => setName(event.target.value)} error={errors.has('name')} helperText={errors.get('name')} />
            <TextField label="URL" required size="small" value={url} onChange={(event) => setUrl(event.target.value)} error={errors.has('url')} helperText={errors.get('url') ?? 'Private and loopback addresses are refused.'} />
            <TextField
              select
              size="small"
              label="Events"
              value={events}
              onChange={(event) => setEvents(event.target.value as unknown as AutomationEvent[])}
              error={errors.has('events') || [...errors.keys()].some((key) => key.startsWith('events.'))}
              helperText={errors.get('events') ?? 'Sent whether or not a rule exists; a rule can also call the webhook.'}
              slotProps={{ select: { multiple: true, renderValue: (value) => (value as string[]).join(', ') } }}
            >
              {AUTOMATION_EVENTS.map((event) => (
                <MenuItem key={event} value={event}>
                  <Checkbox size="small" checked={events.includes(event)} />
                  <ListItemText primary={event} />
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />} label="Active" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Creating…' : 'Create webhook'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const can = useCan();
  const deliveries = useQuery(deliveriesQuery(webhook.id));
  const formatDateTime = useDateTimeFormatter();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  const redeliver = async (id: string) => {
    setBusy(id);
    try {
      await callEndpoint(webhookEndpoints.redeliver, { params: { id: webhook.id, delivery: id } });
      enqueueSnackbar('Sent again', { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: automationKeys.deliveries(webhook.id) });
    } catch (error) {
      enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="deliveries-heading">
      <Typography id="deliveries-heading" variant="h2" sx={{ fontSize: '1rem', p: 2, pb: 1 }}>
        Deliveries of {webhook.name}
      </Typography>
      {deliveries.isPending ? (
        <PageLoading />
      ) : deliveries.isError ? (
        <Alert severity="error">{apiErrorMessageOf(deliveries.error)}</Alert>
      ) : deliveries.data.results.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          Nothing sent yet.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="deliveries-heading">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Event</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  Attempts
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Answer</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.data.results.map((delivery) => {
                const ok = delivery.status_code !== null && delivery.status_code >= 200 && delivery.status_code < 300;
                return (
                  <TableRow key={delivery.id}>
                    <TableCell>
                      <Box sx={{ whiteSpace: { sm: 'nowrap' } }}>{delivery.at ? formatDateTime(delivery.at) : 'Waiting'}</Box>
                      <Typography variant="caption" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                        {delivery.event} · attempt {delivery.attempt}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{delivery.event}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={ok ? 'success' : delivery.status_code === null ? 'default' : 'error'}
                        label={delivery.status_code === null ? 'No answer' : `${delivery.status_code}${delivery.duration_ms !== null ? ` · ${delivery.duration_ms} ms` : ''}`}
                        sx={{ '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {delivery.attempt}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 280, overflowWrap: 'anywhere' }}>{delivery.response_excerpt ?? ''}</TableCell>
                    <TableCell align="right">
                      {can('webhook', 'change') && (
                        <Button size="small" disabled={busy !== null} onClick={() => void redeliver(delivery.id)} aria-label={`Redeliver ${delivery.event} of ${delivery.at ? formatDateTime(delivery.at) : 'now'}`}>
                          Redeliver
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
