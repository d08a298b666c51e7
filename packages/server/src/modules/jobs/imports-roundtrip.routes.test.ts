import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertClient, insertLegalEntity } from '../../test/factories/records';
import { multipartBody } from '../../test/multipart';

// An exported file imports back (labels as the grid writes them), and an import's counts are rows, not problems.

let t: TestApp;
let admin: TestUser;
let le: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  le = await insertLegalEntity(t, admin.token, { name: 'Roundtrip Entity' });
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.request({ method, url, token: admin.token, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

function upload(content: string) {
  const body = multipartBody({ resource: 'clients' }, [{ field: 'file', filename: 'clients.csv', content: Buffer.from(content) }]);
  return t.request({ method: 'POST', url: '/api/imports/', token: admin.token, payload: body.payload, headers: body.headers });
}

async function finished(id: string) {
  for (let i = 0; i < 4000; i++) {
    const job = (await send('GET', `/api/jobs/${id}/`)).json();
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('job did not finish');
}

const clientsNamed = async (prefix: string) =>
  (await send('GET', `/api/accounts/clients/?ordering=name&filters=${encodeURIComponent(JSON.stringify({ name__startswith: prefix }))}`)).json()
    .results as { name: string; relation_status: string; account_type: string }[];

describe('an exported CSV imports back', () => {
  it('takes the labels an export with display values writes, and auto-maps field-named headers', async () => {
    for (const name of ['Roundtrip A', 'Roundtrip B'])
      await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name, relation_status: 'INACTIVE', account_type: 'COMPETITOR' });
    // The web app's export: the grid's columns, labels and display values.
    const select = 'id,name,account_number,legal_entity.name,account_type,relation_status';
    const labels = { id: 'ID', name: 'Name', account_number: 'Account number', 'legal_entity.name': 'Legal entity', account_type: 'Account type', relation_status: 'Status' };
    const filters = encodeURIComponent(JSON.stringify({ name__startswith: 'Roundtrip' }));
    const exported = await send(
      'GET',
      `/api/accounts/clients/?format=csv&values=display&ordering=name&select=${select}&labels=${encodeURIComponent(JSON.stringify(labels))}&filters=${filters}`,
    );
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[1]).toContain(',Competitor,Inactive');
    // The records change after the export; the import puts the exported values back, and a new row is created.
    for (const client of (await send('GET', `/api/accounts/clients/?filters=${filters}`)).json().results)
      await send('PATCH', `/api/accounts/clients/${client.id}/`, { relation_status: 'ACTIVE', account_type: 'CLIENT' });
    const added = lines[2]!.replace('Roundtrip B', 'Roundtrip C').replace(/,AC-[^,]+,/, ',AC-ROUNDTRIP-C,');

    const uploaded = await upload(`${lines.join('\r\n')}\r\n${added}\r\n`);
    expect(uploaded.statusCode).toBe(201);
    const { id, suggested_mapping: suggested } = uploaded.json();
    expect(suggested).toMatchObject({ Name: 'name', 'Account number': 'account_number', 'Legal entity': 'legal_entity', 'Account type': 'account_type' });
    // "Status" is the grid's label: the web app maps it from the columns that wrote it (imports.ts).
    const options = { mapping: { ...suggested, Status: 'relation_status' }, match_on: 'account_number', on_match: 'update' };
    const dry = await send('POST', `/api/imports/${id}/dry-run/`, options);
    expect(dry.json()).toEqual({ create: 1, update: 2, skip: 0, invalid: [], invalid_count: 0 });

    const run = await send('POST', `/api/imports/${id}/run/`, options);
    expect(run.statusCode).toBe(202);
    expect(await finished(run.json().job)).toMatchObject({ status: 'SUCCEEDED', done: 3, error_count: 0 });
    expect(await clientsNamed('Roundtrip')).toMatchObject([
      { name: 'Roundtrip A', relation_status: 'INACTIVE', account_type: 'COMPETITOR' },
      { name: 'Roundtrip B', relation_status: 'INACTIVE', account_type: 'COMPETITOR' },
      { name: 'Roundtrip C', relation_status: 'INACTIVE', account_type: 'COMPETITOR' },
    ]);
  });

  it('takes a code or a label in any case, and names an unknown choice', async () => {
    const csv = [
      'name,account_number,legal_entity,relation_status,account_type',
      'Cased One,CASED-1,Roundtrip Entity,inactive,COMPETITOR',
      'Cased Two,CASED-2,Roundtrip Entity,ACTIVE,competitor',
      'Cased Three,CASED-3,Roundtrip Entity,Dormant,Client',
    ].join('\r\n');
    const { id, suggested_mapping: mapping } = (await upload(csv)).json();
    const dry = (await send('POST', `/api/imports/${id}/dry-run/`, { mapping, match_on: null })).json();
    expect(dry).toMatchObject({ create: 2, invalid_count: 1, invalid: [{ row: 4, field: 'relation_status', message: expect.stringContaining('Dormant') }] });
  });
});

describe('import counts', () => {
  it('counts an invalid row with two problems once: the job says 1 row failed, 2 were written', async () => {
    const csv = [
      'name,account_number,legal_entity,number_of_employees',
      'Counted Good One,CNTR-1,Roundtrip Entity,5',
      'Counted Bad,CNTR-2,No Such Entity,lots',
      'Counted Good Two,CNTR-3,Roundtrip Entity,',
    ].join('\r\n');
    const { id, suggested_mapping: mapping } = (await upload(csv)).json();
    const dry = (await send('POST', `/api/imports/${id}/dry-run/`, { mapping, match_on: null })).json();
    expect(dry).toMatchObject({ create: 2, invalid_count: 1 });
    expect(dry.invalid).toHaveLength(2);
    const run = await send('POST', `/api/imports/${id}/run/`, { mapping, match_on: null });
    const job = await finished(run.json().job);
    expect(job).toMatchObject({ status: 'SUCCEEDED', total: 3, done: 3, error_count: 1 });
    expect(job.errors).toHaveLength(2);
    expect((await clientsNamed('Counted Good')).length).toBe(2);
  });
});
