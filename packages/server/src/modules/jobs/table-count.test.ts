import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/errors';
import { zipWith } from '../../test/factories/files';
import { CsvRecordCounter, countRecords } from './table-count';
import { CSV_MAX_RECORD_SIZE } from './table-reader';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-table-count-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the import reads (the options of readTableHere): the record count, or 'refused'. */
function parsed(bytes: Buffer): number | 'refused' {
  try {
    return (
      parse(bytes, {
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: CSV_MAX_RECORD_SIZE,
        relax_quotes: false,
      }) as unknown[]
    ).length;
  } catch {
    return 'refused';
  }
}

/** The counter's answer, the file fed in chunks of `size` bytes (a record boundary or a quote split between chunks). */
function counted(bytes: Buffer, size = 65536): number | 'refused' {
  const counter = new CsvRecordCounter();
  try {
    for (let at = 0; at < bytes.length; at += size) counter.push(bytes.subarray(at, at + size));
    return counter.finish();
  } catch (error) {
    if (error instanceof RangeError) throw error;
    return 'refused';
  }
}

describe('CsvRecordCounter', () => {
  const cases: [string, string, number | 'refused'][] = [
    ['LF, last line without a newline', 'name,code\nA,1\nB,2', 3],
    ['CRLF', 'name,code\r\nA,1\r\nB,2\r\n', 3],
    ['CR alone (the first delimiter found)', 'name\rA\rB\r', 3],
    ['a BOM, then the header', '\uFEFFname\nA\n', 2],
    ['a BOM alone', '\uFEFF', 0],
    ['empty lines skipped, CRLF too', 'name\n\nA\n\n\nB\n\n', 3],
    ['empty CRLF lines', 'name\r\n\r\nA\r\n\r\n', 2],
    ['a line of spaces is a record', 'name\n  \nA\n', 3],
    ['a line of commas is a record', 'name,code\n,\n', 2],
    ['quoted newlines, CRLF and commas are one cell', 'name,notes\n"A","line 1\nline 2\r\nline 3, more"\nB,x\n', 3],
    ['escaped quotes', 'name\n"say ""hi"""\n"""",x\n', 3],
    ['an empty quoted line is a record', 'name\n""\n', 2],
    ['CRLF found first, a lone CR later is a character', 'name\r\nA\rB\r\nC\r\n', 3],
    ['a quote left open', 'name\n"open\nA\n', 'refused'],
    ['a quote inside an unquoted cell', 'name\nab"c\n', 'refused'],
    ['a character after a closing quote', 'name\n"a"b\n', 'refused'],
    ['an empty file', '', 0],
  ];
  for (const [name, text, expected] of cases)
    it(`counts what csv-parse reads: ${name}`, () => {
      const bytes = Buffer.from(text);
      expect(parsed(bytes)).toBe(expected);
      for (const size of [1, 2, 3, 7, 65536]) expect(counted(bytes, size), `chunks of ${size}`).toBe(expected);
    });

  it('agrees with csv-parse on random files of quotes, commas, CR, LF, spaces and text, in any chunking', () => {
    let seed = 15;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = ['a', 'é', '😀', ',', '"', '""', '\n', '\r\n', '\r', ' ', '\uFEFF'];
    for (let i = 0; i < 3000; i++) {
      const length = Math.floor(random() * 24);
      let text = random() < 0.1 ? '\uFEFF' : '';
      for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * alphabet.length)];
      const bytes = Buffer.from(text);
      const expected = parsed(bytes);
      expect(counted(bytes), JSON.stringify(text)).toBe(expected);
      expect(counted(bytes, 1 + Math.floor(random() * 5)), JSON.stringify(text)).toBe(expected);
    }
  });

  it('refuses a record over the size limit as csv-parse does', () => {
    const bytes = Buffer.from(`name,notes\nA,${'x'.repeat(CSV_MAX_RECORD_SIZE + 10)}\n`);
    expect(parsed(bytes)).toBe('refused');
    expect(counted(bytes)).toBe('refused');
  });
});

describe('countRecords', () => {
  it('counts a CSV file up to the limit, and answers 400 naming file for a broken one', async () => {
    const file = path.join(dir, 'rows.csv');
    fs.writeFileSync(file, `name\r\n${Array.from({ length: 500 }, (_, i) => `"Client\n${i}"`).join('\r\n')}\r\n`);
    expect(parsed(fs.readFileSync(file))).toBe(501);
    expect(await countRecords(file, 'csv', 1000)).toBe(501);
    expect(await countRecords(file, 'csv', 100)).toBe(101);
    const broken = path.join(dir, 'broken.csv');
    fs.writeFileSync(broken, `name\n${'A\n'.repeat(100)}"open\n`);
    await expect(countRecords(broken, 'csv', 1000)).rejects.toBeInstanceOf(ValidationError);
  });

  it('counts a UTF-16 CSV by parsing it, and answers 400 naming file for a broken XLSX', async () => {
    const utf16 = path.join(dir, 'utf16.csv');
    fs.writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\nA\nB\n', 'utf16le')]));
    expect(await countRecords(utf16, 'csv', 1000)).toBe(parsed(fs.readFileSync(utf16)));
    const xlsx = path.join(dir, 'broken.xlsx');
    fs.writeFileSync(xlsx, zipWith('xl/workbook.xml', 'not really a workbook'));
    await expect(countRecords(xlsx, 'xlsx', 1000)).rejects.toBeInstanceOf(ValidationError);
  });
});
