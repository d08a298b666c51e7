import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { BulkResource } from '@ops/contract/jobs/jobs.schemas';
import { ApiError } from '../../../api/http-client';
import { humaniseCode } from '../../../shared/humanise';
import type { BulkContext } from '../../../shared/ui/list-page/ListPage';
import {
  blankOf,
  bulkBody,
  bulkChangesOf,
  bulkConfirmText,
  bulkDoneText,
  bulkValueError,
  countOf,
  type BulkNouns,
  type InputFieldSpec,
} from '../bulk-change';
import { submitBulkChange } from '../jobs.queries';
import { JobProgress, type JobWording } from './JobProgress';
import { FieldGridInputs } from './RecordFormDialog';

export interface BulkChangeProps {
  resource: BulkResource;
  nouns: BulkNouns;
  fields: InputFieldSpec[];
  context: BulkContext;
  /** Query keys to refetch after the change and after an undo (the list's). */
  invalidate: readonly unknown[];
}

// BulkChangeButton (DialogButtons.tsx) opens this dialog, loaded on first click.

type Step = { kind: 'choose' } | { kind: 'confirm' } | { kind: 'running'; job: string };

export function BulkChangeDialog({
  resource,
  nouns,
  fields,
  context,
  invalidate,
  onClose,
}: BulkChangeProps & { onClose: () => void }) {
  const [fieldName, setFieldName] = useState(fields[0]!.name);
  const spec = fields.find((f) => f.name === fieldName) ?? fields[0]!;
  const form = useForm<Record<string, unknown>>({ defaultValues: { [spec.name]: blankOf(spec) } });
  const value = useWatch({ control: form.control, name: spec.name });
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The selection as it was when the dialog opened: the list may refetch meanwhile.
  const [frozen] = useState(() => ({ ...context }));
  const count = frozen.count;
  const question = bulkConfirmText(spec.label, count, nouns);
  const wording = useMemo(() => bulkWording(nouns), [nouns]);

  const chooseField = (name: string) => {
    const next = fields.find((f) => f.name === name);
    if (!next) return;
    setFieldName(name);
    form.reset({ [name]: blankOf(next) });
    setProblem(null);
  };

  const next = () => {
    const error = bulkValueError(spec, value);
    if (error) {
      form.setError(spec.name, { message: error });
      return;
    }
    setProblem(null);
    setStep({ kind: 'confirm' });
  };

  const submit = async () => {
    setSubmitting(true);
    setProblem(null);
    try {
      const selection =
        frozen.ids && frozen.ids.length > 0 ? { kind: 'ids' as const, ids: frozen.ids } : { kind: 'matching' as const };
      const job = await submitBulkChange(resource, bulkBody(selection, frozen.query, bulkChangesOf(spec, value)));
      context.clear();
      setStep({ kind: 'running', job });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The change could not be started.');
    } finally {
      setSubmitting(false);
    }
  };

  const running = step.kind === 'running';
  return (
    <Dialog open onClose={running ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="bulk-change-title">
      <DialogTitle id="bulk-change-title">Bulk change</DialogTitle>
      {step.kind === 'running' ? (
        <JobProgress job={step.job} wording={wording} invalidate={invalidate} onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {frozen.ids && frozen.ids.length > 0
                ? `${countOf(count, nouns)} selected.`
                : `All ${countOf(count, nouns)} matching the list's filters and search.`}
            </DialogContentText>
            {step.kind === 'choose' ? (
              <Stack spacing={2}>
                <TextField select fullWidth label="Field" value={spec.name} onChange={(event) => chooseField(event.target.value)}>
                  {fields.map((f) => (
                    <MenuItem key={f.name} value={f.name}>
                      {f.label}
                    </MenuItem>
                  ))}
                </TextField>
                <FormProvider {...form}>
                  <Box key={spec.name}>
                    <FieldGridInputs fields={[{ ...spec, full: true, label: `New ${spec.label.toLowerCase()}` }]} />
                  </Box>
                </FormProvider>
              </Stack>
            ) : (
              <Alert severity="warning" icon={false}>
                <Typography sx={{ fontWeight: 600 }}>{question}</Typography>
                {valueText(spec, value) !== null && <Typography variant="body2">New value: {valueText(spec, value)}</Typography>}
                <Typography variant="body2">
                  Every change is recorded in the history, and you can undo it from the message that follows.
                </Typography>
              </Alert>
            )}
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            {step.kind === 'choose' ? (
              <>
                <Button onClick={onClose}>Cancel</Button>
                <Button variant="contained" onClick={next}>
                  Next
                </Button>
              </>
            ) : (
              <>
                <Button onClick={() => setStep({ kind: 'choose' })} disabled={submitting}>
                  Back
                </Button>
                <Button variant="contained" onClick={() => void submit()} disabled={submitting}>
                  Change {countOf(count, nouns)}
                </Button>
              </>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function valueText(spec: InputFieldSpec, value: unknown): string | null {
  if (spec.kind === 'boolean') return value ? 'Yes' : 'No';
  if (spec.kind === 'enum') return typeof value === 'string' && value ? humaniseCode(value) : null;
  if (spec.kind === 'relation') return value === null || value === undefined || value === '' ? 'None' : null;
  return typeof value === 'string' ? (value === '' ? '(empty)' : value) : null;
}

/** How a bulk change words its progress, toast and undo. */
function bulkWording(nouns: BulkNouns): JobWording {
  return {
    running: (done, total) => `Changing… ${done.toLocaleString('en-AU')} of ${countOf(total, nouns)}`,
    finished: (done, total) => `Finished: ${done.toLocaleString('en-AU')} of ${countOf(total, nouns)}.`,
    done: (job) => bulkDoneText(job.done - job.error_count, nouns),
    failed: (job) => `The bulk change failed${job.failure ? `: ${job.failure}` : '.'}`,
    problems: (count) => `${count.toLocaleString('en-AU')} ${count === 1 ? nouns.noun : nouns.plural} could not be changed:`,
    undone: (result) =>
      `Undone: ${countOf(result.restored, nouns)} restored${result.skipped.length ? `, ${result.skipped.length} left alone (changed since)` : ''}`,
    undoFailed: 'The change could not be undone.',
    loadFailed: 'The progress of the change could not be loaded.',
    progressLabel: 'Bulk change progress',
  };
}
