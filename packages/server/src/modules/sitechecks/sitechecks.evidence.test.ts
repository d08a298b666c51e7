import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { multipart } from '../../test/factories/helpdesk';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { rowsPerElement } from '../../list-query/csv-export';

// The background job is driven by the tests (or not at all).
process.env.SITECHECKS_CRON = 'off';

let t: TestApp;
let admin: TestUser;
let siteA: TestUser;
let siteB: TestUser;
let employee: TestUser;
let clientId: string;
let legalEntityId: string;
let siteAId: string;
let siteBId: string;
let siteAName: string;

const base = '/api/sitechecks';

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  siteA = await insertUser(t, { userType: 5, firstName: 'Sam', lastName: 'Site' });
  siteB = await insertUser(t, { userType: 5, firstName: 'Bea', lastName: 'Other' });
  employee = await insertUser(t, { userType: 6 });
  const le = await insertLegalEntity(t, admin.token);
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  clientId = client.id;
  legalEntityId = le.id;
  const a = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  const b = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  siteAId = a.id;
  siteAName = a.name as string;
  siteBId = b.id;
  await allocate(t, siteA.id, { costCentreId: siteAId });
  await allocate(t, siteB.id, { costCentreId: siteBId });
}, 120_000);
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as JSON in assertions
type Json = Record<string, any>;
const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.request({ method, url, token: user?.token, payload: payload as never });
async function ok<T = Json>(user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown, status = method === 'POST' ? 201 : 200): Promise<T> {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}
const tag = () => Math.random().toString(36).slice(2, 7);
const newTemplate = (name: string, steps: unknown[]) => ok(admin, 'POST', `${base}/templates/`, { name, steps });
const adHoc = (template: string, cost_centre: string) => ok(admin, 'POST', `${base}/runs/`, { template, cost_centre });
const answer = async (user: TestUser, runId: string, payload: Record<string, unknown>) => {
  const response = await call(user, 'POST', `${base}/runs/${runId}/answers/`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json;
};
async function upload(user: TestUser, runId: string, key: string, filename: string, content: Buffer, note?: string) {
  const body = multipart({ key, ...(note ? { note } : {}) }, [{ field: 'file', filename, content }]);
  const response = await t.request({ method: 'POST', url: `${base}/runs/${runId}/answers/`, token: user.token, payload: body.payload, headers: body.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json;
}

/** A real PNG (pngjs), so the PDF can draw it. */
function png(width = 8, height = 6): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([200, 30, 30, 255], i);
  return PNG.sync.write(image, { colorType: 2 });
}
/** A JPEG with just its start, frame header (1 x 1, three channels) and end: enough for a PDF to carry as DCT data. */
const jpeg = () =>
  Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x01, 0x00, 0x01, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);

/**
 * The text a PDF shows, as far as these tests need it: every content stream inflated, and each
 * TJ/Tj string (pdfkit writes standard-font text as hex, WinAnsi) decoded; lines joined by newlines.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('') : op[2]!;
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
const imageCount = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/Subtype \/Image/g)].length;

describe('the PDF report per site and period', () => {
  let templateName: string;
  let failedRun: Json;
  let photoId: string;

  beforeAll(async () => {
    templateName = `Evidence walk ${tag()}`;
    const template = await newTemplate(templateName, [
      { key: 'fridge', label: 'Fridge temperature', kind: 'NUMBER', unit: '°C', min: 0, max: 5 },
      { key: 'clean', label: 'Bench clean', kind: 'CHECK' },
      { key: 'photo', label: 'Photo of the bench', kind: 'PHOTO', required: false },
      { key: 'sign', label: 'Supervisor signature', kind: 'SIGNATURE', required: false },
      { key: 'remarks', label: 'Remarks', kind: 'TEXT', required: false },
    ]);
    failedRun = await adHoc(template.id, siteAId);
    await answer(siteA, failedRun.id, { key: 'fridge', value: 9, note: 'door was ajar' });
    await answer(siteA, failedRun.id, { key: 'clean', value: true });
    const withPhoto = await upload(siteA, failedRun.id, 'photo', 'bench.png', png(), 'after wiping');
    photoId = withPhoto.answers.find((a: Json) => a.key === 'photo').photo;
    await upload(siteA, failedRun.id, 'sign', 'sign.jpg', jpeg());
    failedRun = await ok(siteA, 'POST', `${base}/runs/${failedRun.id}/complete/`, undefined, 200);
    expect(failedRun.status).toBe('FAILED');
    // A run nobody started, and a run at another site with an answer of its own.
    await adHoc(template.id, siteAId);
    const elsewhere = await adHoc(template.id, siteBId);
    await answer(siteB, elsewhere.id, { key: 'remarks', value: 'Only at site B' });
  });

  const reportUrl = (id: string, query = '') => `/api/operations/cost-centres/${id}/sitechecks-report/${query}`;

  it('answers a streamed PDF naming every run, answer, person and time, with the photos drawn in', async () => {
    const response = await call(siteA, 'GET', reportUrl(siteAId));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="sitechecks-.*\.pdf"$/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(pdf);
    expect(text).toContain(`Site checks: ${siteAName}`);
    expect(text).toContain(templateName);
    expect(text).toContain('Status: FAILED');
    expect(text).toContain('Status: DUE');
    expect(text).toContain('Not completed');
    expect(text).toContain('Fridge temperature (fridge): 9 °C (expected 0 to 5) - FAILED');
    expect(text).toContain('Bench clean (clean): yes - OK');
    expect(text).toContain('Photo of the bench (photo): photo taken - OK');
    expect(text).toContain('Supervisor signature (sign): signed - OK');
    expect(text).toContain('Remarks (remarks): no answer');
    expect(text).toContain('Note: door was ajar');
    expect(text).toContain('Note: after wiping');
    expect(text).toContain('Answered by Sam Site at ');
    expect(text).toContain('Completed by Sam Site at ');
    expect(text).toContain('Failed steps: fridge');
    expect(text).toMatch(/Ticket #\d+ raised/);
    expect(text).toMatch(/Due \d{4}-\d{2}-\d{2} \d{2}:\d{2} /);
    // The other site's run and answer are not in this site's report.
    expect(text).not.toContain('Only at site B');
    // The PNG and the JPEG are embedded as image XObjects (the JPEG as its own DCT data).
    expect(imageCount(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toContain('/DCTDecode');
  });

  it('is scoped to the caller allocation (404), needs read on runs (403) and a sign-in (401)', async () => {
    expect((await call(siteB, 'GET', reportUrl(siteAId))).statusCode).toBe(404);
    expect((await call(siteB, 'GET', reportUrl(siteBId))).statusCode).toBe(200);
    expect((await call(admin, 'GET', reportUrl('01900000-0000-7000-8000-000000000000'))).statusCode).toBe(404);
    expect((await call(admin, 'GET', reportUrl('nope'))).statusCode).toBe(404);
    expect((await call(employee, 'GET', reportUrl(siteAId))).statusCode).toBe(403);
    expect((await call(null, 'GET', reportUrl(siteAId))).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad period, and an empty period says so', async () => {
    const fields = async (query: string) => {
      const response = await call(admin, 'GET', reportUrl(siteAId, query));
      expect(response.statusCode, query).toBe(400);
      return Object.keys(response.json());
    };
    expect(await fields('?from=yesterday')).toEqual(['from']);
    expect(await fields('?to=2026-02-30')).toEqual(['to']);
    expect(await fields('?from=2026-02-01&to=2026-01-01')).toEqual(['to']);
    expect(await fields('?from=2024-01-01&to=2025-12-31')).toEqual(['to']);
    const empty = await call(admin, 'GET', reportUrl(siteAId, '?from=2020-01-01&to=2020-01-31'));
    expect(empty.statusCode).toBe(200);
    const text = pdfText(empty.rawPayload);
    expect(text).toContain('No run was due at this site in the period.');
    expect(text).not.toContain(templateName);
  });

  it("serves a run's photo to whoever reads the run, and no one else", async () => {
    const url = `${base}/runs/${failedRun.id}/photos/${photoId}/`;
    const response = await call(siteA, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(PNG.sync.read(response.rawPayload).width).toBe(8);
    expect((await call(admin, 'GET', url)).statusCode).toBe(200);
    expect((await call(siteB, 'GET', url)).statusCode).toBe(404);
    expect((await call(employee, 'GET', url)).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    // An id that is not a photo of this run.
    expect((await call(admin, 'GET', `${base}/runs/${failedRun.id}/photos/${failedRun.id}/`)).statusCode).toBe(404);
    const other = (await ok(admin, 'GET', `${base}/runs/?filters=${encodeURIComponent(JSON.stringify({ cost_centre: siteBId }))}`)).results[0];
    expect((await call(admin, 'GET', `${base}/runs/${other.id}/photos/${photoId}/`)).statusCode).toBe(404);
  });
});

describe('runs exported one row per answer', () => {
  it('rowsPerElement: one row per element, one for an empty list, the rest repeated', () => {
    const rows = rowsPerElement('answers', [
      { id: 'r1', answers: [{ key: 'a' }, { key: 'b' }] },
      { id: 'r2', answers: [] },
      { id: 'r3' },
    ]);
    expect(rows).toEqual([
      { id: 'r1', answers: { key: 'a' } },
      { id: 'r1', answers: { key: 'b' } },
      { id: 'r2', answers: null },
      { id: 'r3', answers: null },
    ]);
  });

  it('CSV and XLSX: the run repeated on each of its answers; a run without answers is one row', async () => {
    const template = await newTemplate(`Export walk ${tag()}`, [
      { key: 'fridge', label: 'Fridge', kind: 'NUMBER', min: 0, max: 5 },
      { key: 'clean', label: 'Clean', kind: 'CHECK' },
      { key: 'remarks', label: 'Remarks', kind: 'TEXT', required: false },
    ]);
    const answered = await adHoc(template.id, siteAId);
    await answer(siteA, answered.id, { key: 'fridge', value: 7, note: 'warm' });
    await answer(siteA, answered.id, { key: 'clean', value: true });
    await answer(siteA, answered.id, { key: 'remarks', value: '=cmd()' });
    const blank = await adHoc(template.id, siteAId);
    const filter = encodeURIComponent(JSON.stringify({ template: template.id }));
    const csv = await call(siteA, 'GET', `${base}/runs/?format=csv&ordering=due_at&filters=${filter}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    const header = lines[0]!.split(',');
    for (const column of ['id', 'status', 'answers.key', 'answers.value', 'answers.ok', 'answers.note', 'answers.answered_by.full_name', 'answers.answered_at'])
      expect(header).toContain(column);
    const rows = lines.slice(1).map((line) => line.split(','));
    const col = (name: string) => header.indexOf(name);
    expect(rows).toHaveLength(4);
    const ofAnswered = rows.filter((r) => r[col('id')] === answered.id);
    expect(ofAnswered.map((r) => r[col('answers.key')]).sort()).toEqual(['clean', 'fridge', 'remarks']);
    const fridge = ofAnswered.find((r) => r[col('answers.key')] === 'fridge')!;
    expect([fridge[col('answers.value')], fridge[col('answers.ok')], fridge[col('answers.note')], fridge[col('answers.answered_by.full_name')]]).toEqual(['7', 'false', 'warm', 'Sam Site']);
    expect(fridge[col('template.name')]).toBe(template.name);
    // Formula-like answers are defused as in every export.
    expect(ofAnswered.find((r) => r[col('answers.key')] === 'remarks')![col('answers.value')]).toBe("'=cmd()");
    const ofBlank = rows.filter((r) => r[col('id')] === blank.id);
    expect(ofBlank).toHaveLength(1);
    expect(ofBlank[0]![col('answers.key')]).toBe('');
    // Without the answers among the selected columns, one row per run.
    const perRun = await call(siteA, 'GET', `${base}/runs/?format=csv&select=id,status&filters=${filter}`);
    expect(perRun.body.trim().split('\r\n')).toHaveLength(3);
    // XLSX: the same rows.
    const xlsx = await call(siteA, 'GET', `${base}/runs/?format=xlsx&filters=${filter}`);
    expect(xlsx.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.actualRowCount).toBe(5);
    // Scoped as the list: site B's user exports none of site A's rows.
    const other = await call(siteB, 'GET', `${base}/runs/?format=csv&filters=${filter}`);
    expect(other.body.replace(/^\ufeff/, '').trim().split('\r\n')).toHaveLength(1);
  });
});

describe('timelines, the dashboard card and the report page', () => {
  let template: Json;
  let run: Json;
  let otherRun: Json;
  let watcher: TestUser;

  beforeAll(async () => {
    template = await newTemplate(`Timeline walk ${tag()}`, [{ key: 'ok', label: 'OK', kind: 'CHECK' }]);
    run = await adHoc(template.id, siteAId);
    await answer(siteA, run.id, { key: 'ok', value: false });
    run = await ok(siteA, 'POST', `${base}/runs/${run.id}/complete/`, undefined, 200);
    otherRun = await adHoc(template.id, siteBId);
    // Reads cost centres and tickets, but not site check runs.
    watcher = await insertUser(t, { userType: 7 });
    for (const permission of ['costcentre.read', 'client.read', 'ticket.read']) await grant(t, watcher.email, permission);
  });

  it("a cost centre's and a client's timeline list their runs (kind sitecheck), for those who read runs", async () => {
    const entries = async (user: TestUser, url: string) => (await ok(user, 'GET', `${url}?kind=sitecheck&limit=100`)).results as Json[];
    const ofA = await entries(siteA, `/api/operations/cost-centres/${siteAId}/timeline/`);
    const mine = ofA.find((e) => e.id === `r:${run.id}`);
    expect(mine).toMatchObject({ kind: 'sitecheck', actor: { id: siteA.id }, link: `/sitechecks/runs/${run.id}` });
    expect(mine!.title).toBe(`Site check ${template.name} at ${siteAName}: FAILED`);
    expect(mine!.summary).toContain('failed: ok');
    expect(mine!.summary).toContain('ticket raised');
    expect(ofA.some((e) => e.id === `r:${otherRun.id}`)).toBe(false);
    const ofClient = await entries(admin, `/api/accounts/clients/${clientId}/timeline/`);
    expect(ofClient.map((e) => e.id)).toEqual(expect.arrayContaining([`r:${run.id}`, `r:${otherRun.id}`]));
    // Cursor paging across the kind works: one entry a page reaches the same entries.
    const first = await ok(admin, 'GET', `/api/accounts/clients/${clientId}/timeline/?kind=sitecheck&limit=1`);
    expect(first.next).toBeTruthy();
    const second = await t.request({ method: 'GET', url: new URL(first.next).pathname + new URL(first.next).search, token: admin.token });
    expect(second.statusCode).toBe(200);
    expect(second.json().results[0].id).not.toBe(first.results[0].id);
    // Without read on runs: no sitecheck entries.
    expect(await entries(watcher, `/api/operations/cost-centres/${siteAId}/timeline/`)).toEqual([]);
  });

  it('runs kept ahead are not history yet', async () => {
    const ahead = await newTemplate(`Ahead ${tag()}`, [{ key: 'ok', label: 'OK', kind: 'CHECK' }]);
    const hour = new Date(Date.now() + 3 * 3600_000).getUTCHours();
    const schedule = await ok(admin, 'POST', `${base}/schedules/`, {
      template: ahead.id,
      cost_centre: siteBId,
      rrule: `FREQ=DAILY;BYHOUR=${hour};BYMINUTE=0`,
      timezone: 'UTC',
      window_minutes: 30,
    });
    const runs = (await ok(admin, 'GET', `${base}/runs/?filters=${encodeURIComponent(JSON.stringify({ schedule: schedule.id }))}`)).results as Json[];
    expect(runs.length).toBeGreaterThanOrEqual(1);
    const ids = ((await ok(admin, 'GET', `/api/operations/cost-centres/${siteBId}/timeline/?kind=sitecheck&limit=100`)).results as Json[]).map((e) => e.id);
    for (const r of runs) expect(ids).not.toContain(`r:${r.id}`);
  });

  it("the dashboard's Site checks card counts today's runs at my sites; null without read on runs", async () => {
    const siteC = await insertCostCentre(t, admin.token, { client: clientId, legal_entity: legalEntityId });
    const person = await insertUser(t, { userType: 4 });
    await allocate(t, person.id, { costCentreId: siteC.id });
    await grant(t, person.email, 'ticket.read');
    const empty = await ok(person, 'GET', '/api/helpdesk/dashboard/');
    expect(empty.site_checks).toMatchObject({ due: 0, open: 0, done: 0, failed: 0, missed: 0 });
    expect(empty.site_checks.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const runAt = async (outcome: boolean | null) => {
      const r = await adHoc(template.id, siteC.id);
      if (outcome !== null) {
        await answer(person, r.id, { key: 'ok', value: outcome });
        await ok(person, 'POST', `${base}/runs/${r.id}/complete/`, undefined, 200);
      }
      return r;
    };
    await runAt(true);
    await runAt(true);
    await runAt(false);
    const open = await runAt(null);
    const missed = await runAt(null);
    await t.app.siteChecks.missRuns(new Date(Date.parse(missed.closes_at) + 1000));
    // (The missing sweep closes every run past its window, `open` included: both were made now.)
    const card = (await ok(person, 'GET', '/api/helpdesk/dashboard/')).site_checks;
    expect(card).toMatchObject({ due: 5, done: 2, failed: 1 });
    expect(card.open + card.missed).toBe(2);
    expect(open.status).toBe('DUE');
    // The same card on its own, for those without ticket read (Site users).
    expect(await ok(person, 'GET', `${base}/today/`)).toEqual(card);
    // Another site's user sees none of it; no run permission: null on the dashboard, 403 on its own.
    const bCard = await ok(siteB, 'GET', `${base}/today/`);
    expect(bCard.done + bCard.failed).toBe(0);
    expect((await ok(watcher, 'GET', '/api/helpdesk/dashboard/')).site_checks).toBeNull();
    expect((await call(watcher, 'GET', `${base}/today/`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}/today/`)).statusCode).toBe(401);
  });

  it("the QR code's report page lists the site's runs open now, to those who do them", async () => {
    const fresh = await newTemplate(`Now walk ${tag()}`, [{ key: 'ok', label: 'OK', kind: 'CHECK' }]);
    const openRun = await adHoc(fresh.id, siteAId);
    const done = await adHoc(fresh.id, siteAId);
    await answer(siteA, done.id, { key: 'ok', value: true });
    await ok(siteA, 'POST', `${base}/runs/${done.id}/complete/`, undefined, 200);
    const page = await ok(siteA, 'GET', `/api/helpdesk/report-sites/${siteAId}/`);
    expect(page).toMatchObject({ id: siteAId, name: siteAName });
    const listed = (page.runs_due_now as Json[]).filter((r) => r.template.id === fresh.id);
    expect(listed).toEqual([{ id: openRun.id, template: { id: fresh.id, name: fresh.name }, status: 'DUE', due_at: openRun.due_at, closes_at: openRun.closes_at }]);
    // Outside the allocation, or without read on runs: the name only.
    expect((await ok(siteB, 'GET', `/api/helpdesk/report-sites/${siteAId}/`)).runs_due_now).toBeNull();
    expect((await ok(watcher, 'GET', `/api/helpdesk/report-sites/${siteAId}/`)).runs_due_now).toBeNull();
    expect((await ok(employee, 'GET', `/api/helpdesk/report-sites/${siteAId}/`)).runs_due_now).toBeNull();
  });
});
