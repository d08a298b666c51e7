import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { ApiError } from '../../../api/http-client';
import { downloadCsv, type DownloadProgress } from './csv-download';
import { exportSelection, type ListColumn } from './list-columns';
import { sourceUrl, type ListSource } from './list-source';

export interface CsvExportState {
  progress: DownloadProgress;
  abort: AbortController;
}

/** `clients` on 25 Nov 2026 in the user's own time zone -> `clients-2026-11-25.csv`. */
export function exportFileName(base: string, now: Date = new Date(), extension: 'csv' | 'xlsx' = 'csv'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${base}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}

/**
 * The CSV export of a list: the whole filtered list, with the grid's visible columns in their
 * order under the names the user gave them, streamed with progress and cancellable.
 */
export function useCsvExport<Row>(source: ListSource, exportName: string | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [exporting, setExporting] = useState<CsvExportState | null>(null);

  const start = async (query: Record<string, string>, columns: ListColumn<Row>[], labelOf: (column: ListColumn<Row>) => string, format: 'csv' | 'xlsx' = 'csv') => {
    const { select, labels } = exportSelection(columns, labelOf);
    const exportQuery: Record<string, string> = { ...query, format, select, labels: JSON.stringify(labels) };
    delete exportQuery.limit;
    delete exportQuery.offset;
    const abort = new AbortController();
    setExporting({ progress: { bytes: 0, rows: 0 }, abort });
    try {
      const done = await downloadCsv(
        sourceUrl(source, exportQuery),
        exportFileName(exportName ?? 'export', new Date(), format),
        (progress) => setExporting((current) => (current ? { ...current, progress } : current)),
        abort.signal,
        format,
      );
      enqueueSnackbar(format === 'csv' ? `Exported ${done.rows.toLocaleString()} ${done.rows === 1 ? 'row' : 'rows'}.` : 'Exported the workbook.', { variant: 'success' });
    } catch (error) {
      if (!abort.signal.aborted) enqueueSnackbar(error instanceof ApiError ? error.message : 'The export failed. Please try again.', { variant: 'error' });
    } finally {
      setExporting(null);
    }
  };

  return { exporting, start };
}
