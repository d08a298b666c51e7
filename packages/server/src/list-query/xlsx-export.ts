import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../platform/db';
import type { ListPlan } from './compile-list-query';
import { exportBatches, exportColumns, exportHeader, exportRowReader, type StreamedResponse } from './csv-export';
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

async function writeWorkbook(
  out: PassThrough,
  db: DbOrTx,
  resource: ListResource,
  plan: ListPlan,
  load: (ids: string[]) => Promise<unknown[]>,
  columns: string[],
  header: string[],
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(resource.name.slice(0, 31) || 'Export');
  sheet.addRow(header).commit();
  const read = exportRowReader(resource.itemSchema, columns, plan.display);
  for await (const items of exportBatches(db, resource, plan, load)) {
    for (const item of items) sheet.addRow(read(item).map(xlsxCell)).commit();
  }
  sheet.commit();
  await workbook.commit();
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
      writeWorkbook(out, db, resource, plan, load, columns, header).catch((error: unknown) => {
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
