import { useRef, useState } from 'react';
import type { DryRun, Import, ImportResource } from '@ops/contract/jobs/jobs.schemas';
import { ApiError } from '../../../api/http-client';
import { importBody, initialMapping, initialMatch, type ColumnMapping, type MatchChoice } from '../imports';
import { dryRunImport, startImport, uploadImport } from '../jobs.queries';

/** Where the import dialog is: each step carries what the steps before it produced. */
export type ImportStep =
  | { kind: 'file' }
  | { kind: 'map'; upload: Import }
  | { kind: 'check'; upload: Import; dry: DryRun }
  | { kind: 'running'; upload: Import; dry: DryRun; job: string };

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

/**
 * The import dialog's state: the step, the column mapping and match choice,
 * and the three requests that move it on (upload, dry run, start the job).
 */
export function useImportDialog(resource: ImportResource, canChange: boolean, aliases: Record<string, string> = {}) {
  const [step, setStep] = useState<ImportStep>({ kind: 'file' });
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [match, setMatch] = useState<MatchChoice>({ on: null, onMatch: 'update' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const upload = await uploadImport(resource, file);
      const first = initialMapping(upload, aliases);
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

  return { step, setStep, mapping, setMapping, match, setMatch, busy, problem, input, choose, check, run };
}
