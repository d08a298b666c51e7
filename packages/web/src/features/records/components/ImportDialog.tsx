import { useMemo } from 'react';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ImportResource } from '@ops/contract/jobs/jobs.schemas';
import type { BulkNouns } from '../bulk-change';
import { importWording } from '../imports';
import { ImportCheckStep } from './ImportCheckStep';
import { ImportMappingStep } from './ImportMappingStep';
import { ImportStepActions } from './ImportStepActions';
import { ImportUploadStep } from './ImportUploadStep';
import { JobProgress } from './JobProgress';
import { useImportDialog, type ImportStep } from './use-import-dialog';

export interface ImportDialogProps {
  resource: ImportResource;
  nouns: BulkNouns;
  /** A field's label (the record form's, else the field name made readable). */
  label: (field: string | null | undefined) => string;
  /** Header -> field for the labels the web app writes (an export's column headers, the form's labels); see `headerAliases`. */
  aliases?: Record<string, string>;
  /** Whether the user may change records: matched rows can then be updated, else only skipped. */
  canChange: boolean;
  /** Query keys to refetch when the import is done and after an undo (the list's). */
  invalidate: readonly unknown[];
  onClose: () => void;
}

// ImportButton (DialogButtons.tsx) opens this dialog, loaded on first click.

const STEPS = ['Upload', 'Map columns', 'Check', 'Import'];
const STEP_INDEX: Record<ImportStep['kind'], number> = { file: 0, map: 1, check: 2, running: 3 };

/**
 * Import records from a CSV or XLSX file: upload (or drop) it, check the
 * column mapping suggested by its headers and how existing records are
 * matched, see what a dry run says (rows to create, update, skip and every
 * invalid row), then run it as a job with progress and Undo.
 */
export function ImportDialog({ resource, nouns, label, aliases, canChange, invalidate, onClose }: ImportDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { step, setStep, mapping, setMapping, match, setMatch, busy, problem, input, choose, check, run } = useImportDialog(
    resource,
    canChange,
    aliases,
  );
  const title = `Import ${nouns.plural}`;

  const wording = useMemo(() => importWording(nouns, step.kind === 'running' ? step.dry.skip : 0, label), [nouns, step, label]);
  const running = step.kind === 'running';

  return (
    <Dialog
      open
      onClose={running || busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="import-title"
    >
      <DialogTitle id="import-title">{title}</DialogTitle>
      <Box sx={{ px: 3, pb: 1 }}>
        <Stepper activeStep={STEP_INDEX[step.kind]} alternativeLabel={phone} aria-label="Import steps">
          {STEPS.map((name) => (
            <Step key={name}>
              <StepLabel>{name}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      {step.kind === 'running' ? (
        <JobProgress job={step.job} wording={wording} invalidate={invalidate} onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            {step.kind === 'file' && <ImportUploadStep phone={phone} busy={busy} input={input} onChoose={choose} />}
            {step.kind === 'map' && (
              <ImportMappingStep
                upload={step.upload}
                mapping={mapping}
                onMapping={setMapping}
                match={match}
                onMatch={setMatch}
                label={label}
                nouns={nouns}
                canChange={canChange}
              />
            )}
            {step.kind === 'check' && (
              <ImportCheckStep upload={step.upload} dry={step.dry} mapping={mapping} label={label} nouns={nouns} />
            )}
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {problem}
              </Alert>
            )}
          </DialogContent>
          <ImportStepActions
            step={step}
            busy={busy}
            mapping={mapping}
            nouns={nouns}
            onClose={onClose}
            onStep={setStep}
            onCheck={check}
            onRun={run}
          />
        </>
      )}
    </Dialog>
  );
}
