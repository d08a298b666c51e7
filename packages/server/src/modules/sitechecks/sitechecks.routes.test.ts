import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sqlCounter, type SqlScope } from '../../platform/db';
import { insertUser, type TestUser } from '../../test/factories/users';
import { multipart, SAMPLE_FILES } from '../../test/factories/helpdesk';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';

// The background job is driven by the tests with their own clock.
process.env.SITECHECKS_CRON = 'off';

let t: TestApp;
let admin: TestUser;
let siteA: TestUser;
let siteB: TestUser;
let operation: TestUser;
let employee: TestUser;
let assignee: TestUser;
let siteAId: string;
let siteBId: string;
let siteAName: string;

const base = '/api/sitechecks';
const STEPS = [
  { key: 'fridge', label: 'Fridge temperature', kind: 'NUMBER', unit: '°C', min: 0, max: 5 },
  { key: 'clean', label: 'Bench clean', kind: 'CHECK' },
  { key: 'floor', label: 'Floor', kind: 'CHOICE', choices: ['clean', 'wet', 'dirty'], fail_choices: ['dirty'] },
  { key: 'remarks', label: 'Remarks', kind: 'TEXT', required: false },
  { key: 'photo', label: 'Photo of the bench', kind: 'PHOTO', required: false },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  siteA = await insertUser(t, { userType: 5, firstName: 'Sam', lastName: 'Site' });
  siteB = await insertUser(t, { userType: 5 });
  operation = await insertUser(t, { userType: 4 });
  employee = await insertUser(t, { userType: 6 });
  assignee = await insertUser(t, { userType: 5 });
  const le = await insertLegalEntity(t, admin.token);
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  const a = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  const b = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  siteAId = a.id;
  siteAName = a.name as string;
  siteBId = b.id;
  await allocate(t, siteA.id, { costCentreId: siteAId });
  await allocate(t, assignee.id, { costCentreId: siteAId });
  await allocate(t, siteB.id, { costCentreId: siteBId });
  await allocate(t, operation.id, { clientId: client.id });
}, 120_000);
afterAll(() => t.close());

async function call(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.request({ method, url, token: user?.token, payload: payload as never });
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as JSON in assertions
type Json = Record<string, any>;
async function ok<T = Json>(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, status = method === 'POST' ? 201 : 200): Promise<T> {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}
const newTemplate = (name = `Kitchen opening ${Math.random().toString(36).slice(2, 7)}`, steps: unknown[] = STEPS) =>
  ok(admin, 'POST', `${base}/templates/`, { name, steps });
const adHoc = (user: TestUser, template: string, cost_centre = siteAId) => ok(user, 'POST', `${base}/runs/`, { template, cost_centre });
const answer = (user: TestUser, runId: string, payload: Record<string, unknown>) => call(user, 'POST', `${base}/runs/${runId}/answers/`, payload);
const storedFiles = () => {
  const dir = path.join(t.config.uploadsDir, 'sitechecks');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
};

describe('templates', () => {
  it('create, read, list, change and delete; defaults filled in', async () => {
    const created = await newTemplate('Closing walk', [{ key: 'door', label: 'Back door locked', kind: 'CHECK' }]);
    expect(created).toMatchObject({
      name: 'Closing walk',
      active: true,
      version: 1,
      steps: [{ key: 'door', kind: 'CHECK', required: true, help: '', unit: null, min: null, max: null, choices: [], fail_choices: [] }],
    });
    expect((await ok(admin, 'GET', `${base}/templates/${created.id}/`)).name).toBe('Closing walk');
    const list = await ok(admin, 'GET', `${base}/templates/?search=Closing`);
    expect(list.results.map((r: { id: string }) => r.id)).toContain(created.id);
    const patched = await ok(admin, 'PATCH', `${base}/templates/${created.id}/`, { description: 'Last thing at night', active: false });
    expect(patched).toMatchObject({ description: 'Last thing at night', active: false, version: 1 });
    const put = await ok(admin, 'PUT', `${base}/templates/${created.id}/`, { name: 'Closing', steps: [{ key: 'door', label: 'Door', kind: 'CHECK' }] });
    // No run yet: the steps change in place.
    expect(put).toMatchObject({ name: 'Closing', active: true, version: 1, steps: [{ label: 'Door' }] });
    expect((await call(admin, 'DELETE', `${base}/templates/${created.id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${base}/templates/${created.id}/`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    const cases: [unknown[], string, string][] = [
      [[{ key: 'a', label: 'A', kind: 'CHECK' }, { key: 'b', label: 'B', kind: 'CHECK' }, { key: 'a', label: 'A again', kind: 'CHECK' }], '2', 'key'],
      [[{ key: 't', label: 'T', kind: 'NUMBER', min: 5, max: 1 }], '0', 'min'],
      [[{ key: 't', label: 'T', kind: 'SMELL' }], '0', 'kind'],
      [[{ key: 'c', label: 'C', kind: 'CHOICE', choices: [] }], '0', 'choices'],
      [[{ key: 'c', label: 'C', kind: 'CHOICE', choices: ['a'], fail_choices: ['b'] }], '0', 'fail_choices'],
      [[{ key: 'has space', label: 'C', kind: 'CHECK' }], '0', 'key'],
    ];
    const before = (await ok(admin, 'GET', `${base}/templates/`)).count;
    for (const [steps, index, field] of cases) {
      const response = await call(admin, 'POST', `${base}/templates/`, { name: 'Bad', steps });
      expect(response.statusCode, JSON.stringify(steps)).toBe(400);
      expect(Object.keys(response.json().steps[index]), response.body).toEqual([field]);
    }
    expect((await call(admin, 'POST', `${base}/templates/`, { name: 'No steps', steps: [] })).json()).toHaveProperty('steps');
    expect((await call(admin, 'POST', `${base}/templates/`, { steps: STEPS })).json()).toHaveProperty('name');
    expect((await ok(admin, 'GET', `${base}/templates/`)).count).toBe(before);
  });

  it('new steps on a template with runs make a new version; the run keeps its own', async () => {
    const template = await newTemplate();
    const run = await adHoc(admin, template.id);
    expect(run.template.version).toBe(1);
    const renamed = await ok(admin, 'PATCH', `${base}/templates/${template.id}/`, { name: 'Renamed' });
    expect(renamed.version).toBe(1);
    const changed = await ok(admin, 'PATCH', `${base}/templates/${template.id}/`, { steps: [...STEPS, { key: 'extra', label: 'Extra', kind: 'CHECK' }] });
    expect(changed.version).toBe(2);
    expect(changed.steps).toHaveLength(STEPS.length + 1);
    expect((await ok(admin, 'GET', `${base}/runs/${run.id}/`)).template).toEqual({ id: template.id, name: 'Renamed', version: 1 });
    // The old run answers against version 1: the new step is not one of its steps.
    expect((await answer(admin, run.id, { key: 'extra', value: true })).json()).toHaveProperty('key');
    expect((await adHoc(admin, template.id)).template.version).toBe(2);
    // A template with runs is not deleted.
    expect((await call(admin, 'DELETE', `${base}/templates/${template.id}/`)).statusCode).toBe(409);
  });

  it('needs the template permissions', async () => {
    for (const user of [siteA, operation, employee]) {
      expect((await call(user, 'GET', `${base}/templates/`)).statusCode).toBe(403);
      expect((await call(user, 'POST', `${base}/templates/`, { name: 'x', steps: STEPS })).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', `${base}/templates/`)).statusCode).toBe(401);
  });
});

describe('schedules and the runs kept ahead', () => {
  it('validates the rule, zone, template, site and assignees', async () => {
    const template = await newTemplate();
    const good = { template: template.id, cost_centre: siteAId, rrule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0' };
    const bad: [Record<string, unknown>, string][] = [
      [{ rrule: 'FREQ=SOMETIMES' }, 'rrule'],
      [{ rrule: 'not a rule' }, 'rrule'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ window_minutes: 0 }, 'window_minutes'],
      [{ template: siteAId }, 'template'],
      [{ cost_centre: template.id }, 'cost_centre'],
      [{ assignees: [template.id] }, 'assignees'],
    ];
    for (const [change, field] of bad) {
      const response = await call(admin, 'POST', `${base}/schedules/`, { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
    }
    expect((await ok(admin, 'GET', `${base}/schedules/?filters=${encodeURIComponent(JSON.stringify({ template: template.id }))}`)).count).toBe(0);
    for (const user of [siteA, employee]) expect((await call(user, 'POST', `${base}/schedules/`, good)).statusCode).toBe(403);
  });

  it("saving a schedule creates its runs of the next 24 hours in the same write; the job adds none twice", async () => {
    const template = await newTemplate();
    const schedule = await ok(admin, 'POST', `${base}/schedules/`, {
      template: template.id,
      cost_centre: siteAId,
      rrule: 'FREQ=HOURLY;BYMINUTE=0',
      timezone: 'Europe/Berlin',
      window_minutes: 30,
      assignees: [assignee.id],
    });
    expect(schedule).toMatchObject({ timezone: 'Europe/Berlin', window_minutes: 30, assignees: [assignee.id], active: true });
    const filter = (extra: Record<string, unknown> = {}) =>
      `${base}/runs/?limit=1000&filters=${encodeURIComponent(JSON.stringify({ schedule: schedule.id, ...extra }))}`;
    const first = await ok(admin, 'GET', filter());
    const now = Date.now();
    // Every hour of the next 24 (and the one open now), none beyond 25 hours.
    expect(first.count).toBeGreaterThanOrEqual(24);
    expect(first.results.every((r: { due_at: string }) => Date.parse(r.due_at) <= now + 25 * 3600_000)).toBe(true);
    expect(first.results.every((r: { due_at: string; closes_at: string }) => Date.parse(r.closes_at) - Date.parse(r.due_at) === 30 * 60_000)).toBe(true);
    expect(first.results.filter((r: { due_at: string }) => Date.parse(r.due_at) > now + 24 * 3600_000).length).toBeLessThanOrEqual(1);
    // The job twice, and two instances at once: nothing new.
    await t.app.siteChecks.extendRuns(new Date());
    await Promise.all([t.app.siteChecks.extendRuns(new Date()), t.app.siteChecks.extendRuns(new Date())]);
    expect((await ok(admin, 'GET', filter())).count).toBe(first.count);
    // Two hours later, the job extends the schedule by about two hours, each instant once.
    const later = new Date(now + 2 * 3600_000);
    await t.app.siteChecks.extendRuns(later);
    await t.app.siteChecks.extendRuns(later);
    const extended = await ok(admin, 'GET', filter());
    const dues = extended.results.map((r: { due_at: string }) => r.due_at);
    expect(new Set(dues).size).toBe(dues.length);
    expect(extended.count).toBeGreaterThanOrEqual(first.count + 1);
    expect(extended.count).toBeLessThanOrEqual(first.count + 3);
  });

  it("the job's minute reads no schedule within the hour after its own pass, and extends them the minute after", async () => {
    const template = await newTemplate();
    const schedule = await ok(admin, 'POST', `${base}/schedules/`, { template: template.id, cost_centre: siteAId, rrule: 'FREQ=HOURLY;BYMINUTE=0', window_minutes: 30 });
    const minute = async (at: Date) => {
      const scope: SqlScope = { statements: 0 };
      const result = await sqlCounter.run(scope, () => t.app.siteChecks.extendRunsWhenDue(at));
      return { ...result, statements: scope.statements };
    };
    const start = new Date();
    const first = await minute(start);
    expect(first.skipped).toBe(false);
    expect(first.statements).toBeGreaterThan(0);
    // Every mark that pass left (and the save's, now + 25 h) reaches 24 hours past the next 59 minutes.
    expect(await minute(new Date(start.getTime() + 59 * 60_000))).toEqual({ schedules: 0, runs: 0, skipped: true, statements: 0 });
    const later = await minute(new Date(start.getTime() + 62 * 60_000));
    expect(later.skipped).toBe(false);
    expect(later.schedules).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.query<{ generated_until: string }>('select generated_until from sitechecks_schedule where id = $1', [schedule.id]);
    expect(new Date(row!.generated_until).getTime()).toBe(start.getTime() + 62 * 60_000 + 25 * 3600_000);
  });

  it('a changed schedule takes back its unstarted runs and makes those of the new rule; a deleted one keeps its past runs', async () => {
    const template = await newTemplate();
    const schedule = await ok(admin, 'POST', `${base}/schedules/`, { template: template.id, cost_centre: siteAId, rrule: 'FREQ=HOURLY;BYMINUTE=0', timezone: 'UTC' });
    const url = `${base}/runs/?limit=1000&filters=${encodeURIComponent(JSON.stringify({ schedule: schedule.id }))}`;
    const patched = await ok(admin, 'PATCH', `${base}/schedules/${schedule.id}/`, { rrule: 'FREQ=DAILY;BYHOUR=12;BYMINUTE=0' });
    expect(patched.rrule).toBe('FREQ=DAILY;BYHOUR=12;BYMINUTE=0');
    const runs = (await ok(admin, 'GET', url)).results as { due_at: string; status: string }[];
    const future = runs.filter((r) => Date.parse(r.due_at) > Date.now());
    expect(future.every((r) => r.due_at.endsWith('T12:00:00.000Z'))).toBe(true);
    expect(future.length).toBeGreaterThanOrEqual(1);
    // Paused: no run ahead.
    await ok(admin, 'PATCH', `${base}/schedules/${schedule.id}/`, { active: false });
    expect((await ok(admin, 'GET', url)).results.filter((r: { due_at: string }) => Date.parse(r.due_at) > Date.now())).toEqual([]);
    expect((await call(admin, 'DELETE', `${base}/schedules/${schedule.id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${base}/schedules/${schedule.id}/`)).statusCode).toBe(404);
  });

  it('defaults the time zone to the app time zone', async () => {
    const template = await newTemplate();
    const schedule = await ok(admin, 'POST', `${base}/schedules/`, { template: template.id, cost_centre: siteBId, rrule: 'FREQ=WEEKLY;BYDAY=MO;BYHOUR=6' });
    expect(schedule.timezone).toBe(process.env.DEFAULT_TIMEZONE || 'Australia/Sydney');
    expect(schedule.window_minutes).toBe(120);
  });
});

describe('runs: scope, answers, completion and consequences', () => {
  it("a site user sees only their allocated sites' runs: list, detail, filters and exports", async () => {
    const template = await newTemplate();
    const runA = await adHoc(admin, template.id, siteAId);
    const runB = await adHoc(admin, template.id, siteBId);
    const filter = encodeURIComponent(JSON.stringify({ template: template.id }));
    const ids = async (user: TestUser, query = '') =>
      (await ok(user, 'GET', `${base}/runs/?filters=${filter}${query}`)).results.map((r: { id: string }) => r.id);
    expect(await ids(siteA)).toEqual([runA.id]);
    expect(await ids(siteB)).toEqual([runB.id]);
    expect((await ids(admin)).sort()).toEqual([runA.id, runB.id].sort());
    // Operation user allocated the client: both sites.
    expect((await ids(operation)).sort()).toEqual([runA.id, runB.id].sort());
    const byOtherSite = encodeURIComponent(JSON.stringify({ cost_centre: siteAId, template: template.id }));
    expect((await ok(siteB, 'GET', `${base}/runs/?filters=${byOtherSite}`)).count).toBe(0);
    expect((await call(siteB, 'GET', `${base}/runs/${runA.id}/`)).statusCode).toBe(404);
    expect((await answer(siteB, runA.id, { key: 'clean', value: true })).statusCode).toBe(404);
    expect((await call(siteB, 'POST', `${base}/runs/${runA.id}/complete/`)).statusCode).toBe(404);
    const csv = await call(siteB, 'GET', `${base}/runs/?format=csv&filters=${filter}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(runB.id);
    expect(csv.body).not.toContain(runA.id);
    expect(csv.body).not.toContain(siteAName);
    const xlsx = await call(siteB, 'GET', `${base}/runs/?format=xlsx&filters=${filter}`);
    expect(xlsx.statusCode).toBe(200);
    // Site users may not start a run at a site outside their allocation (nor at all: POST needs add).
    expect((await call(siteA, 'POST', `${base}/runs/`, { template: template.id, cost_centre: siteAId })).statusCode).toBe(403);
  });

  it("Today compares a site user's runs with their allocated sites resolved first, and reads the day's open runs in page order for an admin (migration 0032)", async () => {
    const template = await newTemplate();
    await adHoc(admin, template.id, siteAId);
    await adHoc(admin, template.id, siteBId);
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    // The web app's Today request (features/sitechecks/sitechecks.queries.ts, todayRunsQuery).
    const filters = JSON.stringify({ status__in: ['DUE', 'IN_PROGRESS'], due_at__gte: day.toISOString(), due_at__lt: new Date(day.getTime() + 86_400_000).toISOString() });
    const today = `${base}/runs/?${new URLSearchParams({ filters, ordering: 'due_at', limit: '500' })}`;
    /** The scans of sitechecks_run in each statement of the request that reads open runs, with index paths only (the tables are tiny). */
    const runIndexScans = async (user: TestUser) => {
      const response = await t.request({ method: 'GET', url: today, token: user.token, headers: { 'x-debug-sql': '1' } });
      expect(response.statusCode, response.body).toBe(200);
      const statements = JSON.parse(Buffer.from(String(response.headers['x-debug-sql']), 'base64').toString('utf8')) as { sql: string; params: unknown[] }[];
      const off = ['enable_seqscan', 'enable_bitmapscan'];
      const scans: { index: string; cond: string }[] = [];
      for (const statement of statements.filter((s) => /from "sitechecks_run"/.test(s.sql) && /"status" in/.test(s.sql))) {
        const explain = `explain (format json) ${statement.sql}`;
        let plan: unknown;
        if (t.database.pool) {
          const client = await t.database.pool.connect();
          try {
            for (const setting of off) await client.query(`set ${setting} = off`);
            plan = (await client.query(explain, statement.params)).rows[0]['QUERY PLAN'];
          } finally {
            for (const setting of off) await client.query(`reset ${setting}`);
            client.release();
          }
        } else {
          const pglite = t.database.pglite!;
          for (const setting of off) await pglite.exec(`set ${setting} = off`);
          try {
            plan = (await pglite.query<{ 'QUERY PLAN': unknown }>(explain, statement.params)).rows[0]!['QUERY PLAN'];
          } finally {
            for (const setting of off) await pglite.exec(`reset ${setting}`);
          }
        }
        const walk = (node: Record<string, unknown>) => {
          if (node['Relation Name'] === 'sitechecks_run')
            scans.push({ index: String(node['Index Name'] ?? ''), cond: `${String(node['Index Cond'] ?? '')} ${String(node.Filter ?? '')}` });
          for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
        };
        walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[])[0]!.Plan);
      }
      return scans;
    };
    const site = await runIndexScans(siteA);
    expect(site.length).toBeGreaterThan(0);
    // The allocated cost centres resolved first into an array the runs' scan compares with (not a
    // join with the cost centres, whose size the planner cannot see), on one of the open runs' indexes.
    for (const scan of site) {
      // `$5` on PostgreSQL 15, `(InitPlan 2).col1` on 17 (PGlite).
      expect(scan.cond).toMatch(/cost_centre_id = ANY \((\$\d+|\(InitPlan \d+\)\.col1)\)/);
      expect(['sitechecks_run_open_site_due_idx', 'sitechecks_run_open_due_idx']).toContain(scan.index);
    }
    const everyone = await runIndexScans(admin);
    expect(everyone.length).toBeGreaterThan(0);
    for (const scan of everyone) expect(scan.index).toBe('sitechecks_run_open_due_idx');
  });

  it('refuses callers without the run permissions', async () => {
    const template = await newTemplate();
    const run = await adHoc(admin, template.id);
    expect((await call(employee, 'GET', `${base}/runs/`)).statusCode).toBe(403);
    expect((await call(employee, 'GET', `${base}/runs/${run.id}/`)).statusCode).toBe(403);
    expect((await answer(employee, run.id, { key: 'clean', value: true })).statusCode).toBe(403);
    expect((await call(employee, 'POST', `${base}/runs/${run.id}/complete/`)).statusCode).toBe(403);
    expect((await call(employee, 'GET', `${base}/compliance/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/runs/`)).statusCode).toBe(401);
  });

  it('answers one step at a time, replaces an earlier answer, and checks each value', async () => {
    const template = await newTemplate();
    const run = await adHoc(admin, template.id);
    expect(run.status).toBe('DUE');
    const first = await answer(siteA, run.id, { key: 'fridge', value: 9, note: 'door was open' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('IN_PROGRESS');
    expect(first.json().answers).toEqual([
      expect.objectContaining({ key: 'fridge', value: 9, ok: false, note: 'door was open', photo: null, answered_by: { id: siteA.id, full_name: 'Sam Site' } }),
    ]);
    const replaced = await answer(siteA, run.id, { key: 'fridge', value: 3 });
    expect(replaced.json().answers).toEqual([expect.objectContaining({ key: 'fridge', value: 3, ok: true, note: '' })]);
    const bad: [Record<string, unknown>, string][] = [
      [{ key: 'nope', value: true }, 'key'],
      [{ key: 'fridge', value: 'cold' }, 'value'],
      [{ key: 'clean', value: 'maybe' }, 'value'],
      [{ key: 'floor', value: 'sticky' }, 'value'],
      [{ key: 'remarks', value: '   ' }, 'value'],
      [{ key: 'photo' }, 'file'],
      [{ value: true }, 'key'],
    ];
    for (const [payload, field] of bad) {
      const response = await answer(siteA, run.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json()), response.body).toEqual([field]);
    }
    expect((await ok(siteA, 'GET', `${base}/runs/${run.id}/`)).answers).toHaveLength(1);
  });

  it('takes a photo as a checked multipart upload; a refused upload leaves no file', async () => {
    const template = await newTemplate();
    const run = await adHoc(admin, template.id);
    const before = storedFiles().length;
    const exe = multipart({ key: 'photo' }, [{ field: 'file', filename: 'bench.png', content: SAMPLE_FILES.exe() }]);
    const refused = await t.request({ method: 'POST', url: `${base}/runs/${run.id}/answers/`, token: siteA.token, payload: exe.payload, headers: exe.headers });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['file']);
    // An image for a step that takes none is refused too, and nothing stays in storage.
    const wrongStep = multipart({ key: 'clean', value: 'true' }, [{ field: 'file', filename: 'bench.png', content: SAMPLE_FILES.png() }]);
    const wrong = await t.request({ method: 'POST', url: `${base}/runs/${run.id}/answers/`, token: siteA.token, payload: wrongStep.payload, headers: wrongStep.headers });
    expect(wrong.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before);
    const png = multipart({ key: 'photo', note: 'after wiping' }, [{ field: 'file', filename: 'bench.png', content: SAMPLE_FILES.png() }]);
    const taken = await t.request({ method: 'POST', url: `${base}/runs/${run.id}/answers/`, token: siteA.token, payload: png.payload, headers: png.headers });
    expect(taken.statusCode, taken.body).toBe(200);
    const photo = taken.json().answers.find((a: { key: string }) => a.key === 'photo');
    expect(photo).toMatchObject({ ok: true, note: 'after wiping', value: null });
    expect(photo.photo).toMatch(/^[0-9a-f-]{36}$/);
    expect(storedFiles().length).toBe(before + 1);
    // A new photo replaces the old one, file included.
    const again = multipart({ key: 'photo' }, [{ field: 'file', filename: 'bench2.jpg', content: SAMPLE_FILES.jpeg() }]);
    const second = await t.request({ method: 'POST', url: `${base}/runs/${run.id}/answers/`, token: siteA.token, payload: again.payload, headers: again.headers });
    expect(second.statusCode, second.body).toBe(200);
    expect(storedFiles().length).toBe(before + 1);
    // Multipart text values are read as the step takes them.
    const check = multipart({ key: 'clean', value: 'true' });
    const checked = await t.request({ method: 'POST', url: `${base}/runs/${run.id}/answers/`, token: siteA.token, payload: check.payload, headers: check.headers });
    expect(checked.json().answers.find((a: { key: string }) => a.key === 'clean')).toMatchObject({ value: true, ok: true });
  });

  it('a repeated idempotency key is answered with the run as it is and writes nothing again, sent twice or at once', async () => {
    const template = await newTemplate();
    const run = await adHoc(admin, template.id);
    const k1 = crypto.randomUUID();
    const first = await answer(siteA, run.id, { key: 'fridge', value: 9, idempotency_key: k1 });
    expect(first.statusCode, first.body).toBe(200);
    const firstAt = first.json().answers[0].answered_at;
    // A newer answer to the step, then the first one again (its response was lost): the newer one stays.
    expect((await answer(siteA, run.id, { key: 'fridge', value: 3, idempotency_key: crypto.randomUUID() })).statusCode).toBe(200);
    const resent = await answer(siteA, run.id, { key: 'fridge', value: 9, idempotency_key: k1 });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().answers).toEqual([expect.objectContaining({ key: 'fridge', value: 3, ok: true })]);
    expect(resent.json().answers[0].answered_at).not.toBe(firstAt);

    // A photo sent twice at once: one stored file, one answer, both requests answered alike.
    const before = storedFiles().length;
    const k2 = crypto.randomUUID();
    const send = () => {
      const png = multipart({ key: 'photo', idempotency_key: k2 }, [{ field: 'file', filename: 'bench.png', content: SAMPLE_FILES.png() }]);
      return t.request({ method: 'POST', url: `${base}/runs/${run.id}/answers/`, token: siteA.token, payload: png.payload, headers: png.headers });
    };
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    const photoOf = (body: Json) => body.answers.find((x: { key: string }) => x.key === 'photo');
    expect(photoOf(a.json()).photo).toBe(photoOf(b.json()).photo);
    expect(storedFiles().length).toBe(before + 1);
    // Once more in sequence: still the one file.
    const third = await send();
    expect(photoOf(third.json()).photo).toBe(photoOf(a.json()).photo);
    expect(storedFiles().length).toBe(before + 1);

    // A resend after the run was completed gets the closed run, not a refusal.
    await ok(siteA, 'POST', `${base}/runs/${run.id}/answers/`, { key: 'clean', value: true }, 200);
    await ok(siteA, 'POST', `${base}/runs/${run.id}/answers/`, { key: 'floor', value: 'clean' }, 200);
    expect((await ok(siteA, 'POST', `${base}/runs/${run.id}/complete/`, undefined, 200)).status).toBe('DONE');
    const late = await answer(siteA, run.id, { key: 'fridge', value: 9, idempotency_key: k1 });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ status: 'DONE', answers: expect.arrayContaining([expect.objectContaining({ key: 'fridge', value: 3 })]) });
    // A new key on the closed run is still refused; a key that is not a UUID is a 400 naming it.
    expect((await answer(siteA, run.id, { key: 'fridge', value: 9, idempotency_key: crypto.randomUUID() })).statusCode).toBe(400);
    const other = await adHoc(admin, template.id);
    const malformed = await answer(siteA, other.id, { key: 'fridge', value: 2, idempotency_key: 'again' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['idempotency_key']);
    expect((await ok(siteA, 'GET', `${base}/runs/${other.id}/`)).answers).toEqual([]);
    // Another run may use the same key: keys are unique per run.
    expect((await answer(siteA, other.id, { key: 'fridge', value: 2, idempotency_key: k1 })).json().answers).toHaveLength(1);
  });

  it('completes as DONE, naming every required step still unanswered; a closed run is read-only', async () => {
    const template = await newTemplate();
    const run = await adHoc(admin, template.id);
    await answer(siteA, run.id, { key: 'clean', value: true });
    const missing = await call(siteA, 'POST', `${base}/runs/${run.id}/complete/`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().answers).toHaveLength(2);
    expect(missing.json().answers.join(' ')).toContain('(fridge)');
    expect(missing.json().answers.join(' ')).toContain('(floor)');
    expect((await ok(siteA, 'GET', `${base}/runs/${run.id}/`)).status).toBe('IN_PROGRESS');
    await answer(siteA, run.id, { key: 'fridge', value: 4 });
    await answer(siteA, run.id, { key: 'floor', value: 'wet' });
    const done = await ok(siteA, 'POST', `${base}/runs/${run.id}/complete/`, undefined, 200);
    expect(done).toMatchObject({ status: 'DONE', failed_steps: [], ticket: null, completed_by: { id: siteA.id } });
    expect(done.completed_at).toBeTruthy();
    const late = await answer(siteA, run.id, { key: 'fridge', value: 2 });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toHaveProperty('status');
    expect((await call(siteA, 'POST', `${base}/runs/${run.id}/complete/`)).statusCode).toBe(400);
  });

  it('a failed run raises a HIGH issue ticket at the site, linked in the run, and notifies its people', async () => {
    const template = await newTemplate('Fridge log');
    const schedule = await ok(admin, 'POST', `${base}/schedules/`, {
      template: template.id,
      cost_centre: siteAId,
      rrule: 'FREQ=HOURLY;BYMINUTE=0',
      window_minutes: 90,
      assignees: [assignee.id],
    });
    const runs = await ok(admin, 'GET', `${base}/runs/?filters=${encodeURIComponent(JSON.stringify({ schedule: schedule.id }))}`);
    const run = runs.results[0];
    await answer(siteA, run.id, { key: 'fridge', value: 8.5 });
    await answer(siteA, run.id, { key: 'clean', value: false });
    await answer(siteA, run.id, { key: 'floor', value: 'clean' });
    const failed = await ok(siteA, 'POST', `${base}/runs/${run.id}/complete/`, undefined, 200);
    expect(failed).toMatchObject({ status: 'FAILED', failed_steps: ['fridge', 'clean'] });
    expect(failed.ticket).toMatch(/^[0-9a-f-]{36}$/);
    const ticket = await ok(admin, 'GET', `/api/helpdesk/tickets/${failed.ticket}/`);
    expect(ticket).toMatchObject({ title: `Failed check: Fridge log at ${siteAName}`, ticket_type: 'ISSUE', priority: 'HIGH' });
    expect(ticket.cost_centre?.id ?? ticket.cost_centre).toBe(siteAId);
    const body = JSON.stringify(ticket.ticket_content);
    expect(body).toContain('Fridge temperature (fridge): 8.5 °C');
    expect(body).toContain('Bench clean (clean): no');
    expect(body).not.toContain('(floor)');
    // The requester (the person who completed the run) sees their ticket.
    expect((await call(siteA, 'GET', `/api/helpdesk/my-tickets/${failed.ticket}/`)).statusCode).toBe(200);
    const notes = await ok(assignee, 'GET', '/api/notifications/');
    expect(notes.results.map((n: { verb: string }) => n.verb)).toContain('failed a site check');
  });

  it('a run past its window becomes MISSED in the job, once, and its people are notified', async () => {
    const template = await newTemplate('Cooling log');
    const run = await adHoc(admin, template.id);
    const closes = Date.parse(run.closes_at);
    // (Runs of the schedules above that close earlier are missed first.)
    await t.app.siteChecks.missRuns(new Date(closes - 1000));
    expect((await ok(siteA, 'GET', `${base}/runs/${run.id}/`)).status).toBe('DUE');
    expect(await t.app.siteChecks.missRuns(new Date(closes + 1000))).toBeGreaterThanOrEqual(1);
    expect(await t.app.siteChecks.missRuns(new Date(closes + 2000))).toBe(0);
    expect((await ok(siteA, 'GET', `${base}/runs/${run.id}/`)).status).toBe('MISSED');
    expect((await answer(siteA, run.id, { key: 'clean', value: true })).statusCode).toBe(400);
    // Allocated staff holding change on runs hear of it.
    const notes = await ok(siteA, 'GET', '/api/notifications/');
    expect(notes.results.some((n: { verb: string; description: string }) => n.verb === 'was missed' && n.description.includes('Cooling log'))).toBe(true);
    const others = await ok(siteB, 'GET', '/api/notifications/');
    expect(others.results.some((n: { description: string }) => n.description.includes('Cooling log'))).toBe(false);
  });
});

describe('compliance', () => {
  it('counts due, done, failed and missed per site in the caller scope, with the rate', async () => {
    const template = await newTemplate('Compliance walk', [{ key: 'ok', label: 'OK', kind: 'CHECK' }]);
    const runAt = async (site: string, outcome: boolean | null) => {
      const run = await adHoc(admin, template.id, site);
      if (outcome !== null) {
        await answer(admin, run.id, { key: 'ok', value: outcome });
        await ok(admin, 'POST', `${base}/runs/${run.id}/complete/`, undefined, 200);
      }
      return run;
    };
    const before = await ok(admin, 'GET', `${base}/compliance/`);
    type Row = { cost_centre: { id: string }; due: number; done: number; failed: number; missed: number; rate: number | null };
    const rowOf = (answer: Json, id: string) => (answer.results as Row[]).find((r) => r.cost_centre.id === id);
    const base0 = rowOf(before, siteBId) ?? { due: 0, done: 0, failed: 0, missed: 0, rate: null };
    await runAt(siteBId, true);
    await runAt(siteBId, true);
    await runAt(siteBId, false);
    await runAt(siteBId, null);
    await runAt(siteAId, true);
    const after = await ok(admin, 'GET', `${base}/compliance/`);
    const row = rowOf(after, siteBId)!;
    expect(row.due - base0.due).toBe(4);
    expect(row.done - base0.done).toBe(2);
    expect(row.failed - base0.failed).toBe(1);
    expect(row.rate).toBeCloseTo(row.done / (row.done + row.failed + row.missed), 4);
    // A site user of A sees only site A.
    const scoped = await ok(siteA, 'GET', `${base}/compliance/`);
    expect(scoped.results.map((r: { cost_centre: { id: string } }) => r.cost_centre.id)).toEqual([siteAId]);
    // Outside the period: nothing.
    expect((await ok(admin, 'GET', `${base}/compliance/?from=2020-01-01&to=2020-01-31`)).results).toEqual([]);
    const reversed = await call(admin, 'GET', `${base}/compliance/?from=2026-02-01&to=2026-01-01`);
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json())).toEqual(['to']);
    expect(Object.keys((await call(admin, 'GET', `${base}/compliance/?from=yesterday`)).json())).toEqual(['from']);
  });
});
