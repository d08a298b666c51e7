import fs from 'node:fs';

/**
 * Streams an RFC 4180 CSV file as records keyed by the header row: quoted
 * fields may hold commas, doubled quotes and line breaks; CRLF or LF line
 * ends; a UTF-8 byte order mark is dropped. Yields batches of `batchSize`.
 */
export async function* readCsvRecords(file: string, batchSize = 1000): AsyncGenerator<Record<string, string>[]> {
  let header: string[] | null = null;
  let batch: Record<string, string>[] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let first = true;
  let line = 1;

  const endRow = () => {
    row.push(field);
    field = '';
    const values = row;
    row = [];
    if (values.length === 1 && values[0] === '') return;
    if (!header) {
      header = values.map((h) => h.trim());
      return;
    }
    if (values.length !== header.length)
      throw new Error(`${file}: line ${line} has ${values.length} fields, the header has ${header.length}`);
    const record: Record<string, string> = {};
    header.forEach((name, i) => (record[name] = values[i]!));
    batch.push(record);
  };

  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    let text = chunk as string;
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else field += c;
        continue;
      }
      if (c === '"') {
        // A doubled quote inside a quoted field is one quote.
        if (afterQuote) field += '"';
        quoted = true;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (c === ',') {
        row.push(field);
        field = '';
      } else if (c === '\n') {
        endRow();
        line += 1;
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      } else if (c !== '\r') field += c;
    }
  }
  if (quoted) throw new Error(`${file}: unterminated quoted field`);
  if (field !== '' || row.length) endRow();
  yield batch;
}
