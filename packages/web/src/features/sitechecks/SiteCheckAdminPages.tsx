import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Link,
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
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import type { SiteCheckStepKind } from '@ops/contract/sitechecks/sitechecks';
import {
  identityEndpoints,
  operationsEndpoints,
  siteCheckScheduleEndpoints,
  siteCheckTemplateEndpoints,
} from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { tagOf } from '../../api/entity-tags';
import { conflictsOf, settledValues, type FieldConflict, type Side } from '../records/components/edit-conflict';
import { EditConflictPanel } from '../records/components/EditConflictPanel';
import type { FieldSpec } from '../records/components/record-fields';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { flattenApiErrors } from '../../shared/api-errors';
import { useCan } from '../../shared/session/session';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import type { RelationSource } from '../../shared/ui/list-page/list-columns';
import { RelationPicker } from '../../shared/ui/list-page/RelationPicker';
import { useRelationLabels } from '../../shared/ui/list-page/relation-labels';
import { SiteChecksTabs } from './SiteChecksTabs';
import { buildRule, describeRule, parseRule, WEEKDAY_LABELS, WEEKDAYS, type Recurrence, type Weekday } from './rrule';
import {
  complianceQuery,
  scheduleQuery,
  schedulesQuery,
  siteCheckKeys,
  templateQuery,
  templatesQuery,
  type Schedule,
} from './sitechecks.queries';
import { keyFromLabel, STEP_KIND_LABELS, STEP_KINDS, type Step } from './steps';
import {
  draftOf,
  emptyStep,
  stepLines,
  stepsForSave,
  TEMPLATE_FIELDS,
  templateChanged,
  valuesOfTemplate,
  type DraftStep,
  type TemplateValues,
} from './template-form';

/** A 400's messages by dotted field path (`steps.2.min`): a Map, so no field name the server sends becomes a property. */
const errorsOf = (error: unknown): Map<string, string> =>
  error instanceof ApiError && error.status === 400 ? new Map(flattenApiErrors(error.body)) : new Map();

const costCentreSource: RelationSource = {
  endpoint: operationsEndpoints.costCentres.list,
  label: (item) => `${String(item.name ?? '')}${item.code ? ` · ${String(item.code)}` : ''}`,
};
const userSource: RelationSource = {
  endpoint: identityEndpoints.listUsers,
  label: (item) => String(item.full_name ?? '').trim() || String(item.email ?? ''),
};

// ---- templates --------------------------------------------------------------------------------

/** Site checks → Templates: every template, its steps and version. */
export function SiteCheckTemplatesPage() {
  const can = useCan();
  const templates = useQuery(templatesQuery());
  return (
    <PageFrame
      title="Site check templates"
      actions={
        can('sitechecktemplate', 'add') && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/sitechecks/templates/new">
            New template
          </Button>
        )
      }
    >
      <SiteChecksTabs />
      {templates.isPending ? (
        <PageLoading />
      ) : templates.isError ? (
        <Alert severity="error">{apiErrorMessageOf(templates.error)}</Alert>
      ) : templates.data.results.length === 0 ? (
        <EmptyState
          icon={<PlaylistAddCheckIcon />}
          title="No templates yet"
          description="A template lists the steps of a check: readings, yes/no checks, photos, a signature."
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Templates">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Steps</TableCell>
                <TableCell align="right">Version</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {templates.data.results.map((template) => (
                <TableRow key={template.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/sitechecks/templates/${template.id}`} sx={{ fontWeight: 500 }}>
                      {template.name}
                    </Link>
                    {template.description && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {template.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {template.steps.length} · {[...new Set(template.steps.map((step) => STEP_KIND_LABELS[step.kind]))].join(', ')}
                  </TableCell>
                  <TableCell align="right">{template.version}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Chip
                      size="small"
                      label={template.active ? 'Active' : 'Inactive'}
                      color={template.active ? 'success' : 'default'}
                      variant="outlined"
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </PageFrame>
  );
}

function StepEditor({
  step,
  index,
  count,
  errors,
  disabled,
  previewKey,
  onChange,
  onMove,
  onRemove,
}: {
  step: DraftStep;
  index: number;
  count: number;
  errors: Map<string, string>;
  disabled: boolean;
  previewKey: string;
  onChange: (step: DraftStep) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const error = (field: string) => errors.get(`steps.${index}.${field}`);
  const set = (change: Partial<DraftStep>) => onChange({ ...step, ...change });
  return (
    <Paper variant="outlined" component="section" aria-label={`Step ${index + 1}`} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 500, flex: 1 }}>
            Step {index + 1}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              key {previewKey || '—'}
            </Typography>
          </Typography>
          <Tooltip title="Move up">
            <span>
              <IconButton aria-label={`Move step ${index + 1} up`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
                <ArrowUpwardIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move down">
            <span>
              <IconButton
                aria-label={`Move step ${index + 1} down`}
                disabled={disabled || index === count - 1}
                onClick={() => onMove(1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Remove step">
            <span>
              <IconButton aria-label={`Remove step ${index + 1}`} disabled={disabled || count === 1} onClick={onRemove}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        {error('key') && <Alert severity="error">{error('key')}</Alert>}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label="Label"
            value={step.label}
            onChange={(event) => set({ label: event.target.value })}
            required
            error={Boolean(error('label'))}
            helperText={error('label')}
            disabled={disabled}
            sx={{ flex: 2 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            select
            label="Kind"
            value={step.kind}
            onChange={(event) => set({ kind: event.target.value as SiteCheckStepKind })}
            disabled={disabled}
            error={Boolean(error('kind'))}
            helperText={error('kind')}
            sx={{ flex: 1, minWidth: 180 }}
          >
            {STEP_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {STEP_KIND_LABELS[kind]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={step.required}
                onChange={(event) => set({ required: event.target.checked })}
                disabled={disabled}
              />
            }
            label="Required"
          />
        </Stack>
        <TextField
          label="Help"
          value={step.help}
          onChange={(event) => set({ help: event.target.value })}
          disabled={disabled}
          error={Boolean(error('help'))}
          helperText={error('help') ?? 'Shown under the step at the site, e.g. where to measure.'}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {step.kind === 'NUMBER' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Unit"
              value={step.unit ?? ''}
              onChange={(event) => set({ unit: event.target.value || null })}
              disabled={disabled}
              error={Boolean(error('unit'))}
              helperText={error('unit') ?? 'e.g. °C'}
              slotProps={{ htmlInput: { maxLength: 20 } }}
            />
            <TextField
              label="Minimum"
              value={step.min}
              onChange={(event) => set({ min: event.target.value })}
              disabled={disabled}
              error={Boolean(error('min'))}
              helperText={error('min') ?? 'Lower readings fail'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label="Maximum"
              value={step.max}
              onChange={(event) => set({ max: event.target.value })}
              disabled={disabled}
              error={Boolean(error('max'))}
              helperText={error('max') ?? 'Higher readings fail'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Stack>
        )}
        {step.kind === 'CHOICE' && (
          <Stack spacing={1}>
            <Autocomplete
              multiple
              freeSolo
              options={[] as string[]}
              value={step.choices}
              disabled={disabled}
              onChange={(_, next) => {
                const choices = [...new Set(next.map((choice) => choice.trim()).filter(Boolean))];
                set({ choices, fail_choices: step.fail_choices.filter((choice) => choices.includes(choice)) });
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Choices"
                  error={Boolean(error('choices'))}
                  helperText={error('choices') ?? 'Type a choice and press Enter.'}
                />
              )}
            />
            {step.choices.length > 0 && (
              <Box>
                <Typography variant="body2" color="text.secondary" id={`fail-${step.uid}`}>
                  Choices that fail the check
                </Typography>
                <Stack
                  direction="row"
                  sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}
                  role="group"
                  aria-labelledby={`fail-${step.uid}`}
                >
                  {step.choices.map((choice) => {
                    const fails = step.fail_choices.includes(choice);
                    return (
                      <Chip
                        key={choice}
                        label={choice}
                        color={fails ? 'error' : 'default'}
                        variant={fails ? 'filled' : 'outlined'}
                        aria-pressed={fails}
                        disabled={disabled}
                        onClick={() =>
                          set({
                            fail_choices: fails ? step.fail_choices.filter((c) => c !== choice) : [...step.fail_choices, choice],
                          })
                        }
                      />
                    );
                  })}
                </Stack>
                {error('fail_choices') && (
                  <Typography color="error" variant="body2">
                    {error('fail_choices')}
                  </Typography>
                )}
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Site checks → one template (or a new one): name, description, active, and the steps. */
export function SiteCheckTemplatePage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const template = useQuery({ ...templateQuery(id), enabled: !isNew });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [active, setActive] = useState(true);
  const [steps, setSteps] = useState<DraftStep[]>(() => [emptyStep()]);
  const editable = isNew ? can('sitechecktemplate', 'add') : can('sitechecktemplate', 'change');
  // The version the form is settled against (conditional writes, platform §14.6): the loaded template's
  // values and entity tag, then the ones a conflict showed. Saves and deletes send its tag as If-Match.
  const base = useRef<{ id: string | null; tag: string | undefined; values: TemplateValues | null }>({
    id: null,
    tag: undefined,
    values: null,
  });
  const [conflict, setConflict] = useState<{
    theirs: TemplateValues;
    tag: string | undefined;
    fields: FieldConflict[];
    choices: Partial<Record<string, Side>>;
  } | null>(null);
  const [deleteRefused, setDeleteRefused] = useState(false);
  const mine: TemplateValues = { name, description, active, steps: stepsForSave(steps) };

  const fill = (values: TemplateValues) => {
    setName(values.name);
    setDescription(values.description);
    setActive(values.active);
    setSteps(values.steps.map(draftOf));
  };
  const load = (loaded: NonNullable<typeof template.data>) => {
    const values = valuesOfTemplate(loaded as { name: string; description: string; active: boolean; steps: Step[] });
    base.current = { id: loaded.id, tag: tagOf(loaded), values };
    fill(values);
  };
  // A newer answer (a refetch, the saved template) fills the form only while nothing typed differs from
  // what it showed: typed work is never replaced; its save then shows the other change as a conflict.
  useEffect(() => {
    const data = template.data;
    if (!data || tagOf(data) === base.current.tag) return;
    if (base.current.id !== data.id || !base.current.values || !templateChanged(base.current.values, mine)) load(data);
    // Runs for a new answer only, comparing the form as it is then.
  }, [template.data]);

  const save = useMutation({
    mutationFn: ({ values, ifMatch }: { values: TemplateValues; ifMatch: string | undefined }) =>
      isNew
        ? callEndpoint(siteCheckTemplateEndpoints.create, { body: values })
        : callEndpoint(siteCheckTemplateEndpoints.put, { params: { id }, body: values, ifMatch }),
    onSuccess: (saved) => {
      load(saved);
      queryClient.setQueryData(siteCheckKeys.template(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: siteCheckKeys.templates() });
      if (isNew) navigate(`/sitechecks/templates/${saved.id}`, { replace: true });
    },
    onError: (error, { values }) => {
      // Someone else saved the template since the form was filled: each differing field, both ways.
      const current =
        error instanceof ApiError && error.status === 412 ? (error.body as { current?: unknown } | null)?.current : undefined;
      if (!current || !base.current.values) return;
      const theirs = valuesOfTemplate(current as { name: string; description: string; active: boolean; steps: Step[] });
      setConflict({
        theirs,
        tag: tagOf(current),
        fields: conflictsOf(TEMPLATE_FIELDS, base.current.values, theirs, values),
        choices: {},
      });
    },
  });
  const remove = useMutation({
    mutationFn: () => callEndpoint(siteCheckTemplateEndpoints.remove, { params: { id }, ifMatch: base.current.tag }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteCheckKeys.templates() });
      navigate('/sitechecks/templates');
    },
    onError: (error) => {
      // Changed since it was shown: nothing was deleted; the newer template is shown (unless the form holds typed work).
      const current =
        error instanceof ApiError && error.status === 412 ? (error.body as { current?: unknown } | null)?.current : undefined;
      if (!current) return;
      setDeleteRefused(true);
      queryClient.setQueryData(siteCheckKeys.template(id), current as NonNullable<typeof template.data>);
    },
  });
  /** The conflict settled: the form starts from their version, holds the chosen values and saves against their tag. */
  const settle = (): TemplateValues | null => {
    if (!conflict) return null;
    const settled = settledValues(conflict.theirs, conflict.fields, conflict.choices) as TemplateValues;
    base.current = { id, tag: conflict.tag, values: conflict.theirs };
    fill(settled);
    setConflict(null);
    save.reset();
    return settled;
  };
  const errors = errorsOf(save.error);
  // Keys as they will be saved: new steps' keys follow their labels until saved.
  const previewKeys = useMemo(() => {
    const taken = new Set(steps.map((step) => step.key).filter(Boolean));
    return steps.map((step) => {
      if (step.key) return step.key;
      if (!step.label.trim()) return '';
      const key = keyFromLabel(step.label, taken);
      taken.add(key);
      return key;
    });
  }, [steps]);

  if (!isNew && template.isPending) return <PageLoading />;
  if (!isNew && template.isError)
    return (
      <PageFrame title="Site check template">
        <Alert severity="error">{apiErrorMessageOf(template.error)}</Alert>
      </PageFrame>
    );

  const move = (index: number, by: -1 | 1) =>
    setSteps((old) => {
      const next = [...old];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  const stepErrors = [...errors].filter(([path]) => path === 'steps' || path === 'steps.non_field_errors');

  return (
    <PageFrame
      title={isNew ? 'New site check template' : (template.data?.name ?? 'Template')}
      subtitle={
        template.data
          ? `Version ${template.data.version}. Changing the steps of a template that has runs makes a new version; started runs keep theirs.`
          : undefined
      }
    >
      <SiteChecksTabs />
      {conflict ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
          <Stack spacing={2}>
            <EditConflictPanel
              noun="template"
              conflicts={conflict.fields}
              choices={conflict.choices}
              values={mine}
              onChoose={(field, side) => setConflict({ ...conflict, choices: { ...conflict.choices, [field]: side } })}
              describe={(field, value) =>
                field === 'steps' ? (
                  <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
                    {stepLines(value as Step[]).join('\n')}
                  </Typography>
                ) : undefined
              }
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => settle()}>Back to the form</Button>
              <Button
                variant="contained"
                disabled={save.isPending}
                onClick={() => {
                  const settled = settle();
                  if (settled) save.mutate({ values: settled, ifMatch: base.current.tag });
                }}
              >
                Save with these choices
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setDeleteRefused(false);
            save.mutate({ values: mine, ifMatch: base.current.tag });
          }}
          sx={{ maxWidth: 960 }}
        >
          <Stack spacing={2}>
            {save.isError && !(save.error instanceof ApiError && save.error.status === 412) && (
              <Alert severity="error">
                {errors.size ? 'Please correct the fields marked below.' : apiErrorMessageOf(save.error)}
              </Alert>
            )}
            {save.isSuccess && !save.isPending && <Alert severity="success">Saved.</Alert>}
            {deleteRefused ? (
              <Alert severity="warning">
                Someone else saved this template after you opened it, so it was not deleted. Look at their version, then delete
                again if you still want to.
              </Alert>
            ) : (
              remove.isError && <Alert severity="error">{apiErrorMessageOf(remove.error)}</Alert>
            )}
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              disabled={!editable}
              error={errors.has('name')}
              helperText={errors.get('name')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={2}
              disabled={!editable}
              error={errors.has('description')}
              helperText={errors.get('description')}
            />
            <FormControlLabel
              control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} disabled={!editable} />}
              label="Active (schedules make runs of it)"
            />
            <Typography variant="h2" sx={{ fontSize: '1.25rem', pt: 1 }}>
              Steps
            </Typography>
            {stepErrors.map(([path, message]) => (
              <Alert key={path} severity="error">
                {message}
              </Alert>
            ))}
            {steps.map((step, index) => (
              <StepEditor
                key={step.uid}
                step={step}
                index={index}
                count={steps.length}
                errors={errors}
                disabled={!editable}
                previewKey={previewKeys[index] ?? ''}
                onChange={(changed) => setSteps((old) => old.map((s) => (s.uid === changed.uid ? changed : s)))}
                onMove={(by) => move(index, by)}
                onRemove={() => setSteps((old) => old.filter((s) => s.uid !== step.uid))}
              />
            ))}
            {editable && (
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => setSteps((old) => [...old, emptyStep()])}
                  disabled={steps.length >= 100}
                >
                  Add step
                </Button>
              </Box>
            )}
            {editable && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {save.isPending ? 'Saving…' : isNew ? 'Create template' : 'Save template'}
                </Button>
                {!isNew && can('sitechecktemplate', 'delete') && (
                  <Button
                    color="error"
                    onClick={() => {
                      setDeleteRefused(false);
                      remove.mutate();
                    }}
                    disabled={remove.isPending}
                  >
                    Delete
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        </Box>
      )}
    </PageFrame>
  );
}

// ---- schedules --------------------------------------------------------------------------------

interface ScheduleDraft {
  template: string | null;
  cost_centre: string | null;
  recurrence: Recurrence;
  timezone: string;
  window_minutes: string;
  assignees: string[];
  active: boolean;
}

const newScheduleDraft = (): ScheduleDraft => ({
  template: null,
  cost_centre: null,
  recurrence: { kind: 'daily', times: ['07:00'] },
  timezone: '',
  window_minutes: '120',
  assignees: [],
  active: true,
});

/** A schedule's fields as its form saves them and a conflict compares them. */
type ScheduleValues = Pick<
  Schedule,
  'template' | 'cost_centre' | 'rrule' | 'timezone' | 'window_minutes' | 'assignees' | 'active'
>;
const scheduleValues = (schedule: ScheduleValues): ScheduleValues => ({
  template: schedule.template,
  cost_centre: schedule.cost_centre,
  rrule: schedule.rrule,
  timezone: schedule.timezone,
  window_minutes: schedule.window_minutes,
  assignees: schedule.assignees,
  active: schedule.active,
});

/** The fields a schedule's conflict shows (the shared conflict view); the template and the rule are told by name. */
const SCHEDULE_FIELDS: FieldSpec[] = [
  { name: 'template', label: 'Template', kind: 'text' },
  { name: 'cost_centre', label: 'Cost centre', kind: 'relation', source: costCentreSource },
  { name: 'rrule', label: 'Repeats', kind: 'text' },
  { name: 'timezone', label: 'Time zone', kind: 'text' },
  { name: 'window_minutes', label: 'Window (minutes)', kind: 'number' },
  { name: 'assignees', label: 'Assignees', kind: 'relation', source: userSource, multiple: true },
  { name: 'active', label: 'Active', kind: 'boolean' },
];

const draftOfSchedule = (schedule: ScheduleValues): ScheduleDraft => ({
  template: schedule.template,
  cost_centre: schedule.cost_centre,
  recurrence: parseRule(schedule.rrule),
  timezone: schedule.timezone,
  window_minutes: String(schedule.window_minutes),
  assignees: schedule.assignees,
  active: schedule.active,
});

const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

function RecurrenceFields({
  value,
  onChange,
  error,
}: {
  value: Recurrence;
  onChange: (next: Recurrence) => void;
  error: string | undefined;
}) {
  const [newTime, setNewTime] = useState('15:00');
  const time =
    value.kind === 'weekly' || value.kind === 'monthly'
      ? value.time
      : value.kind === 'daily'
        ? (value.times[0] ?? '07:00')
        : '07:00';
  const switchTo = (kind: Recurrence['kind']) => {
    if (kind === value.kind) return;
    const built = buildRule(value);
    if (kind === 'raw') onChange({ kind: 'raw', rule: 'rule' in built ? built.rule : '' });
    else if (kind === 'daily') onChange({ kind: 'daily', times: [time] });
    else if (kind === 'weekly') onChange({ kind: 'weekly', days: ['MO'], time });
    else onChange({ kind: 'monthly', day: 1, time });
  };
  const timeField = (label: string, current: string, set: (t: string) => void) => (
    <TextField
      type="time"
      label={label}
      value={current}
      onChange={(event) => set(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 160 }}
    />
  );
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value.kind}
        onChange={(_, kind: Recurrence['kind'] | null) => kind && switchTo(kind)}
        aria-label="Repeats"
      >
        <ToggleButton value="daily">Daily</ToggleButton>
        <ToggleButton value="weekly">Weekly</ToggleButton>
        <ToggleButton value="monthly">Monthly</ToggleButton>
        <ToggleButton value="raw">Raw RRULE</ToggleButton>
      </ToggleButtonGroup>
      {value.kind === 'daily' && (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Times">
            {value.times.map((t) => (
              <Chip
                key={t}
                label={t}
                onDelete={
                  value.times.length > 1
                    ? () => onChange({ kind: 'daily', times: value.times.filter((x) => x !== t) })
                    : undefined
                }
              />
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {timeField('Add a time', newTime, setNewTime)}
            <Button
              onClick={() =>
                newTime && !value.times.includes(newTime) && onChange({ kind: 'daily', times: [...value.times, newTime].sort() })
              }
            >
              Add time
            </Button>
          </Stack>
        </Stack>
      )}
      {value.kind === 'weekly' && (
        <Stack spacing={2}>
          <ToggleButtonGroup
            size="small"
            value={value.days}
            onChange={(_, days: Weekday[]) => onChange({ ...value, days })}
            aria-label="Days"
            sx={{ flexWrap: 'wrap' }}
          >
            {WEEKDAYS.map((day) => (
              <ToggleButton key={day} value={day}>
                {WEEKDAY_LABELS[day]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {timeField('Time', value.time, (t) => onChange({ ...value, time: t }))}
        </Stack>
      )}
      {value.kind === 'monthly' && (
        <Stack direction="row" spacing={2}>
          <TextField
            select
            label="Day of the month"
            value={value.day}
            onChange={(event) => onChange({ ...value, day: Number(event.target.value) })}
            sx={{ width: 180 }}
          >
            {Array.from({ length: 28 }, (_, i) => i + 1).map((day) => (
              <MenuItem key={day} value={day}>
                {day}
              </MenuItem>
            ))}
            <MenuItem value={-1}>Last day</MenuItem>
          </TextField>
          {timeField('Time', value.time, (t) => onChange({ ...value, time: t }))}
        </Stack>
      )}
      {value.kind === 'raw' && (
        <TextField
          label="RRULE"
          value={value.rule}
          onChange={(event) => onChange({ kind: 'raw', rule: event.target.value })}
          helperText={error ?? 'RFC 5545, e.g. FREQ=HOURLY;INTERVAL=4;BYMINUTE=0 (no DTSTART: the schedule starts when saved)'}
          error={Boolean(error)}
          slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }}
        />
      )}
      {value.kind !== 'raw' && error && (
        <Typography color="error" variant="body2">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * A schedule's dialog. An existing schedule opens from its detail (a list row carries no entity tag):
 * the form saves and deletes against that version (If-Match, platform §14.6).
 */
function ScheduleDialog({ schedule, onClose }: { schedule: Schedule | null; onClose: () => void }) {
  const detail = useQuery({ ...scheduleQuery(schedule?.id ?? ''), enabled: schedule !== null });
  if (!schedule) return <ScheduleForm schedule={null} onClose={onClose} />;
  if (detail.isPending || detail.isError)
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-dialog-title">
        <DialogTitle id="schedule-dialog-title">Edit schedule</DialogTitle>
        <DialogContent>
          {detail.isError ? <Alert severity="error">{apiErrorMessageOf(detail.error)}</Alert> : <PageLoading />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </Dialog>
    );
  return <ScheduleForm schedule={detail.data} onClose={onClose} />;
}

function ScheduleForm({ schedule, onClose }: { schedule: Schedule | null; onClose: () => void }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQuery());
  const [draft, setDraft] = useState<ScheduleDraft>(() => (schedule ? draftOfSchedule(schedule) : newScheduleDraft()));
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  // The version the form is settled against: the opened schedule's, then the one a conflict showed.
  const base = useRef({ tag: tagOf(schedule), values: schedule ? scheduleValues(schedule) : null });
  const [conflict, setConflict] = useState<{
    theirs: ScheduleValues;
    tag: string | undefined;
    fields: FieldConflict[];
    choices: Partial<Record<string, Side>>;
  } | null>(null);
  const [deleteRefused, setDeleteRefused] = useState(false);
  const set = (change: Partial<ScheduleDraft>) => setDraft((old) => ({ ...old, ...change }));
  const save = useMutation({
    mutationFn: (values: ScheduleValues) => {
      const body = {
        template: values.template,
        cost_centre: values.cost_centre,
        rrule: values.rrule,
        ...(values.timezone.trim() ? { timezone: values.timezone.trim() } : {}),
        window_minutes: values.window_minutes,
        assignees: values.assignees,
        active: values.active,
      };
      return schedule
        ? callEndpoint(siteCheckScheduleEndpoints.patch, { params: { id: schedule.id }, body, ifMatch: base.current.tag })
        : callEndpoint(siteCheckScheduleEndpoints.create, { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteCheckKeys.all });
      onClose();
    },
    onError: (error, mine) => {
      // Someone else saved the schedule since the dialog opened: each differing field, both ways.
      const current =
        error instanceof ApiError && error.status === 412 ? (error.body as { current?: Schedule } | null)?.current : undefined;
      if (!current || !base.current.values) return;
      const theirs = scheduleValues(current);
      setConflict({
        theirs,
        tag: tagOf(current),
        fields: conflictsOf(SCHEDULE_FIELDS, base.current.values, theirs, mine),
        choices: {},
      });
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      callEndpoint(siteCheckScheduleEndpoints.remove, { params: { id: schedule!.id }, ifMatch: base.current.tag }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siteCheckKeys.schedules() });
      onClose();
    },
    onError: (error) => {
      // Changed since it was opened: nothing deleted; the form shows their version unless it holds typed work.
      const current =
        error instanceof ApiError && error.status === 412 ? (error.body as { current?: Schedule } | null)?.current : undefined;
      if (!current) return;
      setDeleteRefused(true);
      const shown = base.current.values;
      if (shown && JSON.stringify(draftOfSchedule(shown)) === JSON.stringify(draft)) {
        base.current = { tag: tagOf(current), values: scheduleValues(current) };
        setDraft(draftOfSchedule(current));
      }
    },
  });
  const errors = errorsOf(save.error);
  const editable = schedule ? can('sitecheckschedule', 'change') : can('sitecheckschedule', 'add');
  const submit = () => {
    const built = buildRule(draft.recurrence);
    if ('problem' in built) {
      setLocalProblem(built.problem);
      return;
    }
    setLocalProblem(null);
    setDeleteRefused(false);
    save.mutate({
      template: draft.template ?? '',
      cost_centre: draft.cost_centre ?? '',
      rrule: built.rule,
      timezone: draft.timezone,
      window_minutes: Number(draft.window_minutes),
      assignees: draft.assignees,
      active: draft.active,
    });
  };
  /** The conflict settled: the form starts from their version, holds the chosen values and saves against their tag. */
  const settle = (): ScheduleValues | null => {
    if (!conflict) return null;
    const settled = settledValues(conflict.theirs, conflict.fields, conflict.choices) as ScheduleValues;
    base.current = { tag: conflict.tag, values: conflict.theirs };
    setDraft(draftOfSchedule(settled));
    setConflict(null);
    save.reset();
    return settled;
  };
  const templateName = (id: unknown) => templates.data?.results.find((template) => template.id === id)?.name ?? 'A template';
  if (conflict)
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="schedule-dialog-title">
        <DialogTitle id="schedule-dialog-title">Edit schedule</DialogTitle>
        <DialogContent>
          <EditConflictPanel
            noun="schedule"
            conflicts={conflict.fields}
            choices={conflict.choices}
            values={base.current.values ?? {}}
            onChoose={(field, side) => setConflict({ ...conflict, choices: { ...conflict.choices, [field]: side } })}
            describe={(field, value) =>
              field === 'template' ? (
                <Typography variant="body2">{templateName(value)}</Typography>
              ) : field === 'rrule' ? (
                <Typography variant="body2">{describeRule(String(value))}</Typography>
              ) : undefined
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button onClick={() => settle()}>Back to the form</Button>
          <Button
            variant="contained"
            disabled={save.isPending}
            onClick={() => {
              const settled = settle();
              if (settled) save.mutate(settled);
            }}
          >
            Save with these choices
          </Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title">{schedule ? 'Edit schedule' : 'New schedule'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {save.isError && !errors.size && !(save.error instanceof ApiError && save.error.status === 412) && (
            <Alert severity="error">{apiErrorMessageOf(save.error)}</Alert>
          )}
          {deleteRefused ? (
            <Alert severity="warning">
              Someone else saved this schedule after you opened it, so it was not deleted. Look at their version, then delete
              again if you still want to.
            </Alert>
          ) : (
            remove.isError && <Alert severity="error">{apiErrorMessageOf(remove.error)}</Alert>
          )}
          <TextField
            select
            label="Template"
            required
            value={draft.template ?? ''}
            onChange={(event) => set({ template: event.target.value })}
            error={errors.has('template')}
            helperText={errors.get('template')}
            disabled={!editable}
          >
            {(templates.data?.results ?? []).map((template) => (
              <MenuItem key={template.id} value={template.id} disabled={!template.active}>
                {template.name}
                {template.active ? '' : ' (inactive)'}
              </MenuItem>
            ))}
          </TextField>
          <RelationPicker
            source={costCentreSource}
            label="Cost centre"
            required
            size="medium"
            value={draft.cost_centre}
            onChange={(value) => set({ cost_centre: typeof value === 'string' ? value : null })}
            error={errors.get('cost_centre')}
            disabled={!editable}
          />
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Repeats
            </Typography>
            <RecurrenceFields
              value={draft.recurrence}
              onChange={(recurrence) => set({ recurrence })}
              error={localProblem ?? errors.get('rrule')}
            />
          </Box>
          <Autocomplete
            freeSolo
            options={TIME_ZONES}
            value={draft.timezone}
            onInputChange={(_, value) => set({ timezone: value })}
            disabled={!editable}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Time zone"
                error={errors.has('timezone')}
                helperText={errors.get('timezone') ?? "IANA name, e.g. Australia/Sydney; empty: the app's"}
              />
            )}
          />
          <TextField
            label="Window (minutes)"
            value={draft.window_minutes}
            onChange={(event) => set({ window_minutes: event.target.value })}
            error={errors.has('window_minutes')}
            helperText={errors.get('window_minutes') ?? 'How long a run stays open after it is due; then it is missed.'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            disabled={!editable}
          />
          <RelationPicker
            source={userSource}
            label="Assignees"
            multiple
            size="medium"
            value={draft.assignees}
            onChange={(value) => set({ assignees: Array.isArray(value) ? value : [] })}
            error={errors.get('assignees') ?? [...errors].find(([path]) => path.startsWith('assignees.'))?.[1]}
            disabled={!editable}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
            No assignees: the people allocated to the cost centre.
          </Typography>
          <FormControlLabel
            control={
              <Switch checked={draft.active} onChange={(event) => set({ active: event.target.checked })} disabled={!editable} />
            }
            label="Active"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
        <Box>
          {schedule && can('sitecheckschedule', 'delete') && (
            <Button
              color="error"
              onClick={() => {
                setDeleteRefused(false);
                remove.mutate();
              }}
              disabled={remove.isPending}
            >
              Delete
            </Button>
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>Cancel</Button>
          {editable && (
            <Button variant="contained" onClick={submit} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save schedule'}
            </Button>
          )}
        </Stack>
      </DialogActions>
    </Dialog>
  );
}

/** Site checks → Schedules: which template runs where and when. */
export function SiteCheckSchedulesPage() {
  const can = useCan();
  const schedules = useQuery(schedulesQuery());
  const templates = useQuery({ ...templatesQuery(), enabled: can('sitechecktemplate') });
  const rows = schedules.data?.results ?? [];
  const centres = useRelationLabels(
    costCentreSource,
    rows.map((row) => row.cost_centre),
  );
  const templateNames = new Map((templates.data?.results ?? []).map((template) => [template.id, template.name]));
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  return (
    <PageFrame
      title="Site check schedules"
      actions={
        can('sitecheckschedule', 'add') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New schedule
          </Button>
        )
      }
    >
      <SiteChecksTabs />
      {schedules.isPending ? (
        <PageLoading />
      ) : schedules.isError ? (
        <Alert severity="error">{apiErrorMessageOf(schedules.error)}</Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<EventRepeatIcon />}
          title="No schedules yet"
          description="A schedule makes runs of a template at a cost centre: daily, weekly or monthly."
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Schedules">
            <TableHead>
              <TableRow>
                <TableCell>Template</TableCell>
                <TableCell>Cost centre</TableCell>
                <TableCell>Repeats</TableCell>
                <TableCell>Time zone</TableCell>
                <TableCell align="right">Window</TableCell>
                <TableCell>Assignees</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => setEditing(row)}
                      sx={{ fontWeight: 500, textAlign: 'left' }}
                    >
                      {templateNames.get(row.template) ?? 'Template'}
                    </Link>
                  </TableCell>
                  <TableCell>{centres.data?.get(row.cost_centre) ?? '…'}</TableCell>
                  <TableCell
                    sx={{
                      fontFamily: (theme) => (parseRule(row.rrule).kind === 'raw' ? theme.typography.fontFamily : undefined),
                    }}
                  >
                    {describeRule(row.rrule)}
                  </TableCell>
                  <TableCell>{row.timezone}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.window_minutes} min
                  </TableCell>
                  <TableCell>{row.assignees.length ? row.assignees.length : 'Site staff'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Chip
                      size="small"
                      label={row.active ? 'Active' : 'Paused'}
                      color={row.active ? 'success' : 'default'}
                      variant="outlined"
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <ScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}

// ---- compliance -------------------------------------------------------------------------------

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Site checks → Compliance: per site over a period, due, done, failed, missed and the rate. */
export function SiteCheckCompliancePage() {
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const compliance = useQuery({ ...complianceQuery(from, to), enabled: valid });
  const errors = errorsOf(compliance.error);
  const rows = compliance.data?.results ?? [];
  const totals = rows.reduce(
    (sum, row) => ({
      due: sum.due + row.due,
      done: sum.done + row.done,
      failed: sum.failed + row.failed,
      missed: sum.missed + row.missed,
    }),
    { due: 0, done: 0, failed: 0, missed: 0 },
  );
  const rate = (r: number | null) => (r === null ? '—' : `${Math.round(r * 1000) / 10}%`);
  const totalClosed = totals.done + totals.failed + totals.missed;
  return (
    <PageFrame title="Site check compliance" subtitle="Per site over a period: rate = done / (done + failed + missed)">
      <SiteChecksTabs />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="date"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={errors.has('from')}
          helperText={errors.get('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label="To"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={errors.has('to')}
          helperText={errors.get('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {compliance.isError && !errors.size && <Alert severity="error">{apiErrorMessageOf(compliance.error)}</Alert>}
      {compliance.isPending && valid ? (
        <PageLoading />
      ) : rows.length === 0 && !compliance.isError ? (
        <EmptyState
          icon={<PlaylistAddCheckIcon />}
          title="No runs in this period"
          description="Sites with checks due in the period show here."
        />
      ) : rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Compliance per site">
            <TableHead>
              <TableRow>
                <TableCell>Site</TableCell>
                <TableCell align="right">Due</TableCell>
                <TableCell align="right">Done</TableCell>
                <TableCell align="right">Failed</TableCell>
                <TableCell align="right">Missed</TableCell>
                <TableCell align="right">Rate</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.cost_centre.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/cost-center/${row.cost_centre.id}`}>
                      {row.cost_centre.name ?? 'Site'}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{row.due}</TableCell>
                  <TableCell align="right">{row.done}</TableCell>
                  <TableCell align="right" sx={{ color: row.failed ? 'error.main' : undefined }}>
                    {row.failed}
                  </TableCell>
                  <TableCell align="right" sx={{ color: row.missed ? 'warning.dark' : undefined }}>
                    {row.missed}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ fontWeight: 500, color: row.rate !== null && row.rate < 0.9 ? 'error.main' : undefined }}
                  >
                    {rate(row.rate)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 500 }}>All sites</TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {totals.due}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {totals.done}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {totals.failed}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {totals.missed}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {rate(totalClosed ? totals.done / totalClosed : null)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </PageFrame>
  );
}
