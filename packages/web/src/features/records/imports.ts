import type { DryRun, Import, ImportOptions, JobError, MatchKey } from '@ops/contract/jobs/jobs.schemas';
import { humaniseField } from '../../shared/humanise';
import { countOf, type BulkNouns } from './bulk-change';
import type { FieldSpec } from './components/RecordFormDialog';
import type { JobWording } from './components/JobProgress';

/** Column header -> field; '' is "Don't import". */
export type ColumnMapping = Record<string, string>;

/**
 * A field's label as the record's own form shows it ("Parent client"), else
 * the field name made readable ("ABN", "Ticker symbol"): the fields themselves
 * are the contract's (the upload answers them from the create schema).
 */
export function fieldLabeller(specs: FieldSpec[]): (field: string | null | undefined) => string {
  const labels = new Map(specs.flatMap((spec) => ('name' in spec ? [[spec.name, spec.label] as const] : [])));
  return (field) => (field ? (labels.get(field) ?? humaniseField(field)) : '');
}

/**
 * Header -> field for the headers the web app itself writes: the list's column labels (an export's
 * header, "Status" for relation_status) and the record form's labels ("Relation status"). The server
 * suggests by field name only; these labels are the web app's, so an exported file maps back here.
 */
export function headerAliases(columns: readonly { headerName: string; exportPath: string }[], specs: FieldSpec[]): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const spec of specs) if ('name' in spec) aliases[spec.label.toLowerCase()] = spec.name;
  for (const column of columns) {
    const paths = column.exportPath.split(',').filter(Boolean);
    // A column exported as several paths (Location's locality and state) names no one field.
    if (paths.length === 1) aliases[column.headerName.toLowerCase()] = paths[0]!.split('.')[0]!;
  }
  return aliases;
}

/** The mapping the page starts with: the server's suggestion, then the web app's own labels (`aliases`), every other column not imported. */
export function initialMapping(upload: Pick<Import, 'columns' | 'suggested_mapping' | 'fields'>, aliases: Record<string, string> = {}): ColumnMapping {
  const mapping: ColumnMapping = Object.fromEntries(upload.columns.map((column) => [column, upload.suggested_mapping[column] ?? '']));
  const taken = mappedFields(mapping);
  for (const column of upload.columns) {
    const field = aliases[column.trim().toLowerCase()];
    if (mapping[column] !== '' || !field || taken.has(field) || !upload.fields.includes(field)) continue;
    mapping[column] = field;
    taken.add(field);
  }
  return mapping;
}

/** Sets one column's field; a field already taken by another column is freed there (a field is mapped once). */
export function remap(mapping: ColumnMapping, column: string, field: string): ColumnMapping {
  const next: ColumnMapping = {};
  for (const [other, current] of Object.entries(mapping)) next[other] = field !== '' && current === field ? '' : current;
  next[column] = field;
  return next;
}

export const mappedFields = (mapping: ColumnMapping) => new Set(Object.values(mapping).filter((field) => field !== ''));

/** Required fields no column is mapped to: rows creating a record are invalid without them. */
export const missingRequired = (required: readonly string[], mapping: ColumnMapping) => {
  const mapped = mappedFields(mapping);
  return required.filter((field) => !mapped.has(field));
};

/** The column a field is read from, for messages and the invalid-rows file. */
export function columnOf(mapping: ColumnMapping, field: string | null): string {
  if (!field) return '';
  return Object.entries(mapping).find(([, mapped]) => mapped === field)?.[0] ?? '';
}

/** How existing records are matched: never, or on a key, updating or skipping them. */
export interface MatchChoice {
  on: MatchKey | null;
  onMatch: 'update' | 'skip';
}

/** The match the page starts with: the first key the file has a column for, updating when the user may change records. */
export function initialMatch(upload: Pick<Import, 'match_keys'>, mapping: ColumnMapping, canChange: boolean): MatchChoice {
  const mapped = mappedFields(mapping);
  return { on: upload.match_keys.find((key) => mapped.has(key)) ?? null, onMatch: canChange ? 'update' : 'skip' };
}

/** The body of dry-run and run: the mapped columns, and the match when its key is mapped. */
export function importBody(mapping: ColumnMapping, match: MatchChoice): ImportOptions {
  const chosen = Object.fromEntries(Object.entries(mapping).filter(([, field]) => field !== ''));
  const on = match.on && mappedFields(mapping).has(match.on) ? match.on : null;
  return on ? { mapping: chosen, match_on: on, on_match: match.onMatch } : { mapping: chosen, match_on: null };
}

/** The first non-empty example of a column in the upload's preview rows. */
export function exampleOf(upload: Pick<Import, 'columns' | 'preview'>, column: string): string {
  const index = upload.columns.indexOf(column);
  return upload.preview.map((row) => row[index] ?? '').find((cell) => cell.trim() !== '') ?? '';
}

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The invalid rows of a dry run as a CSV file's text: Row, Column, Field, Message. */
export function invalidRowsCsv(
  invalid: DryRun['invalid'],
  mapping: ColumnMapping,
  label: (field: string | null) => string,
): string {
  const lines = [['Row', 'Column', 'Field', 'Message'].join(',')];
  for (const problem of invalid)
    lines.push([problem.row, columnOf(mapping, problem.field), label(problem.field), problem.message].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** "clients.csv" -> "clients-invalid-rows.csv". */
export const invalidRowsFileName = (fileName: string) => `${fileName.replace(/\.(csv|xlsx)$/i, '') || 'import'}-invalid-rows.csv`;

/** Rows the import would write: created and updated. */
export const rowsToWrite = (dry: Pick<DryRun, 'create' | 'update'>) => dry.create + dry.update;

const n = (count: number) => count.toLocaleString('en-AU');
const rows = (count: number) => `${n(count)} ${count === 1 ? 'row' : 'rows'}`;

/** How an import words its progress, toast and undo; `skipped` rows (matched and skipped) are not "imported". */
export function importWording(nouns: BulkNouns, skipped: number, label: (field: string | null) => string): JobWording {
  return {
    running: (done, total) => `Importing… ${n(done)} of ${rows(total)}`,
    finished: (done, total) => `Finished: ${n(done)} of ${rows(total)}.`,
    done: (job) => `Imported ${countOf(Math.max(0, job.done - job.error_count - skipped), nouns)}`,
    failed: (job) => `The import failed${job.failure ? `: ${job.failure}` : '.'}`,
    problems: (count) => `${rows(count)} could not be imported:`,
    undone: (result) =>
      [
        `Undone: ${countOf(result.deleted, nouns)} removed`,
        result.restored ? `${n(result.restored)} restored` : '',
        result.skipped.length ? `${n(result.skipped.length)} left alone (changed since)` : '',
      ]
        .filter(Boolean)
        .join(', '),
    undoFailed: 'The import could not be undone.',
    loadFailed: 'The progress of the import could not be loaded.',
    progressLabel: 'Import progress',
    errorDetail: (error: JobError) =>
      [error.row !== undefined ? `Row ${error.row}` : '', label(error.field)].filter(Boolean).join(' · '),
  };
}

/** A count as the import dialog writes it (thousands separated). */
export const countText = (count: number) => count.toLocaleString('en-AU');
