import { useState } from 'react';
import { useSnackbar } from '../snackbar';
import { ApiError } from '../../../api/http-client';
import { downloadCsv, type DownloadProgress } from './csv-download';
import { exportSelection, type ListColumn } from './list-columns';
import { sourceUrl, type ListSource } from './list-source';
import { useAppSettings } from '../../settings/app-settings.queries';
import { browserTimeZone } from '../../settings/settings-options';

/** Export values: as the grid shows them (labels, Yes/No, date-times in the user's zone and format), or the raw codes. */
export type ExportValues = 'display' | 'raw';

/** The export's query beyond the list's own: format, columns, header labels, and how values are written. */
export function exportQueryOf(
  query: Record<string, string>,
  selection: { select: string; labels: Record<string, string> },
  format: 'csv' | 'xlsx',
  values: ExportValues,
  settings: { timezone?: string | null; date_time_format?: string | null } | undefined,
): Record<string, string> {
  const exportQuery: Record<string, string> = { ...query, format, select: selection.select, labels: JSON.stringify(selection.labels), values };
  delete exportQuery.limit;
  delete exportQuery.offset;
  if (values === 'display') {
    exportQuery.timezone = settings?.timezone || browserTimeZone();
    exportQuery.datetime_format = settings?.date_time_format || 'ISO-8601';
  }
  return exportQuery;
}

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
 * order under the names the user gave them, values as the grid shows them unless the raw codes
 * are asked for, streamed with progress and cancellable.
 */
export function useCsvExport<Row>(source: ListSource, exportName: string | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [exporting, setExporting] = useState<CsvExportState | null>(null);
  const settings = useAppSettings().data;

  const start = async (
    query: Record<string, string>,
    columns: ListColumn<Row>[],
    labelOf: (column: ListColumn<Row>) => string,
    format: 'csv' | 'xlsx' = 'csv',
    values: ExportValues = 'display',
  ) => {
    const exportQuery = exportQueryOf(query, exportSelection(columns, labelOf), format, values, settings);
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
