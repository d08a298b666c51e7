import fs from 'node:fs';
import path from 'node:path';
import { readCsvRecords } from '../../csv';
import { fetchWithRetry, readJson, type RetryPolicy } from '../../http';
import { asArray, asObject } from '../../mapping';

/** The portal's export names (feed path segment and CSV file name). */
export const BUYLINK_EXPORTS = [
  'suppliers',
  'cost-centres',
  'supplier-cost-centre-allocations',
  'invoices',
  'console-logs',
] as const;
export type BuylinkExport = (typeof BUYLINK_EXPORTS)[number];

export interface BuylinkSource {
  /** Batches of records of one export; nothing at all when the source does not have that export this time. */
  records(name: BuylinkExport): AsyncGenerator<Record<string, unknown>[]>;
}

/** The portal's JSON export feed: GET /api/export/<name>?page=N&pageSize=M with an API key, until totalPages. */
export function createFeedSource(options: {
  baseUrl: string;
  apiKey: string;
  pageSize: number;
  retry: RetryPolicy;
  log: (line: string) => void;
}): BuylinkSource {
  return {
    async *records(name) {
      for (let page = 1, totalPages = 1; page <= totalPages; page++) {
        const url = `${options.baseUrl.replace(/\/$/, '')}/api/export/${name}?page=${page}&pageSize=${options.pageSize}`;
        const response = await fetchWithRetry(
          url,
          { headers: { 'x-api-key': options.apiKey, accept: 'application/json' } },
          options.retry,
          options.log,
        );
        const body = asObject(await readJson(response));
        totalPages = Number(body.totalPages ?? 1);
        yield asArray(body.data);
      }
    },
  };
}

/**
 * CSV files the portal drops into a folder, one per export (<name>.csv,
 * header row of the feed's field names). A missing file means that export
 * is not part of this run: its table is left as it was.
 */
export function createDropFolderSource(options: { folder: string; log: (line: string) => void }): BuylinkSource {
  return {
    async *records(name) {
      const file = path.join(options.folder, `${name}.csv`);
      if (!fs.existsSync(file)) {
        options.log(`buylink: ${file} not found; ${name} left as it was`);
        return;
      }
      yield* readCsvRecords(file);
    },
  };
}
