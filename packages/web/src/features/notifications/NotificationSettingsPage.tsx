import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { DigestFrequency, NotificationKind } from '@ops/contract/notifications/notifications.values';
import { ApiError } from '../../api/http-client';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useAppSettings, useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { PageFrame } from '../../shared/ui/PageFrame';
import { SettingsSection } from '../../shared/ui/SettingsSection';
import { PageLoading } from '../../shared/ui/PageLoading';
import { useUnsavedChanges } from '../../shared/ui/unsaved-changes';
import {
  CHANNELS,
  formOfPreferences,
  getPreferences,
  listPreferenceKinds,
  listPushSubscriptions,
  preferencesFormErrors,
  preferencesOfForm,
  putPreferences,
  removePushSubscription,
  type KindLabel,
  type PreferencesForm,
  type PushSubscription,
} from './notification-settings';
import { currentPushEndpoint, pushSupport, PushPermissionDenied, turnOnPush, unsubscribeThisDevice } from './push-device';

const keys = {
  kinds: ['notification-settings', 'kinds'] as const,
  preferences: ['notification-settings', 'preferences'] as const,
  push: ['notification-settings', 'push'] as const,
  device: ['notification-settings', 'device'] as const,
};

const DIGESTS: { value: DigestFrequency; label: string }[] = [
  { value: 'NONE', label: 'None' },
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKLY', label: 'Weekly (Mondays)' },
];


/** Kinds by channels: one checkbox each, named "<kind>: <channel>". */
function ChannelMatrix({ kinds, form, onChange }: { kinds: KindLabel[]; form: PreferencesForm; onChange: (form: PreferencesForm) => void }) {
  const set = (kind: NotificationKind, channel: (typeof CHANNELS)[number]['key'], value: boolean) =>
    onChange({ ...form, channels: { ...form.channels, [kind]: { ...form.channels[kind], [channel]: value } } });
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Channels per kind" sx={{ minWidth: 320 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Event
            </TableCell>
            {CHANNELS.map((channel) => (
              <TableCell key={channel.key} component="th" scope="col" align="center" sx={{ width: { xs: 64, sm: 110 }, px: 0.5 }}>
                {channel.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {kinds.map(({ kind, label }) => (
            <TableRow key={kind} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                {label}
              </TableCell>
              {CHANNELS.map((channel) => (
                <TableCell key={channel.key} align="center" padding="checkbox" sx={{ px: 0.5 }}>
                  <Checkbox
                    checked={form.channels[kind]?.[channel.key] ?? false}
                    onChange={(event) => set(kind, channel.key, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${label}: ${channel.label}` } }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function PreferencesEditor({ kinds, saved }: { kinds: KindLabel[]; saved: PreferencesForm }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState(saved);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => setForm(saved), [saved]);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const unsaved = useUnsavedChanges(dirty);
  const errors = submitted ? preferencesFormErrors(form) : {};
  const save = useMutation({
    mutationFn: (values: PreferencesForm) => putPreferences(preferencesOfForm(values)),
    onSuccess: (preferences) => {
      queryClient.setQueryData(keys.preferences, preferences);
      setServerErrors([]);
      setSubmitted(false);
      enqueueSnackbar('Notification settings saved.', { variant: 'success' });
    },
    onError: (error) => {
      setServerErrors(error instanceof ApiError ? fieldMessages(error.body) : []);
      enqueueSnackbar(`Not saved: ${apiErrorMessageOf(error)}`, { variant: 'error' });
    },
  });
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(preferencesFormErrors(form)).length > 0) return;
    save.mutate(form);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={2.5}>
        <SettingsSection
          title="What reaches you"
          description="For each kind of event, where you hear about it. A kind with In app off leaves no notification in the bell at all."
        >
          <ChannelMatrix kinds={kinds} form={form} onChange={setForm} />
        </SettingsSection>
        <SettingsSection title="Quiet hours" description="E-mail and push wait until the quiet hours end; in-app notifications still arrive.">
          <FormControlLabel
            control={<Switch checked={form.quietHours} onChange={(event) => setForm({ ...form, quietHours: event.target.checked })} />}
            label="Hold e-mail and push during quiet hours"
          />
          {form.quietHours && (
            <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
              <TextField
                label="From"
                type="time"
                value={form.quietStart}
                onChange={(event) => setForm({ ...form, quietStart: event.target.value })}
                error={Boolean(errors.quietStart)}
                helperText={errors.quietStart}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: 160 }}
              />
              <TextField
                label="Until"
                type="time"
                value={form.quietEnd}
                onChange={(event) => setForm({ ...form, quietEnd: event.target.value })}
                error={Boolean(errors.quietEnd)}
                helperText={errors.quietEnd}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: 160 }}
              />
            </Stack>
          )}
        </SettingsSection>
        <SettingsSection title="Digest" description="One e-mail listing what is still unread, grouped by kind. None is sent when nothing is unread.">
          <RadioGroup
            row
            aria-label="Digest"
            value={form.digest}
            onChange={(event) => setForm({ ...form, digest: event.target.value as DigestFrequency })}
          >
            {DIGESTS.map((digest) => (
              <FormControlLabel key={digest.value} value={digest.value} control={<Radio />} label={digest.label} />
            ))}
          </RadioGroup>
          {form.digest !== 'NONE' && (
            <TextField
              label="At"
              type="time"
              value={form.digestTime}
              onChange={(event) => setForm({ ...form, digestTime: event.target.value })}
              error={Boolean(errors.digestTime)}
              helperText={errors.digestTime}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 160, mt: 2 }}
            />
          )}
        </SettingsSection>
        {serverErrors.length > 0 && (
          <Alert severity="error">
            {serverErrors.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
            Save
          </Button>
          <Button disabled={!dirty || save.isPending} onClick={() => setForm(saved)}>
            Reset
          </Button>
        </Stack>
      </Stack>
      {unsaved.prompt}
    </Box>
  );
}

/** A 400's messages, field by field ("quiet_hours.start: Enter a time as HH:MM."). */
function fieldMessages(body: unknown, prefix = ''): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([field, value]) => {
    const name = prefix ? `${prefix}.${field}` : field;
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').map((v) => (field === 'detail' ? v : `${name}: ${v}`));
    if (typeof value === 'string') return [field === 'detail' ? value : `${name}: ${value}`];
    return fieldMessages(value, name);
  });
}

function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/** "Turn on push on this device", and the devices push goes to (this one marked). */
function PushDevices() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const formatDate = useDateTimeFormatter();
  const support = pushSupport();
  const subscriptions = useQuery({ queryKey: keys.push, queryFn: ({ signal }) => listPushSubscriptions(signal) });
  const device = useQuery({ queryKey: keys.device, queryFn: currentPushEndpoint, enabled: support === 'supported' });
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.push }), queryClient.invalidateQueries({ queryKey: keys.device })]);
  const turnOn = useMutation({
    mutationFn: turnOnPush,
    onSuccess: () => {
      setProblem(null);
      enqueueSnackbar('Push is on for this device.', { variant: 'success' });
    },
    onError: (error) => setProblem(error instanceof PushPermissionDenied ? error.message : `Push could not be turned on: ${error instanceof ApiError ? apiErrorMessageOf(error) : (error as Error).message}`),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (subscription: PushSubscription) => {
      await removePushSubscription(subscription.id);
      if (subscription.endpoint === device.data) await unsubscribeThisDevice();
    },
    onSuccess: () => enqueueSnackbar('Device removed.', { variant: 'success' }),
    onError: (error) => enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' }),
    onSettled: refresh,
  });
  const thisDeviceOn = Boolean(device.data && subscriptions.data?.some((s) => s.endpoint === device.data));

  return (
    <SettingsSection
      title="Push notifications"
      description="Push shows notifications on this device even when the app is closed, for the kinds with Push ticked above."
    >
      {support === 'unsupported' && <Alert severity="info">This browser cannot receive push notifications.</Alert>}
      {support === 'insecure' && <Alert severity="info">Push needs the app to be opened over HTTPS.</Alert>}
      {support === 'supported' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            startIcon={<NotificationsActiveOutlinedIcon />}
            onClick={() => turnOn.mutate()}
            disabled={turnOn.isPending || thisDeviceOn}
          >
            {thisDeviceOn ? 'Push is on for this device' : 'Turn on push on this device'}
          </Button>
        </Stack>
      )}
      {problem && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {subscriptions.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Your devices could not be loaded.
        </Alert>
      )}
      {subscriptions.data && subscriptions.data.length > 0 && (
        <List aria-label="Devices with push" sx={{ mt: 1 }}>
          {subscriptions.data.map((subscription) => {
            const mine = subscription.endpoint === device.data;
            const name = mine ? 'This device' : `A device via ${endpointHost(subscription.endpoint)}`;
            return (
              <ListItem
                key={subscription.id}
                divider
                disableGutters
                secondaryAction={
                  <Tooltip title="Remove">
                    <IconButton aria-label={`Remove: ${name}`} onClick={() => remove.mutate(subscription)} disabled={remove.isPending}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{name}</span>
                      {mine && <Chip size="small" color="primary" variant="outlined" label="On" />}
                    </Stack>
                  }
                  secondary={`Since ${formatDate(subscription.created_at)}${mine ? ` · ${endpointHost(subscription.endpoint)}` : ''}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </SettingsSection>
  );
}

/** Settings › Notifications (spec platform §14.4): channels per kind, quiet hours, digest, push devices. */
export function NotificationSettingsPage() {
  const kinds = useQuery({ queryKey: keys.kinds, queryFn: ({ signal }) => listPreferenceKinds(signal), staleTime: Infinity });
  const preferences = useQuery({ queryKey: keys.preferences, queryFn: ({ signal }) => getPreferences(signal) });
  const timeZone = useAppSettings().data?.timezone;
  const form = useMemo(() => (preferences.data ? formOfPreferences(preferences.data) : null), [preferences.data]);

  let content;
  if (kinds.isPending || preferences.isPending) content = <PageLoading />;
  else if (kinds.isError || preferences.isError || !form) content = <Alert severity="error">Your notification settings could not be loaded.</Alert>;
  else content = <PreferencesEditor kinds={kinds.data} saved={form} />;

  return (
    <PageFrame
      title="Notification settings"
      subtitle={`Times are in your time zone${timeZone ? ` (${timeZone})` : ''}.`}
      actions={
        <Button component={RouterLink} to="/notifications" startIcon={<ArrowBackIcon />}>
          Notifications
        </Button>
      }
    >
      <Stack spacing={2.5} sx={{ maxWidth: 880 }}>
        {content}
        <PushDevices />
      </Stack>
    </PageFrame>
  );
}
