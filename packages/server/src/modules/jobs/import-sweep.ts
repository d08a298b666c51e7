import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../platform/db';
import { createImportsRepository } from './imports.repository';

export interface ImportSweepOptions {
  db: Db;
  /** DATA_DIR/imports, where uploaded import files wait for their run. */
  importsDir: string;
  /** An import never run (no job) is removed once uploaded this long ago. */
  unrunMs: number;
  /** A run import is removed this long after its job finished (undo does not need the file). */
  retentionMs: number;
  /** A file with no row younger than this may be an upload still being committed on another instance. */
  orphanGraceMs: number;
  now?: Date;
}

export interface ImportSweepResult {
  unrun: number;
  finished: number;
  orphans: number;
}

/**
 * Frees DATA_DIR/imports: uploads never run, finished imports after the
 * retention time, and files left without a row (a crash between storing the
 * file and committing its row, or a deleted user's imports). A QUEUED or
 * RUNNING import keeps its file: the job reads it again after a restart.
 * Rows go first (each delete is atomic with a concurrent run's claim of the
 * import), then their files.
 */
export async function sweepImports(options: ImportSweepOptions): Promise<ImportSweepResult> {
  const { db } = options;
  const now = options.now?.getTime() ?? Date.now();
  const repository = createImportsRepository(db);
  const unrun = await repository.deleteUnrun(new Date(now - options.unrunMs));
  const finished = await repository.deleteFinished(new Date(now - options.retentionMs));
  for (const row of [...unrun, ...finished]) await rm(row.storagePath, { force: true });

  let orphans = 0;
  const files = (await readdir(options.importsDir, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile());
  for (let i = 0; i < files.length; i += 500) {
    const page = files.slice(i, i + 500).map((entry) => path.join(options.importsDir, entry.name));
    const known = await repository.knownPaths(page);
    for (const file of page) {
      if (known.has(file)) continue;
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtimeMs > now - options.orphanGraceMs) continue;
      await rm(file, { force: true });
      orphans += 1;
    }
  }
  return { unrun: unrun.length, finished: finished.length, orphans };
}

/** Runs sweepImports every `everySeconds` until the returned stop is called. */
export function startImportSweep(
  options: Omit<ImportSweepOptions, 'now'> & { everySeconds: number; log: (line: string) => void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepImports(options)
      .then(({ unrun, finished, orphans }) => {
        if (unrun + finished + orphans)
          options.log(
            `import sweep: removed ${unrun} import(s) never run, ${finished} finished, ${orphans} file(s) without an import`,
          );
      })
      .catch((error: unknown) => options.log(`import sweep failed: ${(error as Error).message}`))
      .finally(() => (running = false));
  }, options.everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
