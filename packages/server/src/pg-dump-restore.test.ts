import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestApp } from './test/test-app';
import { insertUser } from './test/factories/users';
import { insertClient, insertLegalEntity } from './test/factories/records';
import { raiseTicket, SAMPLE_FILES } from './test/factories/helpdesk';
import { withDatabase } from './test/global-setup';
import { killServerProcesses, startServerProcess, tempDataDir, tokenFor } from './test/server-process';

/**
 * The operator's procedure for PostgreSQL (docs/operations.md, "Backups"):
 * `pg_dump -Fc` of a live database and a copy of the uploads, restored with
 * `pg_restore` into a fresh database, and the app started on the result
 * finds every record and every attachment's file. Needs TEST_DATABASE_URL and
 * the PostgreSQL client tools; skipped on the embedded engine (its own
 * backup/restore is proved by platform/backup.test.ts).
 */
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  killServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('pg_dump / pg_restore round trip (PostgreSQL)', () => {
  it('restores into a fresh database that the app starts on, with every record and attachment', async () => {
    const source = await createTestApp();
    const work = tempDataDir('ops-pgdump-');
    dirs.push(work);
    const provided = inject('testDb');
    const restoredName = `ops_test_${provided.runId}_restore_${randomBytes(3).toString('hex')}`;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    let user: Awaited<ReturnType<typeof insertUser>>;
    const marker = `Dump${randomBytes(3).toString('hex')}`;
    const files = [SAMPLE_FILES.pdf(), SAMPLE_FILES.txt(`restored text ${marker}\n`)];
    let ticket: string;
    let sourceCounts: Record<string, number>;
    try {
      user = await insertUser(source, { superuser: true });
      const entity = await insertLegalEntity(source, user.token);
      for (let i = 0; i < 5; i++)
        await insertClient(source, user.token, { owner: user.id, legal_entity: entity.id, name: `${marker} client ${i}` });
      ticket = await raiseTicket(source, user, {
        title: `${marker} ticket`,
        files: [
          { field: 'attachments[0][attachment]', filename: 'report.pdf', content: files[0]!, contentType: 'application/pdf' },
          { field: 'attachments[1][attachment]', filename: 'notes.txt', content: files[1]!, contentType: 'text/plain' },
        ],
      });
      sourceCounts = await counts(source.database.query.bind(source.database));

      // 1. Dump the live database (custom format) and copy the uploads.
      const [{ name: sourceName }] = (await source.database.query<{ name: string }>('select current_database() as name')) as [
        { name: string },
      ];
      const dump = path.join(work, 'db.dump');
      await run('pg_dump', ['-Fc', '--no-owner', `--file=${dump}`, withDatabase(adminUrl, sourceName)]);
      fs.cpSync(source.config.uploadsDir, path.join(work, 'uploads'), { recursive: true });
    } finally {
      await source.close();
    }

    // 2. Restore into a fresh, empty database.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${restoredName}`);
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        `--dbname=${withDatabase(adminUrl, restoredName)}`,
        path.join(work, 'db.dump'),
      ]);

      // Every table's row count came through (before the app signs anyone in).
      const restored = new pg.Client({ connectionString: withDatabase(adminUrl, restoredName) });
      await restored.connect();
      try {
        expect(await counts((text) => restored.query(text).then((r) => r.rows))).toEqual(sourceCounts!);
      } finally {
        await restored.end();
      }
      // 3. Start the app on it (migrations find nothing to do) with the copied uploads.
      const server = await startServerProcess({
        DATABASE_URL: withDatabase(adminUrl, restoredName),
        DATA_DIR: work,
        UPLOADS_DIR: path.join(work, 'uploads'),
      });
      expect(server.output()).not.toMatch(/attachment\(s\) have no stored file/);
      const token = await tokenFor(server.baseUrl, user!.email, user!.password);
      const get = async <T>(url: string) => {
        const response = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Token ${token}` } });
        expect(response.status, url).toBe(200);
        return (await response.json()) as T;
      };
      expect((await get<{ count: number }>(`/api/accounts/clients/?search=${marker}`)).count).toBe(5);
      const attachments = await get<{ count: number; results: { attachment: string; file_name?: string }[] }>(
        `/api/helpdesk/my-tickets/${ticket!}/attachments/`,
      );
      expect(attachments.count).toBe(2);
      const downloaded = await Promise.all(
        attachments.results.map(async (a) => {
          const response = await fetch(new URL(new URL(a.attachment).pathname, server.baseUrl), {
            headers: { authorization: `Token ${token}` },
          });
          expect(response.status).toBe(200);
          return Buffer.from(await response.arrayBuffer());
        }),
      );
      expect(downloaded.map((b) => b.toString('base64')).sort()).toEqual(files.map((b) => b.toString('base64')).sort());

      // A clean stop: the keep-alive connections of the fetches above must not hold app.close()
      // until the 30 s forced exit (code 1); faults.test.ts proves the race deterministically.
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output().slice(-3000)).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }, 240_000);
});

/** Rows per table of the public schema (exact counts). */
async function counts(query: (text: string) => Promise<unknown[]>): Promise<Record<string, number>> {
  const tables = (await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as {
    tablename: string;
  }[];
  const result: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = (await query(`select count(*)::int as n from "${tablename}"`)) as { n: number }[];
    result[tablename] = row!.n;
  }
  return result;
}
