import { describe, expect, it } from 'vitest';
import { filterParam as filter, useSyncHarness } from '../sync-test-harness';
import { adpProvider } from './provider';
import { generateAdpWorkers, startAdpFake } from './fake-server';

const h = useSyncHarness({
  provider: adpProvider,
  startFake: () => startAdpFake(generateAdpWorkers(350)),
  env: { ADP_PAGE_SIZE: '100' },
  trigger: 'schedule',
});

describe('adp connector against the local Workforce Now API', () => {
  it('is off without a client id', () => {
    expect(adpProvider.fromEnv({})).toBeNull();
  });

  it('pages workers with $top/$skip until the short page and maps them to employees', async () => {
    const result = await h.sync();
    // 350 workers, 8 distinct position titles.
    expect(result).toMatchObject({ rowsRead: 358, inserted: 358, updated: 0, deleted: 0 });
    expect(h.fake.controls.dataRequests).toBe(4);
    const page = await h.get('/api/adp/employees/?ordering=EmpCode&limit=2');
    expect(page.count).toBe(350);
    expect(page.results[1]).toEqual({
      EmpCode: '100002',
      CompID: 'CCG',
      Location: 'Austin Hospital',
      EmpCategory: 'Part Time',
      EmployeeName: 'Jack Brown',
      State: 'VIC',
      FirstName: 'Jack',
      LastName: 'Brown',
      PreferredName: null,
      Email: 'jack.brown.100002@example-catering.com.au',
      Mobile: '0410000001',
      StartDate: '2011-02-15',
      TerminationDate: null,
      Status: 'Active',
      CostCentre: 'CC00002',
      USERFIELDM1: { id: expect.any(String), title: 'Cook', site_contact: false },
      reporting_manager: { EmpCode: '100001', EmployeeName: 'Olivia Smith' },
    });
    const bare = await h.get('/api/adp/employees?limit=1');
    expect(bare.count).toBe(350);
    const byCostCentre = await h.get(`/api/adp/employees/?${filter({ CostCentre: 'CC00002' })}`);
    expect(byCostCentre.count).toBe(2);
    const managers = await h.get(`/api/adp/employees/?${filter({ USERFIELDM1: 'Site Manager' })}&limit=1`);
    const expected = h.fake.workers.filter((w) => JSON.stringify(w.customFieldGroup).includes('"Site Manager"')).length;
    expect(managers.count).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('re-sync updates changed workers, removes departed ones and keeps position title ids', async () => {
    const before = (await h.get(`/api/adp/employees/?${filter({ EmpCode: '100003' })}`)).results[0];
    h.fake.workers.pop();
    (h.fake.workers[2]!.workerStatus as { statusCode: { codeValue: string } }).statusCode.codeValue = 'Terminated';
    (h.fake.workers[2]!.workerDates as Record<string, string>).terminationDate = '2025-06-30';
    const result = await h.sync();
    expect(result).toMatchObject({ inserted: 0, updated: 1, deleted: 1 });
    const after = (await h.get(`/api/adp/employees/?${filter({ EmpCode: '100003' })}`)).results[0];
    expect(after).toMatchObject({ Status: 'Terminated', TerminationDate: '2025-06-30' });
    expect(after.USERFIELDM1.id).toBe(before.USERFIELDM1.id);
    expect((await h.get('/api/adp/employees/?limit=1')).count).toBe(349);
  });

  it('retries after 429 and marks a run failed midway without touching the data', async () => {
    h.fake.controls.throttle(1, 1);
    await h.sync();
    expect(h.fake.controls.throttled).toBe(1);
    h.fake.workers.splice(0, 200);
    h.fake.controls.failAfter(1);
    await expect(h.sync()).rejects.toThrow();
    h.fake.controls.failAfter(null);
    expect((await h.get('/api/adp/employees/?limit=1')).count).toBe(349);
    const runs = await h.get(`/api/integrations/runs/?${filter({ connector: 'adp', status: 'failed' })}`);
    expect(runs.count).toBe(1);
    expect(runs.results[0]).toMatchObject({ trigger: 'schedule', rows_read: 100 + 8 });
  });
});
