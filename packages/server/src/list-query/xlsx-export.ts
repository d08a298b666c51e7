import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import { exportBatches, exportColumns, exportHeader, exportValue, type StreamedResponse } from './csv-export';
import type { ListResource } from './list-resource';

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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ ...target, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Export');
  sheet.addRow(header).commit();
  for await (const batch of rows) for (const row of batch) sheet.addRow(row.map(xlsxCell)).commit();
  sheet.commit();
  await workbook.commit();
}

/** The plan's items as batches of cell values in the export's columns (keyset batches, the list's order). */
export async function* exportCells(
  db: DbOrTx,
  resource: ListResource,
  plan: ListPlan,
  load: (ids: string[]) => Promise<unknown[]>,
  columns: string[],
): AsyncGenerator<unknown[][]> {
  for await (const items of exportBatches(db, resource, plan, load))
    yield items.map((item) => columns.map((column) => exportValue(item, column)));
}

/**
 * `format=xlsx` on a list: the same rows, order, columns and labels as the
 * CSV export (the list's compiled plan), streamed as an XLSX workbook written
 * row by row by exceljs' streaming writer.
 */
export function xlsxExport(
  db: DbOrTx,
  resource: ListResource,
  plan: ListPlan,
  load: (ids: string[]) => Promise<unknown[]>,
): StreamedResponse {
  const columns = exportColumns(resource.itemSchema, plan.select);
  const header = exportHeader(columns, plan.labels);
  return {
    streamed: true,
    sendTo(reply) {
      const day = new Date().toISOString().slice(0, 10);
      const out = new PassThrough();
      writeXlsx(out, resource.name, header, exportCells(db, resource, plan, load, columns)).catch((error: unknown) => {
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
