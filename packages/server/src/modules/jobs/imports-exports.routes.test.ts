import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { insertClient, insertLegalEntity } from '../../test/factories/records';
import { multipartBody } from '../../test/multipart';
import { zipWith } from '../../test/factories/files';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let le: { id: string };

beforeAll(async () => {
  t = await createTestApp({ importMaxRows: 50, importMaxBytes: 64 * 1024 });
  admin = await insertUser(t, { superuser: true });
  other = await insertUser(t, { superuser: true });
  le = await insertLegalEntity(t, admin.token, { name: 'Importing Entity' });
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.request({ method, url, token, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

function upload(token: string, resource: string, content: Buffer, filename = 'clients.csv') {
  const body = multipartBody({ resource }, [{ field: 'file', filename, content }]);
  return t.request({ method: 'POST', url: '/api/imports/', token, payload: body.payload, headers: body.headers });
}

async function finished(token: string, id: string) {
  for (let i = 0; i < 4000; i++) {
    const job = (await send(token, 'GET', `/api/jobs/${id}/`)).json();
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('job did not finish');
}

const countClients = async (prefix: string) =>
  (
    await send(
      admin.token,
      'GET',
      `/api/accounts/clients/?limit=1&filters=${encodeURIComponent(JSON.stringify({ name__startswith: prefix }))}`,
    )
  ).json().count as number;

async function xlsxBuffer(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clients');
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('imports', () => {
  const csv = [
    'Name,Account number,Legal entity,Number of employees,ABN',
    'Imported One,IMP-1,Importing Entity,10,11111111111',
    'Imported Two,IMP-2,Importing Entity,lots,',
    'Imported Three,IMP-3,No Such Entity,5,',
    "=cmd|' /C calc'!A0,IMP-4,Importing Entity,,",
  ].join('\r\n');

  it('uploads a CSV: columns, a suggested mapping by header, the row count', async () => {
    const response = await upload(admin.token, 'clients', Buffer.from(csv));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      resource: 'clients',
      columns: ['Name', 'Account number', 'Legal entity', 'Number of employees', 'ABN'],
      suggested_mapping: {
        Name: 'name',
        'Account number': 'account_number',
        'Legal entity': 'legal_entity',
        'Number of employees': 'number_of_employees',
        ABN: 'abn',
      },
      rows: 4,
    });
  });

  it('counts an upload’s rows as the import reads them (quoted line breaks, CRLF, a BOM, empty lines) past the preview rows', async () => {
    const rows = [
      '"Counted, One",CNT-1,Importing Entity',
      '"Counted\r\nTwo",CNT-2,Importing Entity',
      '',
      'Counted Three,CNT-3,Importing Entity',
      '"Counted ""Four""",CNT-4,Importing Entity',
      '',
      '"Counted\nFive",CNT-5,Importing Entity',
    ];
    const file = Buffer.from(`\uFEFFname,account_number,legal_entity\r\n${rows.join('\r\n')}\r\n\r\n`);
    const response = await upload(admin.token, 'clients', file);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ rows: 5, columns: ['name', 'account_number', 'legal_entity'] });
    expect(response.json().preview[1]).toEqual(['Counted\r\nTwo', 'CNT-2', 'Importing Entity']);
    const dry = await send(admin.token, 'POST', `/api/imports/${response.json().id}/dry-run/`, {
      mapping: response.json().suggested_mapping,
    });
    expect(dry.json()).toMatchObject({ create: 5, invalid_count: 0 });
  });

  it('dry run lists every invalid row with its field and writes nothing; the run creates the rest as an undoable job', async () => {
    const { id, suggested_mapping: mapping } = (await upload(admin.token, 'clients', Buffer.from(csv))).json();
    const dry = await send(admin.token, 'POST', `/api/imports/${id}/dry-run/`, { mapping, match_on: null });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ create: 2, update: 0, skip: 0, invalid_count: 2 });
    expect(dry.json().invalid).toEqual([
      { row: 3, field: 'number_of_employees', message: expect.any(String) },
      { row: 4, field: 'legal_entity', message: expect.stringContaining('No Such Entity') },
    ]);
    expect(await countClients('Imported')).toBe(0);

    const run = await send(admin.token, 'POST', `/api/imports/${id}/run/`, { mapping, match_on: null });
    expect(run.statusCode).toBe(202);
    const job = await finished(admin.token, run.json().job);
    expect(job).toMatchObject({ kind: 'import', status: 'SUCCEEDED', total: 4, done: 4, error_count: 2 });
    expect(await countClients('Imported')).toBe(1);
    // The imported names' words reached the search vocabulary (typos of them are corrected): the insert trigger fired.
    expect(await t.database.query(`select word from search_word where word = 'imported'`)).toEqual([{ word: 'imported' }]);
    const typo = (await send(admin.token, 'GET', `/api/search/?q=${encodeURIComponent('imprted one')}`)).json().results;
    expect(typo.map((r: { title: string }) => r.title)).toContain('Imported One');
    const one = (
      await send(
        admin.token,
        'GET',
        `/api/accounts/clients/?filters=${encodeURIComponent(JSON.stringify({ account_number: 'IMP-1' }))}`,
      )
    ).json().results[0];
    expect(one).toMatchObject({
      name: 'Imported One',
      number_of_employees: 10,
      abn: '11111111111',
      legal_entity: { id: le.id },
      owner: { id: admin.id },
    });

    // Exported, the formula-like name is neutralised in CSV and XLSX.
    const filters = encodeURIComponent(JSON.stringify({ account_number: 'IMP-4' }));
    const exported = await send(admin.token, 'GET', `/api/accounts/clients/?format=csv&select=name&filters=${filters}`);
    expect(exported.body).toContain("\r\n'=cmd|' /C calc'!A0\r\n");
    const xlsx = await t.request({
      method: 'GET',
      url: `/api/accounts/clients/?format=xlsx&select=name&filters=${filters}`,
      token: admin.token,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(1).value).toBe("'=cmd|' /C calc'!A0");

    const undo = (await send(admin.token, 'POST', `/api/jobs/${job.id}/undo/`)).json();
    expect(undo).toMatchObject({ status: 'UNDONE', undo: { deleted: 2, restored: 0, skipped: [] } });
    expect(await countClients('Imported')).toBe(0);
  });

  it('matches on account number: update or skip; undo restores the previous values but keeps a colleague’s later edit', async () => {
    const a = await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: le.id,
      name: 'Match A',
      account_number: 'MATCH-A',
      ticker_symbol: 'OLD',
    });
    const b = await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: le.id,
      name: 'Match B',
      account_number: 'MATCH-B',
      ticker_symbol: 'OLD',
    });
    const file = Buffer.from('account_number,ticker_symbol\nMATCH-A,NEW\nMATCH-B,NEW\nMATCH-A,DUP\n');
    const { id } = (await upload(admin.token, 'clients', file)).json();
    const mapping = { account_number: 'account_number', ticker_symbol: 'ticker_symbol' };
    expect(
      (
        await send(admin.token, 'POST', `/api/imports/${id}/dry-run/`, { mapping, match_on: 'account_number', on_match: 'skip' })
      ).json(),
    ).toMatchObject({ create: 0, update: 0, skip: 2, invalid_count: 1 });
    const dry = (
      await send(admin.token, 'POST', `/api/imports/${id}/dry-run/`, { mapping, match_on: 'account_number', on_match: 'update' })
    ).json();
    expect(dry).toMatchObject({ create: 0, update: 2, skip: 0, invalid: [{ row: 4, field: 'account_number' }] });
    const job = await finished(
      admin.token,
      (
        await send(admin.token, 'POST', `/api/imports/${id}/run/`, { mapping, match_on: 'account_number', on_match: 'update' })
      ).json().job,
    );
    expect(job).toMatchObject({ status: 'SUCCEEDED', error_count: 1 });
    expect((await send(admin.token, 'GET', `/api/accounts/clients/${a.id}/`)).json().ticker_symbol).toBe('NEW');
    await send(other.token, 'PATCH', `/api/accounts/clients/${b.id}/`, { ticker_symbol: 'THEIRS' });
    const undo = (await send(admin.token, 'POST', `/api/jobs/${job.id}/undo/`)).json();
    expect(undo.undo).toMatchObject({ restored: 1, skipped: [{ id: b.id }] });
    expect((await send(admin.token, 'GET', `/api/accounts/clients/${a.id}/`)).json().ticker_symbol).toBe('OLD');
    expect((await send(admin.token, 'GET', `/api/accounts/clients/${b.id}/`)).json().ticker_symbol).toBe('THEIRS');
  });

  it('writes a mixed create/update batch set-based: exactly one audit entry per record with only the changed fields; undo restores the exact previous values', async () => {
    const one = await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: le.id,
      name: 'Mixed One',
      account_number: 'MIX-1',
      ticker_symbol: 'OLD1',
      number_of_employees: 7,
    });
    const two = await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: le.id,
      name: 'Mixed Two',
      account_number: 'MIX-2',
    });
    const history = async (id: string) => (await send(admin.token, 'GET', `/api/accounts/clients/${id}/history/`)).json().results;
    const before = { one: await history(one.id), two: await history(two.id) };
    const file = Buffer.from(
      [
        'account_number,name,legal_entity,ticker_symbol,number_of_employees',
        'MIX-1,,,NEW1,',
        'MIX-NEW,Mixed New,Importing Entity,TNEW,3',
        'MIX-2,Mixed Two Renamed,,,9',
        'MIX-1B,Mixed One,Importing Entity,,', // creates a second "Mixed One": names need not be unique
      ].join('\n'),
    );
    const { id } = (await upload(admin.token, 'clients', file)).json();
    const mapping = {
      account_number: 'account_number',
      name: 'name',
      legal_entity: 'legal_entity',
      ticker_symbol: 'ticker_symbol',
      number_of_employees: 'number_of_employees',
    };
    const options = { mapping, match_on: 'account_number', on_match: 'update' };
    const job = await finished(admin.token, (await send(admin.token, 'POST', `/api/imports/${id}/run/`, options)).json().job);
    expect(job).toMatchObject({ status: 'SUCCEEDED', done: 4, error_count: 0 });

    const oneHistory = await history(one.id);
    expect(oneHistory).toHaveLength(before.one.length + 1);
    expect(oneHistory[0]).toMatchObject({
      action: 'update',
      user: { id: admin.id },
      changes: { ticker_symbol: ['OLD1', 'NEW1'] },
    });
    expect(Object.keys(oneHistory[0].changes)).toEqual(['ticker_symbol']);
    const twoHistory = await history(two.id);
    expect(twoHistory).toHaveLength(before.two.length + 1);
    expect(twoHistory[0].changes).toEqual({ name: ['Mixed Two', 'Mixed Two Renamed'], number_of_employees: [null, 9] });
    const created = (
      (await send(admin.token, 'GET', '/api/accounts/clients/?search=MIX-&limit=100')).json().results as {
        id: string;
        account_number: string;
        ticker_symbol: string | null;
        number_of_employees: number | null;
      }[]
    ).filter((c) => ['MIX-NEW', 'MIX-1B'].includes(c.account_number));
    expect(created.map((c) => c.account_number).sort()).toEqual(['MIX-1B', 'MIX-NEW']);
    const made = created.find((c) => c.account_number === 'MIX-NEW')!;
    expect(made).toMatchObject({ ticker_symbol: 'TNEW', number_of_employees: 3 });
    const [createEntry, ...rest] = await history(made.id);
    expect(rest).toHaveLength(0);
    expect(createEntry).toMatchObject({
      action: 'create',
      changes: { name: [null, 'Mixed New'], account_number: [null, 'MIX-NEW'] },
    });

    const undo = (await send(admin.token, 'POST', `/api/jobs/${job.id}/undo/`)).json();
    expect(undo.undo).toMatchObject({ restored: 2, deleted: 2, skipped: [] });
    expect((await send(admin.token, 'GET', `/api/accounts/clients/${one.id}/`)).json()).toMatchObject({
      name: 'Mixed One',
      ticker_symbol: 'OLD1',
      number_of_employees: 7,
    });
    expect((await send(admin.token, 'GET', `/api/accounts/clients/${two.id}/`)).json()).toMatchObject({
      name: 'Mixed Two',
      ticker_symbol: two.ticker_symbol,
      number_of_employees: null,
    });
    expect((await send(admin.token, 'GET', `/api/accounts/clients/${made.id}/`)).statusCode).toBe(404);
  });

  it('names the rows a batch statement refuses and writes the rest of the batch', async () => {
    const file = Buffer.from(
      [
        'name,account_number,legal_entity',
        'Batch Ok,BATCH-1,Importing Entity',
        `${'x'.repeat(20)},BATCH-2,Importing Entity`,
      ].join('\n'),
    );
    const { id } = (await upload(admin.token, 'clients', file)).json();
    const mapping = { name: 'name', account_number: 'account_number', legal_entity: 'legal_entity' };
    // A client already holds BATCH-2's account number only after the upload: the dry run saw nothing wrong.
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Holder', account_number: 'BATCH-2' });
    const job = await finished(
      admin.token,
      (await send(admin.token, 'POST', `/api/imports/${id}/run/`, { mapping, match_on: null })).json().job,
    );
    expect(job).toMatchObject({ status: 'SUCCEEDED', done: 2, error_count: 1, errors: [{ row: 3 }] });
    expect(await countClients('Batch Ok')).toBe(1);
  });

  it('reads XLSX files too (streaming reader)', async () => {
    const file = await xlsxBuffer([
      ['name', 'account_number', 'legal_entity'],
      ['Xlsx Client', 'XLSX-1', le.id],
      ['Xlsx Client 2', 12345, 'Importing Entity'],
    ]);
    const response = await upload(admin.token, 'clients', file, 'clients.xlsx');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ rows: 2, columns: ['name', 'account_number', 'legal_entity'] });
    const dry = (
      await send(admin.token, 'POST', `/api/imports/${response.json().id}/dry-run/`, {
        mapping: response.json().suggested_mapping,
      })
    ).json();
    expect(dry).toMatchObject({ create: 2, invalid_count: 0 });
  });

  it('refuses hostile and wrong files with a 400 naming the field', async () => {
    const cases: [Buffer, string, string][] = [
      [zipWith('xl/workbook.xml', 'not really a workbook'), 'broken.xlsx', 'file'],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]), 'evil.exe', 'file'],
      [Buffer.from(''), 'empty.csv', 'file'],
      [Buffer.from(`name\n${'x\n'.repeat(51)}`), 'many.csv', 'file'],
      [Buffer.from(`name\n${'y'.repeat(70 * 1024)}\n`), 'huge.csv', 'file'],
      [Buffer.from('name,name\nA,B\n'), 'dup.csv', 'file'],
      [Buffer.from('name,"unclosed\nA,B\n'), 'broken.csv', 'file'],
      // Broken after the preview rows, which only the row count reads.
      [Buffer.from('name\nA\nB\nC\nD\n"unclosed\nE\n'), 'broken-late.csv', 'file'],
      [Buffer.from('name\nA\nB\nC\nD\nE"F\n'), 'stray-quote.csv', 'file'],
    ];
    for (const [content, filename, field] of cases) {
      const response = await upload(admin.token, 'clients', content, filename);
      expect(response.statusCode, filename).toBe(400);
      expect(response.json(), filename).toHaveProperty(field);
    }
    const wrongResource = await upload(admin.token, 'tickets', Buffer.from('name\nA\n'));
    expect(wrongResource.statusCode).toBe(400);
    expect(wrongResource.json()).toHaveProperty('resource');
  });

  it('checks the mapping and match key, permissions, and hides other users’ imports', async () => {
    const { id } = (await upload(admin.token, 'clients', Buffer.from('name,code\nA,B\n'))).json();
    const bad = async (body: unknown, field: string) => {
      const response = await send(admin.token, 'POST', `/api/imports/${id}/dry-run/`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty(field);
    };
    await bad({ mapping: { name: 'secret_field' } }, 'mapping');
    await bad({ mapping: { nope: 'name' } }, 'mapping');
    await bad({ mapping: { name: 'name' }, match_on: 'code' }, 'match_on');
    await bad({ mapping: { name: 'name' }, match_on: 'account_number' }, 'match_on');
    await bad({ mapping: 'x' }, 'mapping');
    expect((await send(other.token, 'POST', `/api/imports/${id}/dry-run/`, { mapping: {} })).statusCode).toBe(404);
    expect((await send(other.token, 'POST', `/api/imports/${id}/run/`, { mapping: {} })).statusCode).toBe(404);

    const reader = await insertUser(t, { noGroup: true });
    await grant(t, reader.email, 'client.read');
    expect((await upload(reader.token, 'clients', Buffer.from('name\nA\n'))).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/imports/' })).statusCode).toBe(401);
  });
});

describe('XLSX export', () => {
  it('is the CSV export cell by cell: filters, order, selected columns and labels', async () => {
    for (const [i, name] of ['Export Zeta', 'Export Alpha', 'Export Mid'].entries()) {
      await insertClient(t, admin.token, {
        owner: admin.id,
        legal_entity: le.id,
        name,
        account_number: `EXP-${i}`,
        number_of_employees: i * 7,
        description: i === 1 ? '@SUM(A1)' : 'plain',
      });
    }
    const query = `filters=${encodeURIComponent(JSON.stringify({ name__startswith: 'Export' }))}&ordering=-name&select=name,account_number,number_of_employees,description,legal_entity.name&labels=${encodeURIComponent(JSON.stringify({ name: 'Client', legal_entity: 'Entity' }))}`;
    const csvResponse = await send(admin.token, 'GET', `/api/accounts/clients/?format=csv&${query}`);
    const xlsxResponse = await t.request({
      method: 'GET',
      url: `/api/accounts/clients/?format=xlsx&${query}`,
      token: admin.token,
    });
    expect(xlsxResponse.statusCode).toBe(200);
    expect(xlsxResponse.headers['content-type']).toContain('spreadsheetml');
    expect(xlsxResponse.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const csvRows = parse(csvResponse.body.replace(/^\ufeff/, '')) as string[][];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsxResponse.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(csvRows.length);
    expect(csvRows[0]).toEqual(['Client', 'account_number', 'number_of_employees', 'description', 'Entity name']);
    expect(csvRows.slice(1).map((r) => r[0])).toEqual(['Export Zeta', 'Export Mid', 'Export Alpha']);
    csvRows.forEach((row, r) => {
      row.forEach((cell, c) => {
        const value = sheet.getRow(r + 1).getCell(c + 1).value;
        expect(value === null ? '' : String(value), `row ${r + 1} column ${c + 1}`).toBe(cell);
      });
    });
    // Numbers stay numbers in the workbook; formula-like text is defused in both.
    expect(sheet.getRow(3).getCell(3).value).toBe(14);
    expect(csvRows[3]![3]).toBe("'@SUM(A1)");
  });

  it('answers 400 for a bad label before streaming, and 403 without read permission', async () => {
    const bad = await send(admin.token, 'GET', `/api/accounts/clients/?format=xlsx&labels=${encodeURIComponent('{"nope":"X"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('labels');
    const nobody = await insertUser(t, { noGroup: true });
    expect((await send(nobody.token, 'GET', '/api/accounts/clients/?format=xlsx')).statusCode).toBe(403);
  });
});
