import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { seedIntegrationRows } from '../../test/factories/integrations';

let t: TestApp;
let admin: TestUser;
let guest: TestUser;
let ids: Awaited<ReturnType<typeof seedIntegrationRows>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  guest = await insertUser(t, { userType: 7 });
  ids = await seedIntegrationRows(t);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
const filter = (f: Record<string, unknown>) => `filters=${encodeURIComponent(JSON.stringify(f))}`;

const paths = () => [
  ['/api/adp/employees/', 'employee'],
  ['/api/adp/employees', 'employee'],
  ['/api/buylink/console-logs/', 'consolelog'],
  ['/api/buylink/cost-centres/', 'buylinkcostcentre'],
  ['/api/buylink/invoices/', 'invoiceheader'],
  [`/api/buylink/invoices/${ids.invoice}/`, 'invoiceheader'],
  ['/api/buylink/supplier/', 'supplier'],
  ['/api/buylink/supplier-cost-centre-allocations/', 'suppliercostcentreallocation'],
  ['/api/dynamics/atlas-vend-invoice-jours/', 'vendinvoicejour'],
  [`/api/dynamics/atlas-vend-invoice-jours/${ids.journal}/`, 'vendinvoicejour'],
  [`/api/dynamics/atlas-vend-invoice-jour/${ids.journal}/ccg-vend-settlements/`, 'vendsettlement'],
  [`/api/dynamics/atlas-vend-invoice-jour/${ids.journal}/ccg-vend-spends/`, 'vendspend'],
  [`/api/dynamics/atlas-vend-invoice-jour/${ids.journal}/ccg-vend-transactions/`, 'vendtransaction'],
  ['/api/dynamics/financial-dimension-values/', 'financialdimensionvalue'],
  ['/api/dynamics/vendors-v3/', 'vendor'],
  [`/api/google-sync/directory-group/${ids.group}/members/`, 'member'],
  ['/api/google-sync/directory-groups/', 'directorygroup'],
  [`/api/google-sync/directory-groups/${ids.group}/`, 'directorygroup'],
  ['/api/google-sync/directory-users/office/', 'directoryuser'],
  ['/api/google-sync/directory-users/site/', 'directoryuser'],
  ['/api/integrations/runs/', 'syncrun'],
];

describe('synced-area read APIs', () => {
  it('serve every GET path to a permitted user, with data', async () => {
    for (const [path] of paths()) {
      const response = await get(path!, admin.token);
      expect(response.statusCode, `${path} ${response.body}`).toBe(200);
      const body = response.json();
      if ('results' in body && !path!.startsWith('/api/integrations/')) expect(body.count, path).toBeGreaterThan(0);
    }
  });

  it('answer 401 without a token and 403 without the permission', async () => {
    for (const [path] of paths()) {
      expect((await get(path!)).statusCode, path).toBe(401);
      expect((await get(path!, guest.token)).json(), path).toEqual({
        detail: 'You do not have permission to perform this action.',
      });
    }
  });

  it('check each endpoint against its own model key', async () => {
    const reader = await insertUser(t, { userType: 7 });
    await grant(t, reader.email, 'vendinvoicejour.read');
    await grant(t, reader.email, 'member.read');
    for (const [path, model] of paths()) {
      const allowed = model === 'vendinvoicejour' || model === 'member';
      expect((await get(path!, reader.token)).statusCode, path).toBe(allowed ? 200 : 403);
    }
  });

  it('answer 405 to every write method', async () => {
    for (const [path] of paths()) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const response = await t.request({ method, url: path!, token: admin.token, payload: {} });
        expect(response.statusCode, `${method} ${path}`).toBe(405);
        expect(response.json().detail).toBe(`Method "${method}" not allowed.`);
      }
    }
  });

  it('page, order, filter, search and select through the list engine', async () => {
    const first = (await get('/api/adp/employees/?limit=10&ordering=-EmpCode', admin.token)).json();
    expect(first.results).toHaveLength(10);
    expect(first.next).toContain('offset=10');
    expect(first.previous).toBeNull();
    expect(first.results[0].EmpCode > first.results[9].EmpCode).toBe(true);
    const selected = (await get('/api/adp/employees/?limit=2&select=EmpCode,reporting_manager.EmployeeName', admin.token)).json();
    expect(Object.keys(selected.results[0]).sort()).toEqual(['EmpCode', 'reporting_manager']);
    const searched = (await get('/api/dynamics/vendors-v3/?search=supplier%2012', admin.token)).json();
    expect(
      searched.results.every((v: { VendorOrganizationName: string }) =>
        v.VendorOrganizationName.toLowerCase().includes('supplier 12'),
      ),
    ).toBe(true);
    const bigger = (
      await get(`/api/buylink/invoices/?${filter({ TotalAmountIncTax__gte: '50000000.0000' })}`, admin.token)
    ).json();
    expect(bigger.results.every((i: { TotalAmountIncTax: string }) => Number(i.TotalAmountIncTax) >= 50000000)).toBe(true);
    const exact = (await get(`/api/buylink/supplier/?${filter({ id: '9007199254740994' })}`, admin.token)).json();
    expect(exact.results.map((s: { id: string }) => s.id)).toEqual(['9007199254740994']);
    for (const bad of ['ordering=Phone', `${filter({ nope: 1 })}`, 'select=secret', `${filter({ Status: 'Retired' })}`]) {
      expect((await get(`/api/adp/employees/?${bad}`, admin.token)).statusCode, bad).toBe(400);
    }
  });

  it('stream every list as CSV with format=csv, through the shared export (filters, ordering, select and labels apply)', async () => {
    for (const [path] of paths().filter(([p]) => !/\/\d+\/$|\/nope\/$/.test(p!) && !p!.endsWith(`/${ids.group}/`))) {
      const response = await get(`${path}?format=csv`, admin.token);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition'], path).toMatch(/^attachment; filename=".+-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.body.startsWith('\ufeff'), path).toBe(true);
    }
    const labels = encodeURIComponent(JSON.stringify({ EmpCode: 'Code', 'reporting_manager.EmployeeName': 'Manager' }));
    const csv = await get(
      `/api/adp/employees/?format=csv&ordering=-EmpCode&select=EmpCode,reporting_manager.EmployeeName&labels=${labels}`,
      admin.token,
    );
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Code,Manager');
    const list = (await get('/api/adp/employees/?ordering=-EmpCode&limit=1000&select=EmpCode', admin.token)).json();
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(list.results.map((e: { EmpCode: string }) => e.EmpCode));
    const transactions = await get(
      `/api/dynamics/atlas-vend-invoice-jour/${ids.journal}/ccg-vend-transactions/?format=csv`,
      admin.token,
    );
    expect(transactions.body.split('\r\n').length, 'rows keyed by RecordId are exported too').toBeGreaterThan(2);
    expect((await get('/api/adp/employees/?format=csv', guest.token)).statusCode).toBe(403);
  });

  it('read a page in a bounded number of statements whatever its size', async () => {
    const small = await get('/api/adp/employees/?limit=1', admin.token);
    const large = await get('/api/adp/employees/?limit=200', admin.token);
    expect(small.headers['x-sql-statements']).toBe(large.headers['x-sql-statements']);
    expect(Number(large.headers['x-sql-statements'])).toBeLessThanOrEqual(6);
  });

  it('404 unknown records and give site users the employee and member lists only', async () => {
    expect((await get('/api/buylink/invoices/1/', admin.token)).statusCode).toBe(404);
    expect((await get('/api/google-sync/directory-groups/nope/', admin.token)).statusCode).toBe(404);
    expect((await get('/api/google-sync/directory-group/nope/members/', admin.token)).statusCode).toBe(404);
    const site = await insertUser(t, { userType: 5 });
    expect((await get('/api/adp/employees/', site.token)).statusCode).toBe(200);
    expect((await get(`/api/google-sync/directory-group/${ids.group}/members/`, site.token)).statusCode).toBe(200);
    expect((await get('/api/google-sync/directory-users/office/', site.token)).statusCode).toBe(403);
  });

  it('describe every path in the OpenAPI document', async () => {
    const document = (await get('/api/schema/?format=json', admin.token)).json();
    for (const path of [
      '/api/adp/employees/',
      '/api/adp/employees',
      '/api/buylink/invoices/{id}/',
      '/api/dynamics/atlas-vend-invoice-jour/{invoice_id}/ccg-vend-spends/',
      '/api/google-sync/directory-group/{group_id}/members/',
      '/api/integrations/runs/',
      '/api/charts/generate/',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
  });
});
