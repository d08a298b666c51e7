import { PassThrough, type Writable } from 'node:stream';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import { exportColumns, exportHeader, exportValues, type StreamedResponse } from './csv-export';
import type { ExportLoad } from './export-rows';
import type { ListResource, ListViewer } from './list-resource';
import { converse, workerModule } from '../platform/worker-pool';
import type { XlsxWriterRequest } from './xlsx-writer.worker';
import { appendXlsxRows } from './xlsx-rows';

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
 * Writes a one-sheet XLSX workbook, the header then every row of `rows` (batches of cell values),
 * to `out` (a stream or a file name) with exceljs' streaming writer: memory stays one batch. A pure
 * function of its inputs (no database), so it can move to a worker thread as it is.
 */
export async function writeXlsx(out: Writable | string, sheetName: string, header: string[], rows: AsyncIterable<unknown[][]>) {
  const target = typeof out === 'string' ? { filename: out } : { stream: out };
  // On first use only (the CLI's exports): a server writes workbooks in its worker threads.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ ...target, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Export');
  sheet.addRow(header).commit();
  for await (const batch of rows) appendXlsxRows(sheet, batch.map((row) => row.map(xlsxCell)));
  sheet.commit();
  await workbook.commit();
}

/** Waits until `out` takes more (false when the client went away). */
function drained(out: PassThrough): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (more: boolean) => () => {
      out.off('drain', onDrain).off('close', onClose);
      resolve(more);
    };
    const onDrain = done(true);
    const onClose = done(false);
    out.once('drain', onDrain).once('close', onClose);
  });
}

async function writeWorkbook(
  out: PassThrough,
  db: DbOrTx,
  resource: ListResource,
  plan: ListPlan,
  viewer: ListViewer,
  load: ExportLoad,
  columns: string[],
  header: string[],
) {
  // The workbook is written (and deflated) in a worker thread; rows go there a batch at a time.
  const writer = converse<XlsxWriterRequest, Uint8Array>(workerModule(import.meta.url, 'xlsx-writer.worker'), {
    sheetName: resource.name.slice(0, 31) || 'Export',
  });
  const send = async (bytes: Uint8Array) => {
    if (out.destroyed) throw new Error('client went away');
    if (bytes.byteLength && !out.write(bytes) && !(await drained(out))) throw new Error('client went away');
  };
  try {
    await send(await writer.ask({ rows: [header] }));
    for await (const cells of exportValues(db, resource, plan, viewer, load, columns)) {
      await send(await writer.ask({ rows: cells.map((row) => row.map(xlsxCell)) }));
    }
    await send(await writer.ask({ end: true }));
    out.end();
  } finally {
    await writer.end();
  }
}

/**
 * `format=xlsx` on a list: the same rows, order, columns and labels as the
 * CSV export (the list's compiled plan), streamed as an XLSX workbook written
 * row by row by exceljs' streaming writer in a worker thread.
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
      writeWorkbook(out, db, resource, plan, viewer, load, columns, header).catch((error: unknown) => {
        reply.log.error({ err: error }, 'xlsx export failed');
        out.destroy(error as Error);
      });
      return reply
        .code(200)
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${resource.name}-${day}.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(out);
    },
  };
}
