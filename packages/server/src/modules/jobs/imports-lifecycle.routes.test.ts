import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertLegalEntity } from '../../test/factories/records';
import { multipartBody } from '../../test/multipart';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  // No timer sweeps behind the test's back: it calls the sweep itself.
  t = await createTestApp({ importSweepSeconds: 0, importUnrunHours: 24, importRetentionHours: 168 });
  admin = await insertUser(t, { superuser: true });
  await insertLegalEntity(t, admin.token, { name: 'Lifecycle Entity' });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url, token: admin.token, payload });

async function upload(rows: string[]) {
  const content = Buffer.from(['Name,Account number,Legal entity', ...rows].join('\r\n'));
  const body = multipartBody({ resource: 'clients' }, [{ field: 'file', filename: 'clients.csv', content }]);
  const response = await t.request({
    method: 'POST',
    url: '/api/imports/',
    token: admin.token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as {
    id: string;
    suggested_mapping: Record<string, string>;
    required: string[];
    match_keys: string[];
    preview: string[][];
    file_name: string;
  };
}

async function finished(id: string) {
  for (let i = 0; i < 4000; i++) {
    const job = (await t.request({ method: 'GET', url: `/api/jobs/${id}/`, token: admin.token })).json();
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('job did not finish');
}

const importsDir = () => path.join(t.config.dataDir, 'imports');
const fileOf = (id: string) => path.join(importsDir(), `${id}.csv`);
const hours = (n: number) => new Date(Date.now() + n * 3600_000);

describe('import lifecycle', () => {
  it('answers what the import page needs with the upload: required fields and the keys it may match on', async () => {
    const imp = await upload(['Lifecycle Zero,LC-0,Lifecycle Entity']);
    expect(imp.required).toEqual(expect.arrayContaining(['name', 'account_number', 'legal_entity']));
    expect(imp.required).not.toContain('owner');
    expect(imp.required).not.toContain('abn');
    expect(imp.match_keys).toEqual(['account_number', 'abn']);
    expect(imp.preview).toEqual([['Lifecycle Zero', 'LC-0', 'Lifecycle Entity']]);
    expect(imp.file_name).toBe('clients.csv');
  });

  it('starting an import twice queues one job: the same settings answer that job, other settings a 409', async () => {
    const imp = await upload(['Lifecycle One,LC-1,Lifecycle Entity']);
    const body = { mapping: imp.suggested_mapping, match_on: null };
    const [first, second] = await Promise.all([
      post(`/api/imports/${imp.id}/run/`, body),
      post(`/api/imports/${imp.id}/run/`, body),
    ]);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json().job).toBe(first.json().job);
    await finished(first.json().job);
    const again = await post(`/api/imports/${imp.id}/run/`, { ...body, mapping: { ...body.mapping, 'Account number': '' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already been started with other settings/);
    const jobs = await t.request({
      method: 'GET',
      url: `/api/jobs/?filters=${encodeURIComponent(JSON.stringify({ kind: 'import' }))}`,
      token: admin.token,
    });
    expect(jobs.json().results.filter((job: { id: string }) => job.id === first.json().job)).toHaveLength(1);
    const clients = await t.request({
      method: 'GET',
      url: `/api/accounts/clients/?filters=${encodeURIComponent(JSON.stringify({ account_number: 'LC-1' }))}`,
      token: admin.token,
    });
    expect(clients.json().count).toBe(1);
  });

  it('sweeps imports never run after IMPORT_UNRUN_HOURS, run ones after IMPORT_RETENTION_HOURS, and stray files', async () => {
    const unrun = await upload(['Lifecycle Two,LC-2,Lifecycle Entity']);
    const run = await upload(['Lifecycle Three,LC-3,Lifecycle Entity']);
    const job = (await post(`/api/imports/${run.id}/run/`, { mapping: run.suggested_mapping })).json().job;
    await finished(job);
    const stray = path.join(importsDir(), 'stray.csv');
    const fresh = path.join(importsDir(), 'fresh.csv');
    await writeFile(stray, 'a,b\r\n');
    await writeFile(fresh, 'a,b\r\n');
    const old = new Date(Date.now() - 2 * 3600_000 * 24);
    await utimes(stray, old, old);

    await t.app.jobs.sweepImports(new Date());
    expect(existsSync(fileOf(unrun.id))).toBe(true);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(fresh)).toBe(true);

    await t.app.jobs.sweepImports(hours(25));
    expect(existsSync(fileOf(unrun.id))).toBe(false);
    expect((await post(`/api/imports/${unrun.id}/dry-run/`, { mapping: {} })).statusCode).toBe(404);
    expect(existsSync(fileOf(run.id))).toBe(true);

    await t.app.jobs.sweepImports(hours(169));
    expect(existsSync(fileOf(run.id))).toBe(false);
    expect((await post(`/api/imports/${run.id}/dry-run/`, { mapping: {} })).statusCode).toBe(404);
    // The job and its undo outlive the file.
    expect((await post(`/api/jobs/${job}/undo/`, {})).statusCode).toBe(200);
  });
});
