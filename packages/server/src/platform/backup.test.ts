import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  }, 60_000);

  it('refuses an archive that is not a backup', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-test-'));
    dirs.push(dataDir);
    const config = loadConfig({ dataDir, databaseUrl: undefined });
    const bogus = path.join(dataDir, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not a tarball');
    await expect(OFFLINE_COMMANDS.restore!(config, pgliteDir(config), ['--in', bogus], () => undefined)).rejects.toThrow();
  });
});
