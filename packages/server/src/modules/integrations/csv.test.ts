import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsvRecords } from './csv';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-csv-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function read(text: string, batchSize?: number) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, text);
  const batches: Record<string, string>[][] = [];
  for await (const batch of readCsvRecords(file, batchSize)) batches.push(batch);
  return batches;
}

describe('drop-folder CSV files', () => {
  it('reads quoted commas, doubled quotes and line breaks, a byte order mark and mixed line ends, by trimmed header', async () => {
    const batches = await read('\ufeffid, name ,note\r\n1,"a, b","say ""hi""\nthere"\r\n\r\n2,c,d\n3,e,\n');
    expect(batches.flat()).toEqual([
      { id: '1', name: 'a, b', note: 'say "hi"\nthere' },
      { id: '2', name: 'c', note: 'd' },
      { id: '3', name: 'e', note: '' },
    ]);
  });

  it('yields batches of the asked size', async () => {
    const batches = await read(`id\n${Array.from({ length: 5 }, (_, i) => i).join('\n')}\n`, 2);
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it('names the line of a row with a wrong field count', async () => {
    await expect(read('id,type,InvoiceNumber,status\n1,IN,7,open\n2,IN\n')).rejects.toThrow(
      /line 3 has 2 fields, the header has 4/,
    );
  });

  it('refuses an unterminated quoted field', async () => {
    await expect(read('a,b\n1,"x\n')).rejects.toThrow(/unterminated quoted field/);
  });
});
