import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from './config';
import { openPglite, type Database } from './db';
import { createProgress } from './progress';

const FORMAT = 'ops-backup/1';

interface Manifest {
  format: string;
  engine: 'pglite' | 'postgres';
  created_at: string;
  uploads: number;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${command} is not installed (see docs/operations.md, "Backups")`)
          : error,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function countFiles(dir: string): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  return (await fsp.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

/**
 * One archive with the database and the uploaded files: the embedded database
 * as a PGlite data-directory dump (consistent: taken by the process that holds
 * it), a PostgreSQL server through pg_dump's custom format.
 */
export async function createBackup(
  config: Config,
  database: Database,
  outFile: string,
  print: (line: string) => void,
): Promise<string> {
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), 'ops-backup-'));
  try {
    const progress = createProgress('backup', undefined, print);
    if (database.engine === 'pglite') {
      const dump = await database.pglite!.dumpDataDir('gzip');
      await fsp.writeFile(path.join(staging, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } else {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${path.join(staging, 'database.dump')}`,
        config.databaseUrl!,
      ]);
    }
    progress.tick(1);
    const uploads = await countFiles(config.uploadsDir);
    if (uploads) await fsp.cp(config.uploadsDir, path.join(staging, 'uploads'), { recursive: true });
    progress.tick(uploads);
    const manifest: Manifest = { format: FORMAT, engine: database.engine, created_at: new Date().toISOString(), uploads };
    await fsp.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await fsp.mkdir(path.dirname(outFile), { recursive: true });
    await tar.create({ gzip: true, file: outFile, cwd: staging }, await fsp.readdir(staging));
    progress.done(
      `backup written to ${outFile} (${(fs.statSync(outFile).size / 1024 / 1024).toFixed(1)} MB, ${uploads} uploaded files)`,
    );
    return outFile;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** What a backup archive may hold: these names at the top, regular files and folders under uploads/. */
const TOP_LEVEL_FILES = new Set(['manifest.json', 'database.tar.gz', 'database.dump']);

function entryProblem(entry: { path: string; type: string }): string | undefined {
  const name = entry.path.replace(/\/+$/, '');
  if (!['File', 'OldFile', 'Directory'].includes(entry.type)) return `${entry.type} entries are not allowed`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) return 'absolute paths are not allowed';
  const parts = name.split('/');
  if (parts.some((part) => part === '..' || part === '' || part === '.')) return 'the path leaves the archive';
  if (
    entry.type === 'Directory'
      ? parts[0] !== 'uploads'
      : !(parts.length === 1 ? TOP_LEVEL_FILES.has(name) : parts[0] === 'uploads')
  ) {
    return 'not part of a backup';
  }
  return undefined;
}

/**
 * Reads every entry before anything is written: an archive with a link, a
 * device, an absolute path, a `..` step or a name a backup does not have is
 * refused whole, naming the first offending entry.
 */
async function checkArchive(inFile: string): Promise<void> {
  const problems: string[] = [];
  let entries = 0;
  try {
    await tar.list({
      file: inFile,
      strict: true,
      onReadEntry: (entry) => {
        entries += 1;
        const problem = entryProblem(entry);
        if (problem) problems.push(`"${entry.path}" (${problem})`);
      },
    });
  } catch (error) {
    throw new Error(`${inFile} is not a backup archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!entries) throw new Error(`${inFile} is not a backup archive: it holds no entries`);
  if (problems.length)
    throw new Error(`refusing ${inFile}: entry ${problems[0]}${problems.length > 1 ? ` and ${problems.length - 1} more` : ''}`);
}

/**
 * Restores an archive made by createBackup. The embedded database must not be
 * open (the server stopped); the current data directory is kept beside it
 * until the restore has succeeded.
 */
export async function restoreBackup(
  config: Config,
  pgliteDir: string,
  inFile: string,
  print: (line: string) => void,
): Promise<void> {
  await checkArchive(inFile);
  // Staged inside DATA_DIR: a restore writes nowhere else (and renames stay on one file system).
  await fsp.mkdir(config.tempDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(config.tempDir, 'restore-'));
  try {
    // The filter repeats the check for what is actually written (the archive file could change in between).
    await tar.extract({
      file: inFile,
      cwd: staging,
      strict: true,
      filter: (_path, entry) => !entryProblem(entry as tar.ReadEntry),
    });
    const manifest = JSON.parse(await fsp.readFile(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT) throw new Error(`not a backup of this platform (format ${manifest.format})`);
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== engine)
      throw new Error(`this backup is of the ${manifest.engine} engine; the configured database is ${engine}`);

    if (engine === 'pglite') {
      const aside = `${pgliteDir}.before-restore-${Date.now()}`;
      if (fs.existsSync(pgliteDir)) await fsp.rename(pgliteDir, aside);
      try {
        const dump = new Blob([await fsp.readFile(path.join(staging, 'database.tar.gz'))]);
        const restored = await openPglite({ dataDir: pgliteDir, loadDataDir: dump });
        await restored.query('select 1');
        await restored.close();
      } catch (error) {
        await fsp.rm(pgliteDir, { recursive: true, force: true });
        if (fs.existsSync(aside)) await fsp.rename(aside, pgliteDir);
        throw error;
      }
      await fsp.rm(aside, { recursive: true, force: true });
    } else {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        `--dbname=${config.databaseUrl}`,
        path.join(staging, 'database.dump'),
      ]);
    }

    await fsp.rm(config.uploadsDir, { recursive: true, force: true });
    if (fs.existsSync(path.join(staging, 'uploads')))
      await fsp.cp(path.join(staging, 'uploads'), config.uploadsDir, { recursive: true });
    print(`restored ${manifest.engine} backup of ${manifest.created_at} (${manifest.uploads} uploaded files)`);
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
