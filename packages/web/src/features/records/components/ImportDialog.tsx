import { useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  ListSubheader,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import type { DryRun, Import, ImportResource, MatchKey } from '@ops/contract/jobs/jobs.schemas';
import { ApiError } from '../../../api/http-client';
import { countOf, type BulkNouns } from '../bulk-change';
import {
  columnOf,
  exampleOf,
  importBody,
  importWording,
  initialMapping,
  initialMatch,
  invalidRowsCsv,
  invalidRowsFileName,
  mappedFields,
  missingRequired,
  remap,
  rowsToWrite,
  type ColumnMapping,
  type MatchChoice,
} from '../imports';
import { dryRunImport, startImport, uploadImport } from '../jobs.queries';
import { JobProgress } from './JobProgress';

export interface ImportDialogProps {
  resource: ImportResource;
  nouns: BulkNouns;
  /** A field's label (the record form's, else the field name made readable). */
  label: (field: string | null | undefined) => string;
  /** Whether the user may change records: matched rows can then be updated, else only skipped. */
  canChange: boolean;
  /** Query keys to refetch when the import is done and after an undo (the list's). */
  invalidate: readonly unknown[];
  onClose: () => void;
}

type Step =
  | { kind: 'file' }
  | { kind: 'map'; upload: Import }
  | { kind: 'check'; upload: Import; dry: DryRun }
  | { kind: 'running'; upload: Import; dry: DryRun; job: string };

// ImportButton (DialogButtons.tsx) opens this dialog, loaded on first click.

const STEPS = ['Upload', 'Map columns', 'Check', 'Import'];
const STEP_INDEX: Record<Step['kind'], number> = { file: 0, map: 1, check: 2, running: 3 };
/** Problems listed in the dialog; all of them are in the downloaded file. */
const LISTED_PROBLEMS = 100;

const n = (count: number) => count.toLocaleString('en-AU');

/** The message of a failed request, with the field errors of a mapping (`{mapping: {column: [...]}}`) spelled out. */
function problemOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.body as Record<string, unknown> | null;
  const mapping = body?.mapping;
  if (mapping && typeof mapping === 'object' && !Array.isArray(mapping)) {
    const [column, messages] = Object.entries(mapping as Record<string, unknown>)[0] ?? [];
    if (column && Array.isArray(messages)) return `Column “${column}”: ${String(messages[0])}`;
  }
  for (const field of ['file', 'match_on', 'resource'])
    if (Array.isArray(body?.[field]) && typeof (body[field] as unknown[])[0] === 'string')
      return String((body[field] as unknown[])[0]);
  return error.message;
}

function download(text: string, fileName: string) {
  const href = URL.createObjectURL(new Blob([`\ufeff${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Import records from a CSV or XLSX file: upload (or drop) it, check the
 * column mapping suggested by its headers and how existing records are
 * matched, see what a dry run says (rows to create, update, skip and every
 * invalid row), then run it as a job with progress and Undo.
 */
export function ImportDialog({ resource, nouns, label, canChange, invalidate, onClose }: ImportDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [step, setStep] = useState<Step>({ kind: 'file' });
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [match, setMatch] = useState<MatchChoice>({ on: null, onMatch: 'update' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const title = `Import ${nouns.plural}`;

  const choose = async (file: File | undefined) => {
    if (!file || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const upload = await uploadImport(resource, file);
      const first = initialMapping(upload);
      setMapping(first);
      setMatch(initialMatch(upload, first, canChange));
      setStep({ kind: 'map', upload });
    } catch (error) {
      setProblem(problemOf(error, 'The file could not be uploaded.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const check = async (upload: Import) => {
    setBusy(true);
    setProblem(null);
    try {
      const dry = await dryRunImport(upload.id, importBody(mapping, match));
      setStep({ kind: 'check', upload, dry });
    } catch (error) {
      setProblem(problemOf(error, 'The file could not be checked.'));
    } finally {
      setBusy(false);
    }
  };

  const run = async (upload: Import, dry: DryRun) => {
    setBusy(true);
    setProblem(null);
    try {
      const job = await startImport(upload.id, importBody(mapping, match));
      setStep({ kind: 'running', upload, dry, job });
    } catch (error) {
      setProblem(problemOf(error, 'The import could not be started.'));
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

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
            {step.kind === 'file' && (
              <Box
                onDragOver={(event) => {
                  event.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                data-testid="import-drop-zone"
                sx={{
                  border: 2,
                  borderStyle: 'dashed',
                  borderColor: dragging ? 'primary.main' : 'divider',
                  bgcolor: dragging ? 'action.hover' : 'transparent',
                  borderRadius: 2,
                  p: { xs: 3, sm: 5 },
                  textAlign: 'center',
                }}
              >
                <UploadFileIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
                <Typography sx={{ mt: 1, fontWeight: 600 }}>
                  {phone ? 'Choose a CSV or XLSX file' : 'Drop a CSV or XLSX file here'}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  The first row names the columns. Nothing is written until you have checked the file.
                </Typography>
                <input
                  ref={input}
                  type="file"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  hidden
                  aria-label="File to import"
                  onChange={(event) => void choose(event.target.files?.[0])}
                />
                <Button
                  variant="contained"
                  onClick={() => input.current?.click()}
                  disabled={busy}
                  startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <UploadFileIcon />}
                >
                  {busy ? 'Reading file…' : 'Choose file'}
                </Button>
              </Box>
            )}
            {step.kind === 'map' && (
              <MappingStep
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
              <CheckStep upload={step.upload} dry={step.dry} mapping={mapping} label={label} nouns={nouns} />
            )}
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {problem}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {step.kind === 'file' && <Button onClick={onClose}>Cancel</Button>}
            {step.kind === 'map' && (
              <>
                <Button onClick={() => setStep({ kind: 'file' })} disabled={busy}>
                  Back
                </Button>
                <Button
                  variant="contained"
                  onClick={() => void check(step.upload)}
                  disabled={busy || mappedFields(mapping).size === 0}
                  startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
                >
                  {busy ? 'Checking…' : 'Check file'}
                </Button>
              </>
            )}
            {step.kind === 'check' && (
              <>
                <Button onClick={() => setStep({ kind: 'map', upload: step.upload })} disabled={busy}>
                  Back
                </Button>
                <Button
                  variant="contained"
                  onClick={() => void run(step.upload, step.dry)}
                  disabled={busy || rowsToWrite(step.dry) === 0}
                >
                  Import {countOf(rowsToWrite(step.dry), nouns)}
                </Button>
              </>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface MappingStepProps {
  upload: Import;
  mapping: ColumnMapping;
  onMapping: (mapping: ColumnMapping) => void;
  match: MatchChoice;
  onMatch: (match: MatchChoice) => void;
  label: (field: string | null | undefined) => string;
  nouns: BulkNouns;
  canChange: boolean;
}

function MappingStep({ upload, mapping, onMapping, match, onMatch, label, nouns, canChange }: MappingStepProps) {
  const required = new Set(upload.required);
  const missing = missingRequired(upload.required, mapping);
  const mapped = mappedFields(mapping);
  const fieldName = (field: string) => `${label(field)}${required.has(field) ? ' *' : ''}`;
  const matchOn = match.on && mapped.has(match.on) ? match.on : null;
  return (
    <Stack spacing={2.5}>
      <DialogContentText>
        <strong>{upload.file_name}</strong>: {n(upload.rows)} {upload.rows === 1 ? 'row' : 'rows'}, {upload.columns.length}{' '}
        {upload.columns.length === 1 ? 'column' : 'columns'}. Choose the field each column goes to; fields marked * are required
        for new {nouns.plural}.
      </DialogContentText>
      <Box role="group" aria-label="Column mapping">
        <Box
          sx={{
            display: { xs: 'none', sm: 'grid' },
            gridTemplateColumns: '1fr 1fr 1.2fr',
            gap: 2,
            pb: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="caption" color="text.secondary">
            Column in the file
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Example
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Import as
          </Typography>
        </Box>
        {upload.columns.map((column, index) => {
          const example = exampleOf(upload, column);
          return (
            <Box
              key={column}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1.2fr' },
                gap: { xs: 0.5, sm: 2 },
                alignItems: 'center',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{column}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={example} sx={{ minWidth: 0 }}>
                {example || '—'}
              </Typography>
              <TextField
                select
                size="small"
                fullWidth
                // The Choose file button is gone once the file is read: focus goes on to the first mapping.
                autoFocus={index === 0}
                value={mapping[column] ?? ''}
                onChange={(event) => onMapping(remap(mapping, column, event.target.value))}
                slotProps={{ htmlInput: { 'aria-label': `Import column “${column}” as` }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">
                  <em>Don&apos;t import</em>
                </MenuItem>
                <ListSubheader>Fields</ListSubheader>
                {upload.fields.map((field) => {
                  const elsewhere = mapping[column] !== field ? columnOf(mapping, field) : '';
                  return (
                    <MenuItem key={field} value={field}>
                      {fieldName(field)}
                      {elsewhere && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          (now from “{elsewhere}”)
                        </Typography>
                      )}
                    </MenuItem>
                  );
                })}
              </TextField>
            </Box>
          );
        })}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }} id="import-required">
          Required for new {nouns.plural}:
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-labelledby="import-required">
          {upload.required.map((field) => {
            const ok = mapped.has(field);
            return (
              <Chip
                key={field}
                size="small"
                variant="outlined"
                color={ok ? 'success' : 'warning'}
                icon={ok ? <CheckCircleIcon /> : <ErrorOutlineIcon />}
                label={`${label(field)}: ${ok ? `from “${columnOf(mapping, field)}”` : 'not mapped'}`}
              />
            );
          })}
        </Stack>
        {missing.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            No column goes to {missing.map((field) => label(field)).join(', ')}: rows that create a new {nouns.noun} will be
            invalid{upload.match_keys.length ? ', rows that update an existing one are fine' : ''}.
          </Alert>
        )}
      </Box>
      {upload.match_keys.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }}>
          <FormControl>
            <FormLabel id="import-match-on">Existing {nouns.plural}</FormLabel>
            <RadioGroup
              aria-labelledby="import-match-on"
              value={matchOn ?? ''}
              onChange={(event) => onMatch({ ...match, on: (event.target.value || null) as MatchKey | null })}
            >
              <FormControlLabel value="" control={<Radio size="small" />} label={`Always create new ${nouns.plural}`} />
              {upload.match_keys.map((key) => (
                <FormControlLabel
                  key={key}
                  value={key}
                  disabled={!mapped.has(key)}
                  control={<Radio size="small" />}
                  label={mapped.has(key) ? `Match on ${label(key)}` : `Match on ${label(key)} (map a column to it first)`}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {matchOn && (
            <FormControl>
              <FormLabel id="import-on-match">When a row matches</FormLabel>
              <RadioGroup
                aria-labelledby="import-on-match"
                value={match.onMatch}
                onChange={(event) => onMatch({ ...match, onMatch: event.target.value as 'update' | 'skip' })}
              >
                <FormControlLabel
                  value="update"
                  disabled={!canChange}
                  control={<Radio size="small" />}
                  label={canChange ? `Update the ${nouns.noun}` : `Update the ${nouns.noun} (you may not change ${nouns.plural})`}
                />
                <FormControlLabel value="skip" control={<Radio size="small" />} label="Skip the row" />
              </RadioGroup>
            </FormControl>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function CheckStep({
  upload,
  dry,
  mapping,
  label,
  nouns,
}: {
  upload: Import;
  dry: DryRun;
  mapping: ColumnMapping;
  label: (field: string | null | undefined) => string;
  nouns: BulkNouns;
}) {
  const counts = [
    { name: 'To create', value: dry.create, color: 'success.main' },
    { name: 'To update', value: dry.update, color: 'info.main' },
    { name: 'To skip', value: dry.skip, color: 'text.secondary' },
    { name: 'Invalid', value: dry.invalid_count, color: dry.invalid_count ? 'error.main' : 'text.secondary' },
  ];
  const listed = dry.invalid.slice(0, LISTED_PROBLEMS);
  return (
    <Stack spacing={2.5}>
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Checked {n(upload.rows)} {upload.rows === 1 ? 'row' : 'rows'} of {upload.file_name}. Nothing has been written yet.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}>
          {counts.map((count) => (
            <Box key={count.name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Typography variant="h5" component="p" sx={{ color: count.color, fontWeight: 600 }}>
                {n(count.value)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {count.name}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      {dry.invalid_count > 0 ? (
        <Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 1, mb: 1 }}
          >
            <Typography variant="subtitle2" component="h3" id="import-invalid-rows">
              {dry.invalid_count === 1 ? '1 invalid row' : `${n(dry.invalid_count)} invalid rows`}, left out of the import
            </Typography>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => download(invalidRowsCsv(dry.invalid, mapping, label), invalidRowsFileName(upload.file_name))}
            >
              Download invalid rows (CSV)
            </Button>
          </Stack>
          <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-labelledby="import-invalid-rows">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Field</TableCell>
                  <TableCell>Message</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {listed.map((problem, index) => (
                  <TableRow key={`${problem.row}-${problem.field ?? ''}-${index}`}>
                    <TableCell>{problem.row}</TableCell>
                    <TableCell>
                      {label(problem.field) || '—'}
                      {columnOf(mapping, problem.field) && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          column “{columnOf(mapping, problem.field)}”
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{problem.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {dry.invalid.length > listed.length && (
            <Typography variant="caption" color="text.secondary">
              Showing the first {n(listed.length)} of {n(dry.invalid.length)} problems; the download has them all.
            </Typography>
          )}
        </Box>
      ) : (
        <Alert severity="success">Every row is valid.</Alert>
      )}
      {rowsToWrite(dry) === 0 && (
        <Alert severity="info">There is nothing to import: no row creates or updates a {nouns.noun}.</Alert>
      )}
    </Stack>
  );
}
