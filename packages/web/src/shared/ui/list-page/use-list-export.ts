import type { ListColumn } from './list-columns';
import type { ListSource } from './list-source';
import { useCsvExport } from './use-csv-export';

export interface ListExportOptions<Row> {
  source: ListSource;
  /** File name without extension; no export without it. */
  exportName: string | undefined;
  /** The list's query (first page): the export streams every record it matches. */
  query: Record<string, string>;
  /** The columns shown, in their order. */
  columns: ListColumn<Row>[];
  labelOf: (column: ListColumn<Row>) => string;
}

/** The toolbar's export actions (CSV, XLSX, raw values) for the list as it is shown, and the export under way. */
export function useListExport<Row>({ source, exportName, query, columns, labelOf }: ListExportOptions<Row>) {
  const csv = useCsvExport<Row>(source, exportName);
  return {
    onExport: exportName ? () => void csv.start(query, columns, labelOf) : undefined,
    onExportXlsx: exportName ? () => void csv.start(query, columns, labelOf, 'xlsx') : undefined,
    onExportRaw: exportName ? (format: 'csv' | 'xlsx') => void csv.start(query, columns, labelOf, format, 'raw') : undefined,
    exporting: csv.exporting,
  };
}
