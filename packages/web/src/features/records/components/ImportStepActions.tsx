import { Button, CircularProgress, DialogActions } from '@mui/material';
import type { DryRun, Import } from '@ops/contract/jobs/jobs.schemas';
import { countOf, type BulkNouns } from '../bulk-change';
import { mappedFields, rowsToWrite, type ColumnMapping } from '../imports';
import type { ImportStep } from './use-import-dialog';

export interface ImportStepActionsProps {
  step: Exclude<ImportStep, { kind: 'running' }>;
  busy: boolean;
  mapping: ColumnMapping;
  nouns: BulkNouns;
  onClose: () => void;
  onStep: (step: ImportStep) => void;
  onCheck: (upload: Import) => Promise<void>;
  onRun: (upload: Import, dry: DryRun) => Promise<void>;
}

/** The import dialog's buttons for the step it is at (Cancel, Back, Check file, Import). */
export function ImportStepActions({ step, busy, mapping, nouns, onClose, onStep, onCheck, onRun }: ImportStepActionsProps) {
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
      {step.kind === 'file' && <Button onClick={onClose}>Cancel</Button>}
      {step.kind === 'map' && (
        <>
          <Button onClick={() => onStep({ kind: 'file' })} disabled={busy}>
            Back
          </Button>
          <Button
            variant="contained"
            onClick={() => void onCheck(step.upload)}
            disabled={busy || mappedFields(mapping).size === 0}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {busy ? 'Checking…' : 'Check file'}
          </Button>
        </>
      )}
      {step.kind === 'check' && (
        <>
          <Button onClick={() => onStep({ kind: 'map', upload: step.upload })} disabled={busy}>
            Back
          </Button>
          <Button
            variant="contained"
            onClick={() => void onRun(step.upload, step.dry)}
            disabled={busy || rowsToWrite(step.dry) === 0}
          >
            Import {countOf(rowsToWrite(step.dry), nouns)}
          </Button>
        </>
      )}
    </DialogActions>
  );
}
