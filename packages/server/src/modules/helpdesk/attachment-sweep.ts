import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '../../platform/db';
import type { FileStorage } from '../../platform/storage';
import { createHelpdeskRepository } from './helpdesk.repository';

export interface SweepOptions {
  db: DbOrTx;
  storage: FileStorage;
  /** DATA_DIR/tmp, where uploads stream before they are checked. */
  tempDir: string;
  /**
   * Files younger than this may belong to an upload still in progress on
   * another instance (between storing the file and committing its row).
   */
  graceSeconds: number;
  /** The temp folder is this process's alone (embedded database: one process per DATA_DIR), so age does not matter. */
  exclusiveTemp: boolean;
  log: (line: string) => void;
}

/**
 * Removes temporary upload files older than `olderThanSeconds`: an upload whose request died
 * between parser and cleanup (a crash of the handler, a client that vanished) leaves one, and a
 * long-running server must not wait for its next start to free the disk.
 */
export async function sweepTempUploads(tempDir: string, olderThanSeconds: number): Promise<number> {
  const cutoff = Date.now() - olderThanSeconds * 1000;
  let removed = 0;
  for (const entry of await readdir(tempDir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const full = path.join(tempDir, entry.name);
    const info = await stat(full).catch(() => undefined);
    if (!info || info.mtimeMs > cutoff) continue;
    await rm(full, { force: true });
    removed += 1;
  }
  return removed;
}

/** Runs sweepTempUploads every `everySeconds` until the returned stop is called. */
export function startTempUploadSweep(options: { tempDir: string; everySeconds: number; olderThanSeconds: number; log: (line: string) => void }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepTempUploads(options.tempDir, options.olderThanSeconds)
      .then((removed) => removed && options.log(`temporary upload sweep: removed ${removed} abandoned upload file(s)`))
      .catch((error: unknown) => options.log(`temporary upload sweep failed: ${(error as Error).message}`))
      .finally(() => (running = false));
  }, options.everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

export interface SweepResult {
  removedTemp: number;
  removedOrphans: number;
  missingFiles: string[];
}

const PAGE = 1000;

/**
 * The start-up sweep for attachments: a process killed mid-upload leaves a
 * temporary file (never a row: the row is written last, in a transaction), and
 * one killed between storing a file and committing leaves a stored file with
 * no row. Both are removed. Rows whose file is missing are reported, never
 * deleted: that needs a person (restore the file from a backup, or delete it).
 */
export async function sweepAttachments(options: SweepOptions): Promise<SweepResult> {
  const { storage, log } = options;
  const repository = createHelpdeskRepository(options.db);
  const cutoff = Date.now() - options.graceSeconds * 1000;
  const result: SweepResult = { removedTemp: 0, removedOrphans: 0, missingFiles: [] };

  for (const entry of await readdir(options.tempDir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const full = path.join(options.tempDir, entry.name);
    if (!options.exclusiveTemp && (await stat(full)).mtimeMs > cutoff) continue;
    await rm(full, { force: true });
    result.removedTemp += 1;
  }

  if (!storage.list) {
    log(`attachment sweep: the ${storage.driver} storage cannot be listed; only temporary files were checked`);
    return result;
  }
  const stored = new Set<string>();
  let batch: { key: string; modifiedAt: Date }[] = [];
  const removeOrphans = async () => {
    const known = await repository.knownStorageKeys(batch.map((f) => f.key));
    for (const file of batch) {
      if (known.has(file.key) || file.modifiedAt.getTime() > cutoff) continue;
      await storage.delete(file.key);
      stored.delete(file.key);
      result.removedOrphans += 1;
    }
    batch = [];
  };
  for await (const file of storage.list('helpdesk')) {
    stored.add(file.key);
    batch.push(file);
    if (batch.length >= PAGE) await removeOrphans();
  }
  await removeOrphans();

  for (let after: string | null = null; ;) {
    const rows = await repository.attachmentKeysAfter(after, PAGE);
    for (const row of rows) if (!stored.has(row.key)) result.missingFiles.push(row.id);
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }

  if (result.removedTemp || result.removedOrphans) {
    log(
      `attachment sweep: removed ${result.removedTemp} unfinished upload(s) and ${result.removedOrphans} stored file(s) without an attachment`,
    );
  }
  if (result.missingFiles.length) {
    const shown = result.missingFiles.slice(0, 20).join(', ');
    log(
      `attachment sweep: ${result.missingFiles.length} attachment(s) have no stored file (restore them from a backup or delete them): ${shown}${result.missingFiles.length > 20 ? ', ...' : ''}`,
    );
  }
  return result;
}
