import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Writable } from 'node:stream';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import { exportColumns, exportHeader, exportValues, type StreamedResponse } from './csv-export';
import type { ExportLoad } from './export-rows';
import type { ListResource, ListViewer } from './list-resource';
import { converse, workerModule } from '../platform/worker-pool';
import type { XlsxWriterRequest } from './xlsx-writer.worker';
import { drained } from '../platform/stream-drain';

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * One XLSX cell of an export: numbers and booleans keep their type, lists
 * join as in the CSV ("Chef; Cook"), objects are JSON, and text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading
 * quote, exactly as the CSV export does.
 */
export function xlsxCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  let text: string;
  if (Array.isArray(value))
    text = value
      .map((item) => (item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item ?? '')))
      .join('; ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMERIC.test(text)) text = `'${text}`;
  return text;
}

/**
 * Streams a one-sheet XLSX workbook to `out`: the header, then every batch of `rows` (cell values,
 * mapped by `xlsxCell`). The workbook is written and deflated in a worker thread (exceljs' streaming
 * writer, `xlsx-writer.worker.ts`), and one batch is there while the next is read: reading (the
 * database, the rows' values) and writing (the XML, the zip) run on two cores at once. Memory stays
 * two batches. Rejects when `out` is destroyed or closed before the end ("went away").
 */
export async function streamWorkbook(out: Writable, sheetName: string, header: string[], rows: AsyncIterable<unknown[][]>): Promise<void> {
  const writer = converse<XlsxWriterRequest, Uint8Array>(workerModule(import.meta.url, 'xlsx-writer.worker'), {
    sheetName: sheetName.slice(0, 31) || 'Export',
  });
  const send = async (bytes: Uint8Array) => {
    if (out.destroyed) throw new Error('went away');
    if (bytes.byteLength && !out.write(bytes) && !(await drained(out))) throw new Error('went away');
  };
  // A reply still in the worker when an earlier step fails is awaited by nobody: its failure is handled here.
  const inWorker = (request: XlsxWriterRequest) => {
    const reply = writer.ask(request);
    reply.catch(() => undefined);
    return reply;
  };
  try {
    let pending = inWorker({ rows: [header] });
    for await (const batch of rows) {
      const next = inWorker({ rows: batch.map((row) => row.map(xlsxCell)) });
      await send(await pending);
      pending = next;
    }
    await send(await pending);
    await send(await writer.ask({ end: true }));
  } finally {
    await writer.end();
  }
}

/** `streamWorkbook` into a new file `filename` (the CLI's export); a failed export leaves no file. */
export async function writeXlsxFile(filename: string, sheetName: string, header: string[], rows: AsyncIterable<unknown[][]>): Promise<void> {
  const out = createWriteStream(filename);
  // The file's own failure (a full disk) is the one to report; a write still pending when the
  // export fails reports ERR_STREAM_DESTROYED here instead of crashing the process.
  let fileError: Error | undefined;
  out.on('error', (error) => (fileError ??= error));
  try {
    await streamWorkbook(out, sheetName, header, rows);
    out.end();
    await once(out, 'finish');
  } catch (error) {
    const cause = fileError ?? error;
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()).destroy());
    await rm(filename, { force: true });
    throw cause;
  }
}

/**
 * `format=xlsx` on a list: the same rows, order, columns and labels as the
 * CSV export (the list's compiled plan), streamed as an XLSX workbook written
 * by exceljs' streaming writer in a worker thread (`streamWorkbook`).
 */
export function xlsxExport(
  db: DbOrTx,
  resource: ListResource,
  plan: ListPlan,
  viewer: ListViewer,
  load: ExportLoad,
): StreamedResponse {
  const columns = exportColumns(resource.itemSchema, plan.select);
  const header = exportHeader(columns, plan.labels);
  return {
    streamed: true,
    sendTo(reply) {
      const day = new Date().toISOString().slice(0, 10);
      const out = new PassThrough();
      streamWorkbook(out, resource.name, header, exportValues(db, resource, plan, viewer, load, columns)).then(
        () => out.end(),
        (error: unknown) => {
          reply.log.error({ err: error }, 'xlsx export failed');
          out.destroy(error as Error);
        },
      );
      return reply
        .code(200)
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${resource.name}-${day}.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(out);
    },
  };
}
