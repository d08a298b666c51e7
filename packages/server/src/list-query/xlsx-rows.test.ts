import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { streamWorkbook, writeXlsxFile, xlsxCell } from './xlsx-export';
import { xlsxRowsXml, type XlsxCell } from './xlsx-rows';

/** The workbook as the export wrote it before `xlsx-rows.ts`: exceljs' `addRow(row).commit()` for every row. */
async function writeWithExceljsRows(out: PassThrough, header: string[], rows: XlsxCell[][]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('clients');
  sheet.addRow(header).commit();
  for (const row of rows) sheet.addRow(row.map(xlsxCell)).commit();
  sheet.commit();
  await workbook.commit();
}

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

/** Every part of the workbook by name; the core properties' creation and modification times removed (the clock). */
async function parts(workbook: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(workbook);
  const result: Record<string, string> = {};
  for (const name of Object.keys(zip.files).sort()) {
    const text = await zip.file(name)!.async('string');
    result[name] = name === 'docProps/core.xml' ? text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME') : text;
  }
  return result;
}

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const TRICKY = [
  '',
  ' ',
  '<&>"\'',
  '\u0000\u0001\u0008\u000b\u000c\u000e\u001f\u007f',
  'tab\there',
  'line\nbreak\r\n',
  "'=SUM(A1)",
  'é 😀 中文',
  '\ud800',
  'a]]>b',
];

function randomCell(next: () => number): XlsxCell {
  const kind = Math.floor(next() * 8);
  if (kind === 0) return null;
  if (kind === 1) return next() < 0.5;
  if (kind === 2) return Math.round((next() - 0.5) * 1e6);
  if (kind === 3)
    return [(next() - 0.5) * 1e25, 1e-7 * next(), -0, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER][Math.floor(next() * 7)]!;
  if (kind === 4) return TRICKY[Math.floor(next() * TRICKY.length)]!;
  const length = Math.floor(next() * 30);
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(Math.floor(next() * 0x2ff));
  return text;
}

describe('XLSX rows written without exceljs rows', () => {
  it('gives the same workbook parts as exceljs addRow/commit on random rows, nulls, empty rows and control characters', async () => {
    const next = random(37);
    const header = ['Name', 'Number', 'Active', 'Notes & <more>'];
    // Rows of varying length (up to 30 columns, past Z), some all nulls or empty, in batches of varying size.
    const rows: XlsxCell[][] = [];
    for (let i = 0; i < 3000; i++) {
      const width = next() < 0.05 ? 0 : 1 + Math.floor(next() * (next() < 0.1 ? 30 : 6));
      rows.push(
        next() < 0.03 ? Array.from({ length: width }, () => null) : Array.from({ length: width }, () => randomCell(next)),
      );
    }
    const batches: XlsxCell[][][] = [];
    for (let at = 0; at < rows.length;) {
      const size = 1 + Math.floor(next() * 400);
      batches.push(rows.slice(at, at + size));
      at += size;
    }

    const before = await collect((out) => writeWithExceljsRows(out, header, rows));
    const after = await collect(async (out) => {
      await streamWorkbook(
        out,
        'clients',
        header,
        (async function* () {
          for (const batch of batches) yield batch;
        })(),
      );
      out.end();
    });

    const expected = await parts(before);
    const actual = await parts(after);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    for (const name of Object.keys(expected)) expect(actual[name], name).toBe(expected[name]);
  });

  it('leaves no file when the rows fail after some were written (the CLI export)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-file-'));
    const filename = path.join(dir, 'clients.xlsx');
    const rows = (async function* () {
      yield [['written'], ['also written']];
      throw new Error('the database went away');
    })();
    await expect(writeXlsxFile(filename, 'clients', ['Name'], rows)).rejects.toThrow('the database went away');
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });

  it('numbers the rows from the given row, leaves out rows of only nulls and spans each row to its length', () => {
    expect(
      xlsxRowsXml(2, [
        [null, 'a&b', true],
        [null, null],
        [1.5, null],
      ]),
    ).toBe(
      '<row r="2" spans="1:3" x14ac:dyDescent="0.25"><c r="B2" t="str"><v>a&amp;b</v></c><c r="C2" t="b"><v>1</v></c></row>' +
        '<row r="4" spans="1:2" x14ac:dyDescent="0.25"><c r="A4"><v>1.5</v></c></row>',
    );
  });
});
