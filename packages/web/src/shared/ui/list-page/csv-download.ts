import { getToken } from '../../../api/auth-token';
import { ApiError } from '../../../api/http-client';

export interface DownloadProgress {
  bytes: number;
  /** Data rows received so far (lines after the header). */
  rows: number;
}

/** Counts line ends outside quoted fields, carrying the quote state across chunks. */
export function createLineCounter() {
  let inQuotes = false;
  let lines = 0;
  return (chunk: Uint8Array) => {
    for (const byte of chunk) {
      if (byte === 0x22) inQuotes = !inQuotes;
      else if (byte === 0x0a && !inQuotes) lines++;
    }
    return lines;
  };
}

/**
 * Fetches a streamed CSV export with the user's token, reporting bytes and
 * rows as they arrive, then hands the file to the browser as a download
 * named by the app (with the user's local date, not the server's).
 */
export async function downloadCsv(url: string, fileName: string, onProgress: (progress: DownloadProgress) => void, signal: AbortSignal, format: 'csv' | 'xlsx' = 'csv'): Promise<DownloadProgress> {
  const token = getToken();
  const mediaType = format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const response = await fetch(url, { headers: { Accept: mediaType, ...(token ? { Authorization: `Token ${token}` } : {}) }, signal });
  if (!response.ok || !response.body) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, body);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  const count = createLineCounter();
  const progress: DownloadProgress = { bytes: 0, rows: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    if (format === 'csv') progress.rows = Math.max(0, count(value) - 1);
    onProgress({ ...progress });
  }
  const blob = new Blob(chunks as BlobPart[], { type: format === 'csv' ? 'text/csv;charset=utf-8' : mediaType });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return progress;
}
