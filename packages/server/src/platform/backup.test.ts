import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, pgliteDir } from './open-database';
import { COMMANDS, OFFLINE_COMMANDS } from '../cli/commands';
import { identityServiceFor } from '../modules/identity/identity-service-for';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  it('round-trips the database and the uploaded files', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-test-'));
    dirs.push(dataDir);
    const config = loadConfig({
      dataDir,
      databaseUrl: undefined,
      uploadsDir: path.join(dataDir, 'uploads'),
      tempDir: path.join(dataDir, 'tmp'),
    });
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const archive = path.join(dataDir, 'b.tar.gz');

    let database = await openDatabase(config);
    await identityServiceFor({ config, database }).createUser({ email: 'kept@example.com', password: 'Kept-password-1' });
    fs.mkdirSync(path.join(config.uploadsDir, 'tickets'), { recursive: true });
    fs.writeFileSync(path.join(config.uploadsDir, 'tickets', 'menu.txt'), 'Tuesday: lasagne');
    await COMMANDS.backup!({ config, database, print }, ['--out', archive]);
    expect(fs.existsSync(archive)).toBe(true);

    // Changes after the backup are undone by the restore.
    await identityServiceFor({ config, database }).createUser({ email: 'later@example.com', password: 'Later-password-1' });
    fs.rmSync(path.join(config.uploadsDir, 'tickets', 'menu.txt'));
    await database.close();

    await OFFLINE_COMMANDS.restore!(config, pgliteDir(config), ['--in', archive], print);
    database = await openDatabase(config);
    const emails = (await database.query<{ email: string }>('select email from auth_user order by email')).map((r) => r.email);
    await database.close();
    expect(emails).toEqual(['kept@example.com']);
    expect(fs.readFileSync(path.join(config.uploadsDir, 'tickets', 'menu.txt'), 'utf8')).toBe('Tuesday: lasagne');
    expect(lines.some((line) => line.startsWith('restored pglite backup'))).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.includes('before-restore'))).toEqual([]);
  }, 180_000);

  it('refuses an archive that is not a backup', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-test-'));
    dirs.push(dataDir);
    const config = loadConfig({ dataDir, databaseUrl: undefined });
    const bogus = path.join(dataDir, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not a tarball');
    await expect(OFFLINE_COMMANDS.restore!(config, pgliteDir(config), ['--in', bogus], () => undefined)).rejects.toThrow(
      `${bogus} is not a backup archive`,
    );
    // A well-formed archive of something else is refused by name, too.
    const other = path.join(dataDir, 'other.tar.gz');
    fs.writeFileSync(other, archive([{ path: 'notes.txt', body: 'hello' }]));
    await expect(OFFLINE_COMMANDS.restore!(config, pgliteDir(config), ['--in', other], () => undefined)).rejects.toThrow(
      `refusing ${other}: entry "notes.txt" (not part of a backup)`,
    );
    expect(fs.existsSync(pgliteDir(config))).toBe(false);
  });

  const manifest = {
    path: 'manifest.json',
    body: JSON.stringify({ format: 'ops-backup/1', engine: 'pglite', created_at: new Date().toISOString(), uploads: 1 }),
  };
  it.each<[string, RawEntry[], RegExp]>([
    [
      'a path with ../ steps',
      [
        { path: '../escaped.txt', body: 'x' },
        { path: 'uploads/../../../escaped.txt', body: 'x' },
        { path: '../../../../escaped.txt', body: 'x' },
      ],
      /the path leaves the archive/,
    ],
    ['an absolute path', [{ path: '/OUTSIDE/escaped.txt', body: 'x' }], /absolute paths are not allowed/],
    [
      'a symlink out of the archive, then a file through it',
      [
        { path: 'uploads/out', type: 'SymbolicLink', linkpath: '/OUTSIDE' },
        { path: 'uploads/out/escaped.txt', body: 'x' },
      ],
      /SymbolicLink entries are not allowed/,
    ],
    [
      'a relative symlink to an outside file',
      [{ path: 'uploads/secret.txt', type: 'SymbolicLink', linkpath: '../../../../secret.txt' }],
      /SymbolicLink entries are not allowed/,
    ],
    [
      'a hard link to an outside file',
      [{ path: 'uploads/secret.txt', type: 'Link', linkpath: '/OUTSIDE/secret.txt' }],
      /Link entries are not allowed/,
    ],
    ['a device', [{ path: 'uploads/dev', type: 'CharacterDevice' }], /CharacterDevice entries are not allowed/],
  ])('refuses a hostile archive (%s) and writes nothing outside DATA_DIR', async (_name, entries, message) => {
    const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-hostile-'));
    dirs.push(sandbox);
    const dataDir = path.join(sandbox, 'data');
    const outside = path.join(sandbox, 'outside');
    fs.mkdirSync(outside, { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    const config = loadConfig({
      dataDir,
      databaseUrl: undefined,
      uploadsDir: path.join(dataDir, 'uploads'),
      tempDir: path.join(dataDir, 'tmp'),
    });
    const file = path.join(sandbox, 'hostile.tar.gz');
    const resolved = entries.map((e) => ({
      ...e,
      path: e.path.replace('/OUTSIDE', outside),
      linkpath: e.linkpath?.replace('/OUTSIDE', outside),
    }));
    fs.writeFileSync(file, archive([manifest, ...resolved]));
    const before = listTree(sandbox);

    const refused = OFFLINE_COMMANDS.restore!(config, pgliteDir(config), ['--in', file], () => undefined);
    await expect(refused).rejects.toThrow(message);
    await expect(refused).rejects.toThrow(`refusing ${file}: entry "${resolved[0]!.path}"`);

    // Nothing new anywhere outside DATA_DIR, the outside file untouched (no second link to it), no database restored.
    expect(listTree(sandbox).filter((p) => !p.startsWith(`data${path.sep}`) && p !== 'data')).toEqual(before);
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(fs.statSync(path.join(outside, 'secret.txt')).nlink).toBe(1);
    expect(fs.existsSync(path.join(os.tmpdir(), 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(pgliteDir(config))).toBe(false);
  });
});

interface RawEntry {
  path: string;
  body?: string;
  type?: string;
  linkpath?: string;
}

/** A gzipped tar written header by header, so it can hold what no well-behaved tool would write. */
function archive(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = new tar.Header({
      path: entry.path,
      type: (entry.type ?? 'File') as never,
      linkpath: entry.linkpath,
      size: body.length,
      mode: 0o644,
      mtime: new Date(),
      uid: 0,
      gid: 0,
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

/** Every path under `root`, relative, sorted. */
function listTree(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
