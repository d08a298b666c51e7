import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/errors';
import { tableWorkerTasksCompleted } from '../../platform/worker-pool';
import { readTable } from './table-reader';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-table-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function rowsOf(file: string, type: 'csv' | 'xlsx') {
  const rows: string[][] = [];
  for await (const row of readTable(file, type)) rows.push(row);
  return rows;
}

describe('readTable', () => {
  it('parses an import file in a worker thread and hands every row over in order, across batches', async () => {
    expect(isMainThread).toBe(true);
    const file = path.join(dir, 'many.csv');
    const lines = ['name,code', ...Array.from({ length: 1234 }, (_, i) => `Client ${i}, C${i} `)];
    fs.writeFileSync(file, lines.join('\n'));
    const before = tableWorkerTasksCompleted();
    const rows = await rowsOf(file, 'csv');
    expect(rows).toHaveLength(1235);
    expect(rows[0]).toEqual(['name', 'code']);
    expect(rows[1234]).toEqual(['Client 1233', 'C1233']);
    expect(tableWorkerTasksCompleted()).toBe(before + 1);
  });

  it('stops the worker when the reader stops early', async () => {
    const file = path.join(dir, 'early.csv');
    fs.writeFileSync(file, ['a', ...Array.from({ length: 2000 }, (_, i) => String(i))].join('\n'));
    const before = tableWorkerTasksCompleted();
    for await (const row of readTable(file, 'csv')) if (row[0] === '3') break;
    expect(tableWorkerTasksCompleted()).toBe(before + 1);
  });

  it('answers 400 naming file for a file the worker cannot read', async () => {
    const file = path.join(dir, 'broken.xlsx');
    fs.writeFileSync(file, 'not a zip');
    await expect(rowsOf(file, 'xlsx')).rejects.toBeInstanceOf(ValidationError);
  });
});
