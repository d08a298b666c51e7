import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar, type SnackbarKey } from '../../../shared/ui/snackbar';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import type { Job, JobError } from '@ops/contract/jobs/jobs.schemas';
import { ApiError } from '../../../api/http-client';
import { jobRunning } from '../bulk-change';
import { jobQuery, undoJob } from '../jobs.queries';

/** What a job's progress, toast and undo say: a bulk change and an import word them differently. */
export interface JobWording {
  /** "Changing… 1 of 2 clients". */
  running: (done: number, total: number) => string;
  /** "Finished: 2 of 2 clients." */
  finished: (done: number, total: number) => string;
  /** The toast when the job succeeded: "Changed 2 clients". */
  done: (job: Job) => string;
  /** The toast when it failed. */
  failed: (job: Job) => string;
  /** "1 client could not be changed:". */
  problems: (count: number) => string;
  /** The toast after an undo. */
  undone: (result: NonNullable<Job['undo']>) => string;
  undoFailed: string;
  loadFailed: string;
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** An error row's secondary text. */
  errorDetail?: (error: JobError) => string;
}

export interface JobProgressProps {
  job: string;
  wording: JobWording;
  /** Query keys to refetch when the job is done and after an undo. */
  invalidate: readonly unknown[];
  onClose: () => void;
}

/** A running job inside a dialog: a progress bar polled every second, then the toast with Undo, or the errors per record or row. */
export function JobProgress({ job, wording, invalidate, onClose }: JobProgressProps) {
  const { data, error } = useQuery(jobQuery(job));
  const queryClient = useQueryClient();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const announced = useRef(false);
  const finished = data !== undefined && !jobRunning(data.status);
  const toastKey = useRef<SnackbarKey | null>(null);
  const [undone, setUndone] = useState(false);
  const undoRef = useRef<() => Promise<void>>(async () => undefined);
  const undo = async () => {
    if (toastKey.current !== null) closeSnackbar(toastKey.current);
    setUndone(true);
    try {
      const result = await undoJob(job);
      enqueueSnackbar(wording.undone(result.undo ?? { restored: 0, deleted: 0, skipped: [] }), { variant: 'info' });
    } catch (undoError) {
      enqueueSnackbar(undoError instanceof ApiError ? undoError.message : wording.undoFailed, { variant: 'error' });
    }
    void queryClient.invalidateQueries({ queryKey: invalidate });
  };
  undoRef.current = undo;

  useEffect(() => {
    if (!finished || announced.current || !data) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: invalidate });
    if (data.status === 'FAILED') {
      enqueueSnackbar(wording.failed(data), { variant: 'error' });
      return;
    }
    if (data.status !== 'SUCCEEDED') return;
    toastKey.current = enqueueSnackbar(wording.done(data), {
      variant: 'success',
      autoHideDuration: 15000,
      action: () => (
        <Button color="inherit" size="small" onClick={() => void undoRef.current()}>
          Undo
        </Button>
      ),
    });
    if (data.error_count === 0) onClose();
  }, [finished, data, invalidate, wording, queryClient, enqueueSnackbar, onClose]);

  const total = data?.total ?? 0;
  const done = data?.done ?? 0;
  const detail = wording.errorDetail ?? ((e: JobError) => [e.field, e.id].filter(Boolean).join(' · '));
  return (
    <>
      <DialogContent>
        {error ? (
          <Alert severity="error">{wording.loadFailed}</Alert>
        ) : (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {finished
                ? wording.finished(done, total)
                : data?.status === 'QUEUED'
                  ? 'Waiting to start…'
                  : wording.running(done, total)}
            </Typography>
            <LinearProgress
              variant={data && total > 0 ? 'determinate' : 'indeterminate'}
              value={total > 0 ? (100 * done) / total : 0}
              aria-label={wording.progressLabel}
            />
          </Box>
        )}
        {data && data.error_count > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {wording.problems(data.error_count)}
            <List dense disablePadding>
              {data.errors.map((e, index) => (
                <ListItem key={`${e.id ?? e.row ?? ''}-${index}`} disableGutters>
                  <ListItemText primary={e.message} secondary={detail(e)} />
                </ListItem>
              ))}
            </List>
          </Alert>
        )}
        {data?.status === 'FAILED' && data.failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {data.failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {finished && data?.status === 'SUCCEEDED' && data.done > data.error_count && (
          <Button onClick={() => void undo()} disabled={undone}>
            Undo
          </Button>
        )}
        <Button onClick={onClose} disabled={!finished && !error}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}
