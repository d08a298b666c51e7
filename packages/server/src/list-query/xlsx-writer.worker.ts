import { Writable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { serve } from '../platform/worker-pool';
import { appendXlsxRows, type XlsxCell } from './xlsx-rows';

export type { XlsxCell };
export type XlsxWriterRequest = { rows: XlsxCell[][] } | { end: true };

/**
 * Writes an XLSX workbook in a worker thread (exceljs' streaming writer: the
 * zip's deflate is the costly part): each request adds rows and answers the
 * bytes written so far; `end` closes the workbook and answers the rest.
 */
export default async function writeXlsxTask({ sheetName, port }: { sheetName: string; port: MessagePort }) {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  const written = () => {
    const bytes = new Uint8Array(Buffer.concat(chunks));
    chunks.length = 0;
    return { reply: bytes, transfer: [bytes.buffer] };
  };
  await serve<XlsxWriterRequest, Uint8Array>(port, async (request) => {
    if ('rows' in request) {
      appendXlsxRows(sheet, request.rows);
      return written();
    }
    sheet.commit();
    await workbook.commit();
    return written();
  });
}
