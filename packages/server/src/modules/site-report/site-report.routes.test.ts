import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { REPORT_QR_SIZE } from './site-report.plugin';

let t: TestApp;
let admin: TestUser;
let siteUser: TestUser;
let guest: TestUser;
let mine: { id: string };
let other: { id: string };

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://ops.example.com' });
  admin = await insertUser(t, { superuser: true });
  siteUser = await insertUser(t, { userType: 5 }); // reads cost centres, scoped to the allocation
  guest = await insertUser(t, { userType: 7 }); // no cost centre permission
  const le = await insertLegalEntity(t, admin.token);
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  mine = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  other = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  await allocate(t, siteUser.id, { costCentreId: mine.id });
});
afterAll(() => t.close());

const url = (id: string) => `/api/operations/cost-centres/${id}/report-qr/`;

describe('scan-to-report QR code', () => {
  it('answers a PNG whose code reads <PUBLIC_URL>/report?cost_centre=<id>', async () => {
    const response = await t.request({ method: 'GET', url: url(mine.id), token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    expect([png.width, png.height]).toEqual([REPORT_QR_SIZE, REPORT_QR_SIZE]);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(`https://ops.example.com/report?cost_centre=${mine.id}`);
  });

  it('scoped users get codes only for their allocation; others 404; no permission 403; no token 401', async () => {
    expect((await t.request({ method: 'GET', url: url(mine.id), token: siteUser.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: url(other.id), token: siteUser.token })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: url('01900000-0000-7000-8000-000000000000'), token: admin.token })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: url('nope'), token: admin.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: url(mine.id), token: guest.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: url(mine.id) })).statusCode).toBe(401);
  });
});

describe("the scanned site's name (issue 38 point 12)", () => {
  const nameUrl = (id: string) => `/api/helpdesk/report-sites/${id}/`;

  it('answers {id, name} to anyone signed in, also without cost centre access or outside the allocation; nothing more', async () => {
    const employee = await insertUser(t, { userType: 6 }); // no cost centre permission at all
    const detail = (await t.request({ method: 'GET', url: `/api/operations/cost-centres/${mine.id}/`, token: admin.token })).json();
    // The record itself stays closed to them.
    for (const user of [employee, guest])
      expect((await t.request({ method: 'GET', url: `/api/operations/cost-centres/${mine.id}/`, token: user.token })).statusCode).toBe(403);
    for (const user of [employee, guest, siteUser, admin]) {
      const response = await t.request({ method: 'GET', url: nameUrl(mine.id), token: user.token });
      expect(response.statusCode).toBe(200);
      // Site check runs open now only for those who read runs at the site (none are due here: empty).
      expect(response.json()).toEqual({ id: mine.id, name: detail.name, runs_due_now: user === siteUser || user === admin ? [] : null });
    }
    const outside = await t.request({ method: 'GET', url: nameUrl(other.id), token: siteUser.token });
    expect(outside.statusCode).toBe(200);
    expect(outside.json().runs_due_now).toBeNull();
  });

  it('401 signed out; 404 for an unknown or malformed id', async () => {
    expect((await t.request({ method: 'GET', url: nameUrl(mine.id) })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: nameUrl('01900000-0000-7000-8000-000000000000'), token: guest.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: nameUrl('nope'), token: guest.token })).statusCode).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('describes every new path', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
    const expected: [string, string[]][] = [
      ['/api/helpdesk/canned-replies/', ['get', 'post']],
      ['/api/helpdesk/canned-replies/{id}/', ['get', 'put', 'patch', 'delete']],
      ['/api/helpdesk/tickets/{ticket_id}/canned-replies/{id}/render/', ['post']],
      ['/api/operations/cost-centres/{id}/report-qr/', ['get']],
      ['/api/helpdesk/report-sites/{id}/', ['get']],
    ];
    for (const [path, methods] of expected) expect(Object.keys(document.paths[path] ?? {}).sort()).toEqual([...methods].sort());
    expect(Object.keys(document.paths['/api/operations/cost-centres/{id}/report-qr/'].get.responses['200'].content)).toEqual([
      'image/png',
    ]);
    // The ticket and message shapes carry the new fields.
    const text = JSON.stringify(document);
    for (const field of ['"cost_centre"', '"internal"', '"shared"']) expect(text).toContain(field);
  });
});
