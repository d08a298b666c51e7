import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';

/**
 * Streams an RFC 4180 CSV file (csv-parse) as records keyed by the trimmed
 * header row: quoted fields may hold commas, doubled quotes and line breaks;
 * CRLF or LF line ends; a UTF-8 byte order mark is dropped; blank lines are
 * skipped; a row with another field count than the header fails the file.
 * Yields batches of `batchSize`.
 */
export async function* readCsvRecords(file: string, batchSize = 1000): AsyncGenerator<Record<string, string>[]> {
  const parser = fs
    .createReadStream(file, { highWaterMark: 1 << 20 })
    .pipe(
      parse({
        bom: true,
        record_delimiter: ['\r\n', '\n'],
        columns: (header: string[]) => header.map((name) => name.trim()),
        skip_empty_lines: true,
      }),
    );
  let batch: Record<string, string>[] = [];
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      batch.push(record);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      if (error.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' || error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
        const fields = (error as CsvError & { record?: unknown[] }).record?.length;
        throw new Error(
          `${file}: line ${line} has ${fields} fields, the header has ${(error as CsvError & { columns?: unknown[] }).columns?.length}`,
        );
      }
      if (error.code === 'CSV_QUOTE_NOT_CLOSED') throw new Error(`${file}: unterminated quoted field`);
      throw new Error(`${file}: ${error.message}`);
    }
    throw error;
  } finally {
    parser.destroy();
  }
  yield batch;
}
