import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { insertLegalEntity } from '../test/factories/records';
import { sqlCounter, type SqlScope } from '../platform/db';
import { COMMANDS } from './commands';

let t: TestApp;
let admin: TestUser;
let le: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  le = await insertLegalEntity(t, admin.token, { name: 'Cli Entity' });
});
afterAll(() => t.close());

const run = async (command: string, argv: string[]) => {
  const printed: string[] = [];
  await COMMANDS[command]!({ config: t.config, database: t.database, print: (line) => printed.push(line) }, argv);
  return printed;
};

describe('import and export commands', () => {
  it('writes an import batch set-based: one INSERT of records and one statement of audit entries and undo rows for 300 rows, not one per row', async () => {
    const file = path.join(t.config.dataDir, 'batch.csv');
    const lines = ['name,account_number,legal_entity'];
    for (let i = 1; i <= 300; i++) lines.push(`Set Based ${i},SET-${i},Cli Entity`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const scope: SqlScope = { statements: 0, captured: [] };
    const printed = await sqlCounter.run(scope, () => run('import', ['--resource', 'clients', '--file', file, '--user', admin.email]));
    expect(printed.some((line) => line.startsWith('import succeeded: 300 rows, 0 with errors'))).toBe(true);
    const inserts = (table: string) => scope.captured!.filter((s) => s.sql.includes(`insert into "${table}"`)).length;
    expect(inserts('accounts_client')).toBe(1);
    expect(inserts('audit_log')).toBe(1);
    expect(inserts('jobs_job_change')).toBe(1);
    // Audit entries and undo rows are one statement (a data-modifying CTE).
    expect(scope.captured!.filter((s) => s.sql.startsWith('with audit as (insert into "audit_log"')).length).toBe(1);
  });

  it('exports page by keyset (after the last row ordering values), never by OFFSET', async () => {
    const scope: SqlScope = { statements: 0, captured: [] };
    const out = path.join(t.config.dataDir, 'keyset.csv');
    await sqlCounter.run(scope, () => run('export', ['--resource', 'clients', '--ordering', '-abn,name', '--select', 'id', '--out', out]));
    const pages = scope.captured!.filter((s) => /^select "accounts_client"\."id" as id/.test(s.sql));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((s) => /\boffset\b/i.test(s.sql))).toEqual([]);
  });

  it('dry-runs, imports with progress lines, and exports the result as CSV and XLSX', async () => {
    const file = path.join(t.config.dataDir, 'clients.csv');
    fs.writeFileSync(
      file,
      'name,account_number,legal_entity\nCli One,CLI-1,Cli Entity\nCli Two,CLI-2,Cli Entity\nCli Bad,CLI-3,Nowhere\n',
    );
    const dry = await run('import', ['--resource', 'clients', '--file', file, '--dry-run', '--user', admin.email]);
    expect(dry).toContainEqual('dry run: 2 to create, 0 to update, 0 to skip, 1 invalid');
    expect(dry.some((line) => line.startsWith('row 4: legal_entity'))).toBe(true);

    const imported = await run('import', [
      '--resource',
      'clients',
      '--file',
      file,
      '--match-on',
      'account_number',
      '--user',
      admin.email,
    ]);
    expect(imported.some((line) => /^import: 3\/3 \(/.test(line))).toBe(true);
    expect(imported.some((line) => line.startsWith('import succeeded: 3 rows, 1 with errors'))).toBe(true);

    const csvOut = path.join(t.config.dataDir, 'out.csv');
    await run('export', [
      '--resource',
      'clients',
      '--filters',
      '{"account_number__startswith":"CLI-"}',
      '--select',
      'name,account_number',
      '--ordering',
      'name',
      '--out',
      csvOut,
    ]);
    expect(fs.readFileSync(csvOut, 'utf8')).toBe('\ufeffname,account_number\r\nCli One,CLI-1\r\nCli Two,CLI-2\r\n');

    await run('export', [
      '--resource',
      'clients',
      '--filters',
      '{"account_number__startswith":"CLI-"}',
      '--select',
      'name,account_number',
      '--ordering=-name',
      '--out',
      csvOut,
    ]);
    expect(fs.readFileSync(csvOut, 'utf8')).toBe('\ufeffname,account_number\r\nCli Two,CLI-2\r\nCli One,CLI-1\r\n');
    const xlsxOut = path.join(t.config.dataDir, 'out.xlsx');
    await run('export', [
      '--resource',
      'clients',
      '--filters',
      '{"account_number__startswith":"CLI-"}',
      '--select',
      'name,account_number',
      '--ordering=-name',
      '--format',
      'xlsx',
      '--out',
      xlsxOut,
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsxOut);
    expect(
      book.worksheets[0]!.getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1)),
    ).toEqual([
      ['name', 'account_number'],
      ['Cli Two', 'CLI-2'],
      ['Cli One', 'CLI-1'],
    ]);
    void le;
  });

  it('refuses a file that is not CSV or XLSX, and bad options', async () => {
    const file = path.join(t.config.dataDir, 'evil.bin');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 0)]));
    await expect(run('import', ['--resource', 'clients', '--file', file, '--user', admin.email])).rejects.toThrow(/not a CSV/);
    await expect(run('import', ['--resource', 'tickets', '--file', file])).rejects.toThrow();
    await expect(run('export', ['--resource', 'clients', '--format', 'pdf', '--out', 'x'])).rejects.toThrow();
  });
});
