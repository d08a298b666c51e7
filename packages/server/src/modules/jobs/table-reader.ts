import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { CellValue } from 'exceljs';
import { ValidationError } from '../../platform/errors';
import { JOBS_ERRORS } from './jobs.errors';
import { converse, workerModule } from '../../platform/worker-pool';

export type TableType = 'csv' | 'xlsx';

/** Longest cell text kept from an import file (longer cells fail the field's own length rule). */
const MAX_CELL = 10_000;

/** The longest CSV record csv-parse accepts (`max_record_size`). */
export const CSV_MAX_RECORD_SIZE = 1024 * 1024;

export const unreadable = (type: TableType) =>
  JOBS_ERRORS.onField('file', type === 'xlsx' ? 'UNREADABLE_XLSX' : 'UNREADABLE_CSV');

/** An XLSX cell's value as the text an import reads: a formula's cached result, rich text joined, dates as ISO dates. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
    if ('text' in value) return String((value as { text: unknown }).text ?? '');
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** Rows handed from the parsing thread to the event loop at a time. */
const BATCH_ROWS = 500;

/**
 * The rows of an import file, one array of cell texts per row (the header
 * first), parsed in a worker thread (platform/worker-pool.ts) and handed
 * over in batches as they are asked for, so a large file never holds the
 * event loop. A file that cannot be read answers 400 naming `file`.
 */
export async function* readTable(filePath: string, type: TableType): AsyncGenerator<string[]> {
  const worker = converse<'next', string[][] | null>(workerModule(import.meta.url, 'table-reader.worker'), {
    filePath,
    type,
    batch: BATCH_ROWS,
  });
  // The worker parses the next rows while these are used (one request in flight).
  let pending = worker.ask('next');
  pending.catch(() => undefined);
  try {
    for (;;) {
      let batch: string[][] | null;
      try {
        batch = await pending;
      } catch {
        throw unreadable(type);
      }
      if (!batch) return;
      pending = worker.ask('next');
      pending.catch(() => undefined);
      yield* batch;
    }
  } finally {
    await worker.end();
  }
}

/**
 * The rows of an import file in this thread (the worker's side of
 * `readTable`), read as a stream: a CSV through csv-parse, an XLSX through
 * exceljs' streaming reader (first worksheet). Never the whole file in memory.
 * A file that cannot be read answers 400 naming `file`.
 */
export async function* readTableHere(filePath: string, type: TableType): AsyncGenerator<string[]> {
  try {
    if (type === 'csv') {
      const parser = createReadStream(filePath).pipe(
        parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: CSV_MAX_RECORD_SIZE, relax_quotes: false }),
      );
      for await (const record of parser as AsyncIterable<string[]>)
        yield record.map((cell) => String(cell).slice(0, MAX_CELL).trim());
      return;
    }
    // Loaded here, in the worker thread that parses: the event loop's process never holds exceljs (~8 MB of heap).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
    });
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        // Rows absent from the sheet (all empty) are skipped, as a CSV's empty lines are.
        const values = row.values as CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).slice(0, MAX_CELL).trim());
        if (cells.some((cell) => cell !== '')) yield cells;
      }
      return; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw unreadable(type);
  }
}
