import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { AUTOMATION_EVENTS, type AutomationEvent } from '@ops/contract/automations/automations.values';
import { identityEndpoints, operationsEndpoints, ruleEndpoints, teamEndpoints } from '../../api/endpoint-routes';
import { ApiError, callEndpoint } from '../../api/http-client';
import { tagOf } from '../../api/entity-tags';
import { conflictsOf, settledValues, type FieldConflict, type Side } from '../records/components/edit-conflict';
import { EditConflictPanel } from '../records/components/EditConflictPanel';
import type { FieldSpec } from '../records/components/record-fields';
import { flattenApiErrors } from '../../shared/api-errors';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { humaniseCode } from '../../shared/humanise';
import { conditionsText } from './condition-text';
import type { RelationSource } from '../../shared/ui/list-page/list-columns';
import { RelationPicker } from '../../shared/ui/list-page/RelationPicker';
import { useUnsavedChanges } from '../../shared/ui/unsaved-changes';
import { webhooksQuery, type DryRun, type Rule } from './automations.queries';
import {
  ACTION_LABELS,
  draftOf,
  EVENT_LABELS,
  MODEL_LABELS,
  modelChoices,
  newAction,
  ruleBody,
  SETTABLE_FIELD_LABELS,
  SETTABLE_FIELD_NAMES,
  SETTABLE_TICKET_FIELDS,
  subjectModel,
  type ActionDraft,
  type ActionType,
  type RuleDraft,
  type SettableField,
} from './rule-draft';

const users: RelationSource = { endpoint: identityEndpoints.listUsers, label: (user) => String(user.full_name || user.email) };
const teams: RelationSource = { endpoint: teamEndpoints.list, label: (team) => String(team.name ?? '') };
const costCentres: RelationSource = { endpoint: operationsEndpoints.costCentres.list, label: (item) => String(item.name ?? '') };

const TICKET_TYPES = SETTABLE_TICKET_FIELDS.ticket_type;
const PRIORITIES = SETTABLE_TICKET_FIELDS.priority;

// The conditions use the list engine's filter builder, which lives in the list page's chunk: loaded
// through it, so the list pages keep that chunk whole (bundle budget).
const ConditionsEditor = lazy(async () => ({ default: (await import('./ConditionsEditor')).ConditionsEditor }));

/** Where a subject of a dry run or a run opens. */
export function subjectPath(model: string, id: string): string | null {
  const paths: Record<string, string> = {
    ticket: '/all-tickets',
    client: '/clients',
    cost_centre: '/cost-center',
    contact_person: '/contact-person',
    brand: '/brands',
    sitecheck_run: '/sitechecks/runs',
  };
  return Object.hasOwn(paths, model) ? `${paths[model]}/${id}` : null;
}

/** A save answered 412: the rule as someone else saved it, and the fields where it and the builder differ. */
interface RuleConflict {
  rule: Rule;
  theirs: Record<string, unknown>;
  fields: FieldConflict[];
  choices: Partial<Record<string, Side>>;
}

/** The parts of a rule a conflict is settled by, each kept whole (a trigger's event goes with its model and schedule). */
const RULE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'active', label: 'Active', kind: 'boolean' },
  { name: 'trigger', label: 'When', kind: 'text' },
  { name: 'conditions', label: 'Only if', kind: 'text' },
  { name: 'changed', label: 'Only when these fields changed', kind: 'text' },
  { name: 'actions', label: 'Then', kind: 'text' },
];

const valuesOfDraft = (draft: RuleDraft): Record<string, unknown> => ({
  name: draft.name,
  active: draft.active,
  trigger: { event: draft.event, model: draft.model, cron: draft.cron, timezone: draft.timezone },
  conditions: draft.conditions,
  changed: draft.changed,
  actions: draft.actions,
});

function draftOfValues(values: Record<string, unknown>): RuleDraft {
  const trigger = values.trigger as Pick<RuleDraft, 'event' | 'model' | 'cron' | 'timezone'>;
  return {
    name: values.name as string,
    active: values.active as boolean,
    ...trigger,
    conditions: values.conditions as RuleDraft['conditions'],
    changed: values.changed as string[],
    actions: values.actions as ActionDraft[],
  };
}

/** One side of a conflicting part, in words: the trigger by its label, conditions and actions one a line. */
function describeRuleValue(field: string, value: unknown): string {
  if (field === 'name') return String(value ?? '');
  if (field === 'active') return value ? 'Yes' : 'No';
  if (field === 'trigger') {
    const trigger = value as Pick<RuleDraft, 'event' | 'model' | 'cron' | 'timezone'>;
    const parts = [EVENT_LABELS[trigger.event] ?? trigger.event];
    if (trigger.model) parts.push(`of ${MODEL_LABELS[trigger.model] ?? trigger.model}`);
    if (trigger.event === 'schedule' && trigger.cron) parts.push(`at ${trigger.cron} (${trigger.timezone})`);
    return parts.join(' ');
  }
  if (field === 'changed') return (value as string[]).length ? (value as string[]).join(', ') : 'Any change';
  if (field === 'conditions') return conditionsText(value as Record<string, unknown> | null);
  const actions = (value ?? []) as ActionDraft[];
  if (!actions.length) return 'No actions';
  return actions
    .map(({ type, ...rest }, index) => `${index + 1}. ${ACTION_LABELS[type] ?? type}: ${JSON.stringify(rest)}`)
    .join('\n');
}

/** A 400's messages by dotted field path (`actions.0.team`): a Map, so no name the server sends becomes a property. */
const errorsOf = (error: unknown): Map<string, string> =>
  error instanceof ApiError && error.status === 400 ? new Map(flattenApiErrors(error.body)) : new Map();

export interface RuleBuilderProps {
  initial: RuleDraft;
  /** The saved rule being changed; undefined for a new rule. */
  ruleId?: string;
  /** The saved rule's entity tag as loaded: a save or delete is sent against it (If-Match). */
  ruleTag?: string;
  onSaved: (rule: Rule) => void;
  /** After a 412, the user chose the other person's rule: the page shows it (the builder starts again from it). */
  onTakeTheirs?: (rule: Rule) => void;
}

/**
 * The rule builder (spec platform §14.3): trigger, conditions in the list filter builder, changed
 * fields and actions. "Try it" asks the server what the rule, as typed, would have done in the last
 * 30 days; Save becomes the main button once that answer is shown for the rule as it stands.
 */
export function RuleBuilder({ initial, ruleId, ruleTag, onSaved, onTakeTheirs }: RuleBuilderProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'try' | 'save' | null>(null);
  const [answer, setAnswer] = useState<{ result: DryRun; draft: RuleDraft } | null>(null);
  // A save refused with 412: the rule as someone else saved it since this builder opened. The draft stays.
  const [conflict, setConflict] = useState<RuleConflict | null>(null);
  const model = subjectModel(draft.event, draft.model);
  // Leaving with changes not saved asks first; a save makes the draft the baseline before the page moves on.
  const [baseline, setBaseline] = useState(initial);
  const [saved, setSaved] = useState<Rule | null>(null);
  const unsaved = useUnsavedChanges(draft !== baseline && busy !== 'save');
  useEffect(() => {
    if (!saved) return;
    onSaved(saved);
    setSaved(null);
  }, [saved, onSaved]);
  const tried = answer !== null && answer.draft === draft;

  const change = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeAction = (index: number, action: ActionDraft) =>
    change({ actions: draft.actions.map((a, i) => (i === index ? action : a)) });
  const error = (path: string) => errors.get(path);

  const run = async (kind: 'try' | 'save', against: string | undefined = ruleTag, sent: RuleDraft = draft) => {
    setBusy(kind);
    setFailure(null);
    try {
      const body = ruleBody(sent);
      if (kind === 'try') {
        const result = await callEndpoint(ruleEndpoints.dryRun, { body });
        setAnswer({ result, draft });
        setErrors(new Map());
      } else {
        const rule = ruleId
          ? await callEndpoint(ruleEndpoints.put, { params: { id: ruleId }, body, ifMatch: against })
          : await callEndpoint(ruleEndpoints.create, { body });
        setConflict(null);
        setErrors(new Map());
        setBaseline(sent);
        setSaved(rule);
      }
    } catch (caught) {
      const current =
        caught instanceof ApiError && caught.status === 412 ? (caught.body as { current?: Rule } | null)?.current : undefined;
      if (current) {
        // Field by field: what they changed since this builder opened, what was typed here (kept as typed).
        const theirs = valuesOfDraft(draftOf(current));
        setConflict({
          rule: current,
          theirs,
          fields: conflictsOf(RULE_FIELDS, valuesOfDraft(initial), theirs, valuesOfDraft(sent)),
          choices: {},
        });
        return;
      }
      const found = errorsOf(caught);
      setErrors(found);
      setFailure(
        found.size
          ? (found.get('non_field_errors') ?? 'The rule cannot run as it is: see the marked fields.')
          : apiErrorMessageOf(caught),
      );
    } finally {
      setBusy(null);
    }
  };

  const choices = modelChoices(draft.event);
  return (
    <Box
      component="form"
      aria-label={ruleId ? 'Edit rule' : 'New rule'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The filter editor's own form (in a popover) submits through React's tree too: not a save.
        if (event.target === event.currentTarget) void run('save');
      }}
    >
      <Stack spacing={2}>
        <Section title="Rule">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label="Name"
              required
              size="small"
              value={draft.name}
              onChange={(event) => change({ name: event.target.value })}
              error={Boolean(error('name'))}
              helperText={error('name')}
              sx={{ flex: 1 }}
            />
            <FormControlLabel
              control={<Switch checked={draft.active} onChange={(event) => change({ active: event.target.checked })} />}
              label="Active"
            />
          </Stack>
        </Section>

        <Section title="When">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label="Event"
              value={draft.event}
              onChange={(event) => change({ event: event.target.value as AutomationEvent, conditions: {}, changed: [] })}
              error={Boolean(error('trigger.event'))}
              helperText={error('trigger.event')}
              sx={{ minWidth: 260 }}
            >
              {AUTOMATION_EVENTS.map((event) => (
                <MenuItem key={event} value={event}>
                  {EVENT_LABELS[event]}
                </MenuItem>
              ))}
            </TextField>
            {choices.length > 0 && (
              <TextField
                select
                size="small"
                label={draft.event === 'schedule' ? 'Acts on' : 'Record'}
                value={choices.includes(draft.model) ? draft.model : ''}
                onChange={(event) => change({ model: event.target.value, conditions: {}, changed: [] })}
                error={Boolean(error('trigger.model'))}
                helperText={error('trigger.model')}
                sx={{ minWidth: 180 }}
              >
                {choices.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {MODEL_LABELS[choice] ?? humaniseCode(choice)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {draft.event === 'schedule' && (
              <>
                <TextField
                  size="small"
                  label="Cron"
                  value={draft.cron}
                  onChange={(event) => change({ cron: event.target.value })}
                  error={Boolean(error('trigger.cron'))}
                  helperText={error('trigger.cron') ?? 'minute hour day month weekday, e.g. 0 8 * * 1 (Mondays 08:00)'}
                  sx={{ minWidth: 200 }}
                />
                <TextField
                  size="small"
                  label="Time zone"
                  value={draft.timezone}
                  onChange={(event) => change({ timezone: event.target.value })}
                  error={Boolean(error('trigger.timezone'))}
                  helperText={error('trigger.timezone') ?? 'e.g. Australia/Sydney'}
                  sx={{ minWidth: 200 }}
                />
              </>
            )}
          </Stack>
        </Section>

        <Section
          title="Only if"
          description={`Conditions on the ${(MODEL_LABELS[model] ?? humaniseCode(model)).toLowerCase()}, as a list filter: every condition must hold.`}
        >
          <Suspense
            fallback={
              <Typography variant="body2" color="text.secondary">
                Loading the filter builder…
              </Typography>
            }
          >
            <ConditionsEditor
              model={model}
              event={draft.event}
              conditions={draft.conditions}
              changed={draft.changed}
              onChange={change}
              conditionsError={error('conditions')}
              changedError={error('changed')}
            />
          </Suspense>
        </Section>

        <Section
          title="Then"
          description={
            <>
              Texts may use variables: <code>{'{{ticket.number}}'}</code>, <code>{'{{ticket.title}}'}</code> for tickets,{' '}
              <code>{'{{record.<field>}}'}</code> for any record.
            </>
          }
        >
          <Stack spacing={1.5}>
            {draft.actions.map((action, index) => (
              <ActionEditor
                key={index}
                index={index}
                action={action}
                onChange={(next) => changeAction(index, next)}
                onRemove={() => change({ actions: draft.actions.filter((_, i) => i !== index) })}
                errorOf={(field) => error(`actions.${index}.${field}`)}
              />
            ))}
            {error('actions') && <Alert severity="error">{error('actions')}</Alert>}
            <AddActionButton onAdd={(type) => change({ actions: [...draft.actions, newAction(type)] })} />
          </Stack>
        </Section>

        {conflict && (
          <Paper variant="outlined" role="alert" aria-label="Conflicting changes" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Typography variant="body2">
                The rule is now version {conflict.rule.version}. Your changes are still here and were not saved.
              </Typography>
              <EditConflictPanel
                noun="rule"
                conflicts={conflict.fields}
                choices={conflict.choices}
                values={valuesOfDraft(draft)}
                onChoose={(field, side) => setConflict({ ...conflict, choices: { ...conflict.choices, [field]: side } })}
                describe={(field, value) => (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
                    {describeRuleValue(field, value)}
                  </Typography>
                )}
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  disabled={busy !== null}
                  onClick={() => {
                    // The rule as they saved it, with each field kept from this builder where so chosen.
                    const settled = draftOfValues(settledValues(conflict.theirs, conflict.fields, conflict.choices));
                    setDraft(settled);
                    void run('save', tagOf(conflict.rule), settled);
                  }}
                >
                  Save with these choices
                </Button>
                <Button
                  variant="outlined"
                  disabled={busy !== null}
                  onClick={() => {
                    // Theirs becomes the baseline: nothing of the draft is pending any more.
                    setBaseline(draft);
                    onTakeTheirs?.(conflict.rule);
                  }}
                >
                  Take all of theirs
                </Button>
              </Stack>
            </Stack>
          </Paper>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button variant={tried ? 'outlined' : 'contained'} onClick={() => void run('try')} disabled={busy !== null}>
            {busy === 'try' ? 'Trying…' : 'Try it'}
          </Button>
          <Button type="submit" variant={tried ? 'contained' : 'outlined'} disabled={busy !== null}>
            {busy === 'save' ? 'Saving…' : ruleId ? 'Save' : 'Save rule'}
          </Button>
        </Stack>
        {answer && <DryRunAnswer result={answer.result} stale={!tried} />}
        {unsaved.prompt}
      </Stack>
    </Box>
  );
}

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: description ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function AddActionButton({ onAdd }: { onAdd: (type: ActionType) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        Add action
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(Object.keys(ACTION_LABELS) as ActionType[]).map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              onAdd(type);
              setAnchor(null);
            }}
          >
            {ACTION_LABELS[type]}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

interface ActionEditorProps {
  index: number;
  action: ActionDraft;
  onChange: (action: ActionDraft) => void;
  onRemove: () => void;
  errorOf: (field: string) => string | undefined;
}

function ActionEditor({ index, action, onChange, onRemove, errorOf }: ActionEditorProps) {
  const name = `Action ${index + 1}: ${ACTION_LABELS[action.type]}`;
  const general = errorOf('non_field_errors') ?? errorOf('type');
  const text = (
    field: 'message' | 'subject' | 'body' | 'title' | 'to',
    label: string,
    value: string,
    set: (value: string) => void,
    options: { multiline?: boolean; helper?: string } = {},
  ) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? options.helper}
      fullWidth
    />
  );
  const recipientsHelp = 'assignee, requester, team or user ids, separated by commas';
  let body: ReactNode = null;
  switch (action.type) {
    case 'set_fields':
      body = (
        <Stack spacing={1}>
          {action.fields.map((pair, i) => {
            const allowed = SETTABLE_TICKET_FIELDS[pair.field];
            const set = (next: { field: SettableField; value: string }) =>
              onChange({ ...action, fields: action.fields.map((p, j) => (j === i ? next : p)) });
            return (
              <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  select
                  size="small"
                  label="Field"
                  value={pair.field}
                  onChange={(event) =>
                    set({
                      field: event.target.value as SettableField,
                      value: SETTABLE_TICKET_FIELDS[event.target.value as SettableField]?.[0] ?? '',
                    })
                  }
                  sx={{ minWidth: 160 }}
                >
                  {SETTABLE_FIELD_NAMES.map((field) => (
                    <MenuItem key={field} value={field}>
                      {SETTABLE_FIELD_LABELS[field]}
                    </MenuItem>
                  ))}
                </TextField>
                {allowed ? (
                  <TextField
                    select
                    size="small"
                    label="Value"
                    value={pair.value}
                    onChange={(event) => set({ ...pair, value: event.target.value })}
                    sx={{ minWidth: 160 }}
                  >
                    {allowed.map((value) => (
                      <MenuItem key={value} value={value}>
                        {humaniseCode(value)}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <TextField
                    size="small"
                    label="Value"
                    value={pair.value}
                    onChange={(event) => set({ ...pair, value: event.target.value })}
                    sx={{ flex: 1 }}
                  />
                )}
                {action.fields.length > 1 && (
                  <IconButton
                    aria-label={`Remove field ${SETTABLE_FIELD_LABELS[pair.field]}`}
                    onClick={() => onChange({ ...action, fields: action.fields.filter((_, j) => j !== i) })}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                )}
              </Stack>
            );
          })}
          {errorOf('fields') && (
            <Typography variant="body2" color="error">
              {errorOf('fields')}
            </Typography>
          )}
          <Box>
            <Button
              size="small"
              onClick={() =>
                onChange({ ...action, fields: [...action.fields, { field: 'ticket_status', value: 'IN_PROGRESS' }] })
              }
            >
              Add field
            </Button>
          </Box>
        </Stack>
      );
      break;
    case 'assign':
      body = (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Box sx={{ flex: 1 }}>
            <RelationPicker
              source={teams}
              label="Team"
              value={action.team}
              onChange={(value) => onChange({ ...action, team: (value as string | null) ?? null })}
              error={errorOf('team')}
            />
          </Box>
          <Box sx={{ flex: 1 }}>
            <RelationPicker
              source={users}
              label="User"
              value={action.user}
              onChange={(value) => onChange({ ...action, user: (value as string | null) ?? null })}
              error={errorOf('user')}
            />
          </Box>
        </Stack>
      );
      break;
    case 'notify':
      body = (
        <Stack spacing={1}>
          {text('to', 'To', action.to, (to) => onChange({ ...action, to }), { helper: recipientsHelp })}
          {text('message', 'Message', action.message, (message) => onChange({ ...action, message }), { multiline: true })}
        </Stack>
      );
      break;
    case 'email':
      body = (
        <Stack spacing={1}>
          {text('to', 'To', action.to, (to) => onChange({ ...action, to }), { helper: `${recipientsHelp}, or e-mail addresses` })}
          {text('subject', 'Subject', action.subject, (subject) => onChange({ ...action, subject }))}
          {text('body', 'Body', action.body, (value) => onChange({ ...action, body: value }), { multiline: true })}
        </Stack>
      );
      break;
    case 'create_ticket':
      body = (
        <Stack spacing={1}>
          {text('title', 'Title', action.title, (title) => onChange({ ...action, title }))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label="Type"
              value={action.ticket_type}
              onChange={(event) => onChange({ ...action, ticket_type: event.target.value })}
              error={Boolean(errorOf('ticket_type'))}
              helperText={errorOf('ticket_type')}
              sx={{ minWidth: 180 }}
            >
              {TICKET_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {humaniseCode(value)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Priority"
              value={action.priority}
              onChange={(event) => onChange({ ...action, priority: event.target.value })}
              error={Boolean(errorOf('priority'))}
              helperText={errorOf('priority')}
              sx={{ minWidth: 140 }}
            >
              {PRIORITIES.map((value) => (
                <MenuItem key={value} value={value}>
                  {humaniseCode(value)}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ flex: 1 }}>
              <RelationPicker
                source={costCentres}
                label="Cost centre (blank: the subject's)"
                value={action.cost_centre}
                onChange={(value) => onChange({ ...action, cost_centre: (value as string | null) ?? null })}
                error={errorOf('cost_centre')}
              />
            </Box>
          </Stack>
        </Stack>
      );
      break;
    case 'webhook':
      body = (
        <WebhookPicker
          value={action.webhook}
          onChange={(webhook) => onChange({ ...action, webhook })}
          error={errorOf('webhook')}
        />
      );
      break;
  }
  return (
    <Paper variant="outlined" role="group" aria-label={name} sx={{ p: 1.5, bgcolor: 'action.hover' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {name}
        </Typography>
        <IconButton size="small" aria-label={`Remove action ${index + 1}`} onClick={onRemove}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Stack>
      {general && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {general}
        </Alert>
      )}
      {body}
    </Paper>
  );
}

function WebhookPicker({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const hooks = useQuery(webhooksQuery());
  const list = hooks.data?.results ?? [];
  return (
    <TextField
      select
      size="small"
      label="Webhook"
      value={list.some((hook) => hook.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (hooks.isSuccess && list.length === 0 ? 'No webhooks yet: add one on the Webhooks tab.' : undefined)}
      fullWidth
    >
      {list.map((hook) => (
        <MenuItem key={hook.id} value={hook.id}>
          {hook.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The dry run's answer: how many records matched, a sample, and what each action would do to the first. */
export function DryRunAnswer({ result, stale }: { result: DryRun; stale?: boolean }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Dry run" role="status" sx={{ p: 2, borderColor: 'primary.main' }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        Dry run: {result.matched === 1 ? '1 match' : `${result.matched.toLocaleString()} matches`} in the last 30 days
      </Typography>
      {stale && (
        <Alert severity="info" sx={{ mb: 1 }}>
          The rule changed since this answer: try it again.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Nothing was changed and nothing was sent.
      </Typography>
      {result.sample.length > 0 && (
        <>
          <Typography variant="subtitle2">Sample</Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 1.5, pl: 3 }}>
            {result.sample.map((item) => {
              const to = subjectPath(item.model, item.id);
              return (
                <li key={`${item.model}:${item.id}`}>
                  {to ? (
                    <Link component={RouterLink} to={to}>
                      {item.title || item.id}
                    </Link>
                  ) : (
                    item.title || item.id
                  )}
                </li>
              );
            })}
          </Box>
        </>
      )}
      {result.actions.length > 0 && (
        <>
          <Typography variant="subtitle2">What each action would do to the first</Typography>
          <Box component="ol" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
            {result.actions.map((action, index) => (
              <li key={index}>
                <b>{ACTION_LABELS[action.type]}</b>: {action.would}
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
