import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  Link,
  List,
  ListItem,
  ListItemButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { siteCheckRunEndpoints } from '../../api/endpoint-routes';
import { ApiError, apiBlobUrl, callEndpoint } from '../../api/http-client';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useCan, useCurrentUser } from '../../shared/session/session';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import type { AnswerValue, QueuedAnswer } from './answer-queue';
import { answerQueue, useAnswerSync, useWaitingAnswers } from './answer-sync';
import { SignatureField } from './SignatureField';
import { SiteChecksTabs } from './SiteChecksTabs';
import { runQuery, siteCheckKeys, todayRunsQuery, type Run } from './sitechecks.queries';
import { answerPasses, answerText, missingStepKeys, rangeText, readingOf, type Step } from './steps';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const STATUS_LABELS = { DUE: 'Due', IN_PROGRESS: 'In progress', DONE: 'Done', FAILED: 'Failed', MISSED: 'Missed' } as const;
const STATUS_COLOURS = { DUE: 'default', IN_PROGRESS: 'info', DONE: 'success', FAILED: 'error', MISSED: 'warning' } as const;

function StatusChip({ status }: { status: Run['status'] }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status]}
      color={STATUS_COLOURS[status]}
      variant={status === 'DUE' ? 'outlined' : 'filled'}
    />
  );
}

/** The answers waiting on this device for the signed-in user. */
function useMyWaiting(): readonly QueuedAnswer[] {
  const waiting = useWaitingAnswers();
  const me = useCurrentUser().data?.id;
  return useMemo(() => waiting.filter((item) => item.owner === me), [waiting, me]);
}

/** Answers kept on the device while the connection is away (on their way out they show "Sending…" on their step). */
function WaitingBanner({ items }: { items: readonly QueuedAnswer[] }) {
  const count = answerQueue.stalled ? items.length : 0;
  if (!count) return null;
  return (
    <Alert
      severity="warning"
      icon={<CloudOffOutlinedIcon />}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" onClick={() => void answerQueue.online()}>
          Send now
        </Button>
      }
    >
      {count === 1 ? '1 answer is' : `${count} answers are`} waiting to send. They are kept on this device and sent when the
      connection returns.
    </Alert>
  );
}

/** Site checks → Today: the open runs due today at my sites, by site, soonest first (spec platform §14.1, "Web"). */
export function SiteChecksTodayPage() {
  useAnswerSync();
  const runs = useQuery(todayRunsQuery(new Date()));
  const waiting = useMyWaiting();
  const bySite = useMemo(() => {
    const groups = new Map<string, { name: string; runs: Run[] }>();
    for (const run of runs.data?.results ?? []) {
      const group = groups.get(run.cost_centre.id) ?? { name: run.cost_centre.name ?? 'Site', runs: [] };
      group.runs.push(run);
      groups.set(run.cost_centre.id, group);
    }
    return [...groups.values()];
  }, [runs.data]);

  return (
    <PageFrame title="Site checks" subtitle="Due today at your sites">
      <SiteChecksTabs />
      <WaitingBanner items={waiting} />
      {runs.isPending ? (
        <PageLoading />
      ) : runs.isError && !runs.data ? (
        <Alert severity="error">{apiErrorMessageOf(runs.error)}</Alert>
      ) : bySite.length === 0 ? (
        <EmptyState
          icon={<CheckCircleOutlineIcon />}
          title="Nothing due today"
          description="Checks due today at your sites show here."
        />
      ) : (
        <Stack spacing={3}>
          {bySite.map((site) => (
            <Box component="section" key={site.name + site.runs[0]!.id} aria-label={site.name}>
              <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                {site.name}
              </Typography>
              <Paper variant="outlined">
                <List disablePadding>
                  {site.runs.map((run, index) => {
                    const mine = waiting.filter((item) => item.runId === run.id).length;
                    return (
                      <ListItem key={run.id} disablePadding divider={index < site.runs.length - 1}>
                        <ListItemButton
                          component={RouterLink}
                          to={`/sitechecks/runs/${run.id}`}
                          sx={{ minHeight: 72, py: 1.5, gap: 2 }}
                        >
                          <ChecklistIcon color="action" />
                          <Box sx={{ flex: 1, minWidth: 0 }}>
                            <Typography sx={{ fontWeight: 500, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
                              {run.template.name}
                            </Typography>
                            <Typography variant="body2" color="text.secondary">
                              Due {time(run.due_at)} · closes {time(run.closes_at)}
                              {run.answers.length ? ` · ${run.answers.length} answered` : ''}
                              {mine ? ` · ${mine} waiting to send` : ''}
                            </Typography>
                          </Box>
                          <StatusChip status={run.status} />
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </List>
              </Paper>
            </Box>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

type StepState =
  { kind: 'saved' } | { kind: 'sending' } | { kind: 'waiting' } | { kind: 'refused'; message: string } | { kind: 'none' };

interface StepCardProps {
  step: Step;
  index: number;
  value: AnswerValue | undefined;
  /** The server's verdict on the stored answer (undefined: not answered there yet). */
  ok: boolean | undefined;
  state: StepState;
  missing: boolean;
  readOnly: boolean;
  /** An image given on this device (shown before the stored one). */
  preview: string | null;
  /** The stored image of the answer, through the download endpoint: `[run id, photo id]`. */
  storedPhoto: [string, string] | null;
  /** The answer's note (why a step failed, what was done about it). */
  note: string;
  onAnswer: (value: AnswerValue, file?: { blob: Blob; name: string }) => void;
  onNote: (note: string) => void;
}

/** A failing answer's note, saved with the answer when the field is left. */
function NoteInput({ label, note, onSave }: { label: string; note: string; onSave: (note: string) => void }) {
  const [text, setText] = useState(note);
  return (
    <TextField
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => text !== note && onSave(text)}
      label="Note: what happened, what was done"
      multiline
      fullWidth
      slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': `${label}: note` } }}
    />
  );
}

const bigButton = { minHeight: 56, fontSize: '1.05rem', flex: 1, textTransform: 'none' } as const;

function NumberInput({
  step,
  value,
  disabled,
  onSave,
}: {
  step: Step;
  value: AnswerValue | undefined;
  disabled: boolean;
  onSave: (n: number) => void;
}) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  const saved = useRef(typeof value === 'number' ? value : null);
  useEffect(() => {
    if (typeof value === 'number' && value !== saved.current) {
      saved.current = value;
      setText(String(value));
    }
  }, [value]);
  const reading = readingOf(text);
  const outOfRange = reading !== null && !answerPasses(step, reading);
  const invalid = text.trim() !== '' && reading === null;
  const range = rangeText(step);
  const commit = () => {
    if (reading === null || reading === saved.current) return;
    saved.current = reading;
    onSave(reading);
  };
  return (
    <TextField
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      disabled={disabled}
      label="Reading"
      error={outOfRange || invalid}
      helperText={invalid ? 'Enter a number, e.g. 3.5' : outOfRange ? `Out of range. ${range ?? ''}` : (range ?? ' ')}
      slotProps={{
        htmlInput: { inputMode: 'decimal', enterKeyHint: 'done', 'aria-label': step.label, style: { fontSize: '1.5rem' } },
        input: step.unit ? { endAdornment: <InputAdornment position="end">{step.unit}</InputAdornment> } : undefined,
      }}
      sx={outOfRange ? { '& .MuiOutlinedInput-root': { bgcolor: 'rgba(211, 47, 47, 0.06)' } } : undefined}
      fullWidth
    />
  );
}

function TextInput({
  label,
  value,
  disabled,
  onSave,
}: {
  label: string;
  value: AnswerValue | undefined;
  disabled: boolean;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(typeof value === 'string' ? value : '');
  const saved = useRef(typeof value === 'string' ? value : '');
  return (
    <TextField
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        if (text.trim() && text !== saved.current) {
          saved.current = text;
          onSave(text);
        }
      }}
      disabled={disabled}
      label="Answer"
      multiline
      minRows={2}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': label } }}
    />
  );
}

function StateLine({ state, missing, failed }: { state: StepState; missing: boolean; failed: boolean }) {
  if (state.kind === 'refused')
    return (
      <Typography color="error" role="alert">
        Not saved: {state.message}
      </Typography>
    );
  if (state.kind === 'waiting')
    return (
      <Typography sx={{ color: 'warning.dark', display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <CloudOffOutlinedIcon fontSize="small" /> Waiting to send
      </Typography>
    );
  if (state.kind === 'sending') return <Typography color="text.secondary">Sending…</Typography>;
  if (missing)
    return (
      <Typography color="error" role="alert">
        Required: answer this step to complete the check.
      </Typography>
    );
  if (state.kind === 'saved')
    return <Typography color={failed ? 'error' : 'success.main'}>{failed ? 'Saved · fails this check' : 'Saved'}</Typography>;
  return null;
}

/** A photo as large as the card allows (a phone's portrait photo stays readable), never cropped. */
const photoImage = { display: 'block', maxWidth: '100%', maxHeight: 360, objectFit: 'contain', borderRadius: 1, alignSelf: 'flex-start' } as const;
/**
 * A signature on paper white in either theme: a signature PNG from another device or client may be
 * transparent, and its dark strokes would vanish on the dark theme's card.
 */
const signatureImage = {
  display: 'block',
  maxWidth: '100%',
  maxHeight: 140,
  bgcolor: '#fff',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: 0.5,
  alignSelf: 'flex-start',
} as const;

function StepCard({ step, index, value, ok, state, missing, readOnly, preview: local, storedPhoto, note, onAnswer, onNote }: StepCardProps) {
  const stored = useStoredImage(local ? null : storedPhoto);
  const preview = local ?? stored;
  const fileInput = useRef<HTMLInputElement>(null);
  const id = `step-${index}`;
  const failed = ok === false || (value !== undefined && value !== null && !answerPasses(step, value));
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-label`}
      variant="outlined"
      sx={{ p: 2, borderColor: missing ? 'error.main' : failed ? 'error.light' : undefined, borderWidth: missing ? 2 : 1 }}
    >
      <Stack spacing={1.5}>
        <Box>
          <Typography id={`${id}-label`} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 500, overflowWrap: 'anywhere' }}>
            {index + 1}. {step.label}
            {step.required && (
              <Typography component="span" color="error" sx={{ ml: 0.5 }} aria-label="required">
                *
              </Typography>
            )}
          </Typography>
          {step.help && (
            <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
              {step.help}
            </Typography>
          )}
        </Box>
        {readOnly ? (
          <Box>
            {preview && (
              <Box
                component="img"
                src={preview}
                alt={`${step.label}: ${step.kind === 'SIGNATURE' ? 'signature' : 'photo'}`}
                sx={step.kind === 'SIGNATURE' ? { ...signatureImage, mb: 1 } : { ...photoImage, mb: 1 }}
              />
            )}
            <Typography
              sx={{ fontSize: '1.1rem', color: failed ? 'error.main' : undefined, fontWeight: failed ? 500 : undefined }}
            >
              {value === undefined ? 'Not answered' : answerText(step, value)}
              {failed ? ' · failed' : ''}
            </Typography>
          </Box>
        ) : step.kind === 'CHECK' ? (
          <Stack direction="row" spacing={1.5} role="group" aria-label={step.label}>
            <Button
              variant={value === true ? 'contained' : 'outlined'}
              color="success"
              sx={bigButton}
              aria-pressed={value === true}
              onClick={() => onAnswer(true)}
            >
              Yes
            </Button>
            <Button
              variant={value === false ? 'contained' : 'outlined'}
              color="error"
              sx={bigButton}
              aria-pressed={value === false}
              onClick={() => onAnswer(false)}
            >
              No
            </Button>
          </Stack>
        ) : step.kind === 'NUMBER' ? (
          <NumberInput step={step} value={value} disabled={false} onSave={(n) => onAnswer(n)} />
        ) : step.kind === 'CHOICE' ? (
          <Box
            role="group"
            aria-label={step.label}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5 }}
          >
            {step.choices.map((choice) => {
              const chosen = value === choice;
              const fails = step.fail_choices.includes(choice);
              return (
                <Button
                  key={choice}
                  variant={chosen ? 'contained' : 'outlined'}
                  color={fails ? 'error' : 'primary'}
                  sx={bigButton}
                  aria-pressed={chosen}
                  onClick={() => onAnswer(choice)}
                >
                  {choice}
                </Button>
              );
            })}
          </Box>
        ) : step.kind === 'TEXT' ? (
          <TextInput label={step.label} value={value} disabled={false} onSave={(text) => onAnswer(text)} />
        ) : step.kind === 'PHOTO' ? (
          <Stack spacing={1}>
            {preview && (
              <Box
                component="img"
                src={preview}
                alt={`${step.label}: photo`}
                sx={photoImage}
              />
            )}
            {!preview && value === null && state.kind === 'saved' && <Typography color="text.secondary">Photo saved.</Typography>}
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              aria-label={`${step.label}: photo`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onAnswer(null, { blob: file, name: file.name || 'photo.jpg' });
                event.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              size="large"
              startIcon={<PhotoCameraOutlinedIcon />}
              sx={{ ...bigButton, flex: 'none' }}
              onClick={() => fileInput.current?.click()}
            >
              {preview || state.kind === 'saved' ? 'Take another photo' : 'Take photo'}
            </Button>
          </Stack>
        ) : (
          <Stack spacing={1}>
            {preview && (
              <Box
                component="img"
                src={preview}
                alt={`${step.label}: signature`}
                sx={signatureImage}
              />
            )}
            {!preview && value === null && state.kind === 'saved' && <Typography color="text.secondary">Signed.</Typography>}
            <SignatureField label={step.label} onSave={(png) => onAnswer(null, { blob: png, name: 'signature.png' })} />
          </Stack>
        )}
        {readOnly && note && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Note: {note}
          </Typography>
        )}
        {!readOnly && failed && value !== undefined && value !== null && (
          <NoteInput label={step.label} note={note} onSave={onNote} />
        )}
        {!readOnly && <StateLine state={state} missing={missing} failed={failed} />}
      </Stack>
    </Paper>
  );
}

/**
 * The stored photo or signature of an answer, fetched with the session's token (the download
 * endpoint needs the Authorization header, as the QR code and profile picture do) into an object
 * URL, revoked when the card no longer shows it. Null while loading, offline or refused.
 */
function useStoredImage(photo: [string, string] | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const runId = photo?.[0];
  const photoId = photo?.[1];
  useEffect(() => {
    setUrl(null);
    if (!runId || !photoId) return;
    const controller = new AbortController();
    let made: string | null = null;
    const path = siteCheckRunEndpoints.photo.path.replace('{id}', encodeURIComponent(runId)).replace('{photo}', encodeURIComponent(photoId));
    apiBlobUrl(path, controller.signal).then(
      (blob) => {
        made = blob;
        setUrl(blob);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [runId, photoId]);
  return url;
}

/** Object URLs of images given on this device (this visit, or waiting from an earlier one), per step key. */
function usePreviews(runId: string, waiting: readonly QueuedAnswer[]) {
  const [taken, setTaken] = useState<Map<string, string>>(() => new Map());
  const urls = useRef(new Map<Blob, string>());
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const urlOf = (blob: Blob) => {
    let url = urls.current.get(blob);
    if (!url) {
      url = URL.createObjectURL(blob);
      urls.current.set(blob, url);
    }
    return url;
  };
  const previews = new Map(taken);
  for (const item of waiting) if (item.runId === runId && item.file) previews.set(item.key, urlOf(item.file));
  return { previews, remember: (key: string, blob: Blob) => setTaken((old) => new Map(old).set(key, urlOf(blob))) };
}

/** One run, made for a phone at the site: every step with large controls, each answer sent as it is given (spec platform §14.1, "Web"). */
export function SiteCheckRunPage() {
  useAnswerSync();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const can = useCan();
  const run = useQuery(runQuery(id));
  const waiting = useMyWaiting();
  const mine = waiting.filter((item) => item.runId === id);
  const [refused, setRefused] = useState<Map<string, string>>(() => new Map());
  const [missing, setMissing] = useState<string[]>([]);
  const { previews, remember } = usePreviews(id, mine);

  useEffect(
    () =>
      answerQueue.on({
        refused: (item, message) => item.runId === id && setRefused((old) => new Map(old).set(item.key, message)),
        sent: (item) =>
          item.runId === id &&
          setRefused((old) => (old.has(item.key) ? new Map([...old].filter(([key]) => key !== item.key)) : old)),
      }),
    [id],
  );

  const complete = useMutation({
    mutationFn: () => callEndpoint(siteCheckRunEndpoints.complete, { params: { id } }),
    onSuccess: (done) => {
      setMissing([]);
      queryClient.setQueryData(siteCheckKeys.run(id), done);
      void queryClient.invalidateQueries({ queryKey: [...siteCheckKeys.all, 'today'] });
      window.scrollTo({ top: 0 });
    },
    onError: (error) => {
      const keys = error instanceof ApiError && error.status === 400 ? missingStepKeys(error.body) : [];
      setMissing(keys);
      if (keys.length) document.getElementById(`step-card-${keys[0]}`)?.scrollIntoView({ block: 'center' });
    },
  });

  if (run.isPending) return <PageLoading />;
  if (run.isError && !run.data)
    return (
      <PageFrame title="Site check">
        <Alert severity="error">{apiErrorMessageOf(run.error)}</Alert>
      </PageFrame>
    );
  const data = run.data;
  const closed = data.status !== 'DUE' && data.status !== 'IN_PROGRESS';
  const answers = new Map(data.answers.map((answer) => [answer.key, answer]));
  const waitingByKey = new Map(mine.map((item) => [item.key, item]));
  const ticketHref = data.ticket ? (can('ticket') ? `/all-tickets/${data.ticket}` : `/tickets/${data.ticket}`) : null;

  const give = (step: Step, value: AnswerValue, note: string, file?: { blob: Blob; name: string }) => {
    setMissing((old) => old.filter((key) => key !== step.key));
    setRefused((old) => (old.has(step.key) ? new Map([...old].filter(([key]) => key !== step.key)) : old));
    if (file) remember(step.key, file.blob);
    void answerQueue.enqueue({ runId: id, key: step.key, value, note, file: file?.blob ?? null, fileName: file?.name ?? null });
  };

  const steps = data.steps as Step[];
  const body = (
    <Stack spacing={2}>
      {closed && (
        <Alert severity={data.status === 'DONE' ? 'success' : data.status === 'FAILED' ? 'error' : 'warning'}>
          {data.status === 'DONE' &&
            `Completed${data.completed_by ? ` by ${data.completed_by.full_name}` : ''}${data.completed_at ? ` at ${time(data.completed_at)}` : ''}. Every step passed.`}
          {data.status === 'FAILED' && (
            <>
              Failed: {data.failed_steps.map((key) => steps.find((s) => s.key === key)?.label ?? key).join(', ')}.{' '}
              {ticketHref && (
                <Link component={RouterLink} to={ticketHref} sx={{ fontWeight: 500 }}>
                  Open the ticket raised for it
                </Link>
              )}
            </>
          )}
          {data.status === 'MISSED' && 'This check was not completed before its window closed.'}
        </Alert>
      )}
      {steps.map((step, index) => {
        const stored = answers.get(step.key);
        const queued = waitingByKey.get(step.key);
        const message = refused.get(step.key);
        const state: StepState = message
          ? { kind: 'refused', message }
          : queued
            ? answerQueue.stalled
              ? { kind: 'waiting' }
              : { kind: 'sending' }
            : stored
              ? { kind: 'saved' }
              : { kind: 'none' };
        return (
          <Box key={step.key} id={`step-card-${step.key}`}>
            <StepCard
              step={step}
              index={index}
              value={queued ? queued.value : stored?.value}
              ok={queued ? undefined : stored?.ok}
              state={state}
              missing={missing.includes(step.key)}
              readOnly={closed}
              preview={previews.get(step.key) ?? null}
              storedPhoto={!queued && stored?.photo ? [id, stored.photo] : null}
              note={queued ? queued.note : (stored?.note ?? '')}
              onAnswer={(value, file) => give(step, value, queued ? queued.note : (stored?.note ?? ''), file)}
              onNote={(text) => {
                const current = queued ? queued.value : stored?.value;
                if (current !== undefined && current !== null) give(step, current, text);
              }}
            />
          </Box>
        );
      })}
      {!closed && (
        <Box sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.default', py: 1.5 }}>
          {missing.length > 0 && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {missing.length === 1 ? '1 required step has' : `${missing.length} required steps have`} no answer yet:{' '}
              {missing.map((key) => steps.find((s) => s.key === key)?.label ?? key).join(', ')}.
            </Alert>
          )}
          {complete.isError && !missing.length && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {apiErrorMessageOf(complete.error)}
            </Alert>
          )}
          {mine.length > 0 && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Complete the check once the waiting answers are sent.
            </Typography>
          )}
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ minHeight: 56, fontSize: '1.1rem' }}
            disabled={complete.isPending || mine.length > 0}
            onClick={() => complete.mutate()}
          >
            {complete.isPending ? 'Completing…' : 'Complete check'}
          </Button>
        </Box>
      )}
    </Stack>
  );

  return (
    <PageFrame
      title={data.template.name}
      subtitle={
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <span>
            {data.cost_centre.name} · due {time(data.due_at)} · closes {time(data.closes_at)}
          </span>
          <StatusChip status={data.status} />
        </Box>
      }
    >
      <Box sx={{ maxWidth: 720 }}>
        <Link component={RouterLink} to="/sitechecks" sx={{ display: 'inline-block', mb: 2, py: 1 }}>
          ← Today&apos;s checks
        </Link>
        <WaitingBanner items={mine} />
        {body}
      </Box>
    </PageFrame>
  );
}
