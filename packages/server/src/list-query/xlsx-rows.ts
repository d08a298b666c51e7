/**
 * The `<row>` XML of an export's data rows, written straight into exceljs' streaming worksheet
 * instead of through its `addRow(...).commit()`: exceljs builds a Row, a Cell per value, a model and
 * an XmlStream for every row, and that was most of the XLSX export's time (bench/RESULTS.md, "XLSX
 * export without exceljs rows"). The text is exactly what exceljs 4.4 writes for the same values
 * with `useStyles: false, useSharedStrings: false` (`xlsx-rows.test.ts` compares both on random
 * rows): a row of only nulls is left out but keeps its number, `spans` runs from 1 to the row's
 * length (nulls included), nulls write no cell, text is `t="str"` with exceljs' escaping (which drops
 * the control characters XML cannot hold), booleans are `t="b"` 1/0, numbers `String(n)`.
 */
/** One cell of an export's workbook (`xlsxCell` in xlsx-export.ts makes them). */
export type XlsxCell = string | number | boolean | null;

/** exceljs' `utils.xmlEncode`: the five XML entities, and C0 controls but tab, LF and CR (and DEL) dropped. */
const NEEDS_ENCODING = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
const ENCODE_ALL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g;
const ENTITY = new Map([
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['&', '&amp;'],
  ["'", '&apos;'],
  ['"', '&quot;'],
]);
const encodeChar = (char: string) => ENTITY.get(char) ?? '';

export function xmlEncode(text: string): string {
  return NEEDS_ENCODING.test(text) ? text.replace(ENCODE_ALL, encodeChar) : text;
}

const columnLetters: string[] = [];
/** `A`, `B`, ... `Z`, `AA`, ... for 1-based column `n`, remembered (an export has a few dozen columns at most). */
function columnName(n: number): string {
  let name = columnLetters[n];
  if (name === undefined) {
    name = '';
    for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
    columnLetters[n] = name;
  }
  return name;
}

/**
 * The XML of `rows` numbered from `firstRow`: one string for the whole batch, so the sheet's
 * stream gets one write per batch instead of one per row.
 */
export function xlsxRowsXml(firstRow: number, rows: readonly (readonly XlsxCell[])[]): string {
  let xml = '';
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const r = firstRow + index;
    let cells = '';
    for (let col = 0; col < row.length; col++) {
      const value = row[col];
      if (value === null || value === undefined) continue;
      const address = columnName(col + 1) + r;
      if (typeof value === 'string') cells += `<c r="${address}" t="str"><v>${xmlEncode(value)}</v></c>`;
      else if (typeof value === 'number') cells += `<c r="${address}"><v>${value}</v></c>`; // String(n): digits, '.', 'e', '+', '-', NaN, Infinity
      else cells += `<c r="${address}" t="b"><v>${value ? '1' : '0'}</v></c>`;
    }
    if (cells) xml += `<row r="${r}" spans="1:${row.length}" x14ac:dyDescent="0.25">${cells}</row>`;
  }
  return xml;
}

/** The part of exceljs' streaming `WorksheetWriter` this writes through (internal in exceljs 4.4). */
interface StreamingSheet {
  addRow(values: unknown[]): { commit(): void };
  _rowZero: number;
  _rows: unknown[];
  startedData: boolean;
  stream: { write(text: string): unknown };
}

/**
 * Appends `rows` to `sheet` (exceljs' streaming worksheet, its header already committed with
 * `addRow`, which opens `<sheetData>`), as `addRow(row).commit()` for each would.
 */
export function appendXlsxRows(sheet: unknown, rows: readonly (readonly XlsxCell[])[]) {
  const writer = sheet as StreamingSheet;
  if (!writer.startedData || writer._rows.length) {
    // Not the state this writes for (no committed row yet, or rows pending): exceljs' own way.
    for (const row of rows) writer.addRow(row as unknown[]).commit();
    return;
  }
  if (!rows.length) return;
  writer.stream.write(xlsxRowsXml(writer._rowZero, rows));
  writer._rowZero += rows.length;
}
