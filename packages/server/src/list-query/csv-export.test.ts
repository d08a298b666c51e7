import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { allocate, buildAddress, insertClient, insertLegalEntity } from '../test/factories/records';
import { seedScale } from '../modules/records/records.scale-seed';
import { csvField, EXPORT_BATCH } from './csv-export';

let t: TestApp;
let admin: TestUser;
let site: TestUser;
let guest: TestUser;
let le: { id: string; name: string };
let other: { id: string };
const names: string[] = [];

/** Parses RFC 4180 CSV (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const csv = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });
const q = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  site = await insertUser(t, { userType: 5 });
  guest = await insertUser(t, { userType: 7 });
  le = (await insertLegalEntity(t, admin.token, { name: 'Export Entity' })) as { id: string; name: string };
  other = await insertLegalEntity(t, admin.token);
  for (const name of ['Banksia Café', 'Acacia "Kitchen", North', '=HYPERLINK("x")', 'Wattle\nCare']) {
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name, address: buildAddress({ locality: 'Hobart' }), contacts: [{ contact_type: 'EMAIL', contact_detail: `${names.length}@example.test` }] });
    names.push(client.name as string);
  }
  await insertClient(t, admin.token, { owner: admin.id, legal_entity: other.id, name: 'Elsewhere' });
  await allocate(t, site.id, { legalEntityId: le.id });
});
afterAll(() => t.close());

describe('CSV export of a list (format=csv)', () => {
  it('streams the filtered, ordered list as an attachment in the selected columns', async () => {
    const response = await csv(`/api/accounts/clients/?${q({ format: 'csv', filters: { legal_entity: le.id }, ordering: '-name', select: 'name,legal_entity.name,primary_address.locality,primary_contacts.email' })}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual(['name', 'legal_entity.name', 'primary_address.locality', 'primary_contacts.email']);
    const expected = [...names].sort((a, b) => (a < b ? 1 : -1));
    const list = await t.request({ method: 'GET', url: `/api/accounts/clients/?${q({ filters: { legal_entity: le.id }, ordering: '-name' })}`, token: admin.token });
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.json().results.map((c: { name: string }) => (c.name.startsWith('=') ? `'${c.name}` : c.name)));
    expect(rows.slice(1)).toHaveLength(expected.length);
    expect(rows.slice(1).every((r) => r[1] === 'Export Entity' && r[2] === 'Hobart' && r[3]!.endsWith('@example.test'))).toBe(true);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', async () => {
    const response = await csv(`/api/accounts/clients/?${q({ format: 'csv', search: 'Kitchen', select: 'name' })}`);
    expect(response.body).toContain('"Acacia ""Kitchen"", North"');
    const formula = parseCsv((await csv(`/api/accounts/clients/?${q({ format: 'csv', search: 'HYPERLINK', select: 'name' })}`)).body.slice(1));
    expect(formula[1]).toEqual(['\'=HYPERLINK("x")']);
    const multiline = parseCsv((await csv(`/api/accounts/clients/?${q({ format: 'csv', search: 'Wattle', select: 'name' })}`)).body.slice(1));
    expect(multiline[1]).toEqual(['Wattle\nCare']);
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(['Chef', 'Cook'])).toBe('Chef; Cook');
  });

  it('exports every field of the item when nothing is selected, nested objects as dotted columns', async () => {
    const rows = parseCsv((await csv(`/api/accounts/clients/?${q({ format: 'csv', search: 'Banksia' })}`)).body.slice(1));
    expect(rows[0]).toEqual(expect.arrayContaining(['id', 'name', 'owner.email', 'legal_entity.abbr', 'primary_address.street_address', 'created_by.full_name']));
    expect(rows).toHaveLength(2);
    expect(rows[1]![rows[0]!.indexOf('name')]).toBe('Banksia Café');
  });

  it('keeps the data scope of the list: a site user exports only allocated clients', async () => {
    const rows = parseCsv((await csv(`/api/accounts/clients/?format=csv&select=name`, site.token)).body.slice(1));
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(names.map((n) => (n.startsWith('=') ? `'${n}` : n)).sort());
  });

  it('refuses like the list does: 401 without a token, 403 without read permission', async () => {
    expect((await t.request({ method: 'GET', url: '/api/accounts/clients/?format=csv' })).statusCode).toBe(401);
    expect((await csv('/api/accounts/clients/?format=csv', guest.token)).statusCode).toBe(403);
  });

  it('answers 400 in JSON for a bad filter, select or format, before streaming anything', async () => {
    const badFilter = await csv(`/api/accounts/clients/?${q({ format: 'csv', filters: { nope: 1 } })}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toHaveProperty('filters');
    expect((await csv('/api/accounts/clients/?format=csv&select=password')).json()).toHaveProperty('select');
    expect((await csv('/api/accounts/clients/?format=xml')).json()).toEqual({ format: ['"xml" is not a valid choice.'] });
  });

  it('heads the columns with the labels asked for, in the selected order, and keeps the path of unlabelled ones', async () => {
    const labels = { name: 'Client', 'primary_address.locality': 'Town, suburb' };
    const response = await csv(`/api/accounts/clients/?${q({ format: 'csv', search: 'Banksia', select: 'primary_address.locality,name,account_number', labels })}`);
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual(['Town, suburb', 'Client', 'account_number']);
    expect(rows[1]!.slice(0, 2)).toEqual(['Hobart', 'Banksia Café']);
    const owner = parseCsv((await csv(`/api/accounts/clients/?${q({ format: 'csv', search: 'Banksia', select: 'name,owner', labels: { owner: 'Account owner' } })}`)).body.slice(1));
    expect(owner[0]).toEqual(expect.arrayContaining(['name', 'Account owner email', 'Account owner full_name']));
  });

  it('answers 400 naming labels for labels that are not an object of printable text or name no exported column', async () => {
    for (const labels of ['[1]', 'not json', JSON.stringify({ name: '' }), JSON.stringify({ name: 'a\u0007b' }), JSON.stringify({ name: 'x'.repeat(201) }), JSON.stringify({ name: 7 }), JSON.stringify({ password: 'P' })]) {
      const response = await csv(`/api/accounts/clients/?${new URLSearchParams({ format: 'csv', select: 'name', labels })}`);
      expect(response.statusCode, labels).toBe(400);
      expect(Object.keys(response.json()), labels).toEqual(['labels']);
    }
  });

  it('exports nested lists and audit trails through the same flow', async () => {
    const [client] = (await t.request({ method: 'GET', url: `/api/accounts/clients/?${q({ search: 'Banksia' })}`, token: admin.token })).json().results;
    const addresses = parseCsv((await csv(`/api/accounts/clients/${client.id}/addresses/?format=csv&select=locality,is_primary`)).body.slice(1));
    expect(addresses).toEqual([['locality', 'is_primary'], ['Hobart', 'true']]);
    const history = parseCsv((await csv(`/api/accounts/clients/${client.id}/history/?format=csv&select=action`)).body.slice(1));
    expect(history.slice(1).map((r) => r[0])).toContain('create');
  });

  it('does not turn a detail route into an export', async () => {
    const [client] = (await t.request({ method: 'GET', url: `/api/accounts/clients/?${q({ search: 'Banksia' })}`, token: admin.token })).json().results;
    const detail = await csv(`/api/accounts/clients/${client.id}/?format=csv`);
    expect(detail.headers['content-type']).toMatch(/application\/json/);
    expect(detail.json().id).toBe(client.id);
  });

  it(`reads past one batch of ${EXPORT_BATCH} rows in order, with no repeats or gaps`, async () => {
    await seedScale({ database: t.database, scale: 0.0105, ownerId: admin.id, print: () => undefined });
    const list = await t.request({ method: 'GET', url: '/api/accounts/clients/?limit=1', token: admin.token });
    const total = list.json().count as number;
    expect(total).toBeGreaterThan(EXPORT_BATCH);
    const rows = parseCsv((await csv('/api/accounts/clients/?format=csv&select=id&ordering=account_number')).body.slice(1)).slice(1);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r[0])).size).toBe(total);
    // The same order as the list's own pages.
    const pages: string[] = [];
    for (let offset = 0; offset < total; offset += 1000) {
      const page = await t.request({ method: 'GET', url: `/api/accounts/clients/?ordering=account_number&limit=1000&offset=${offset}&select=id`, token: admin.token });
      pages.push(...page.json().results.map((c: { id: string }) => c.id));
    }
    expect(rows.map((r) => r[0])).toEqual(pages);
    // Keyset batches on a nullable column, descending (NULLs first), then a column with many ties, then the id.
    const ordering = '-abn,account_type';
    const tied = parseCsv((await csv(`/api/accounts/clients/?format=csv&select=id&ordering=${ordering}`)).body.slice(1)).slice(1);
    const tiedPages: string[] = [];
    for (let offset = 0; offset < total; offset += 1000) {
      const page = await t.request({ method: 'GET', url: `/api/accounts/clients/?ordering=${ordering}&limit=1000&offset=${offset}&select=id`, token: admin.token });
      tiedPages.push(...page.json().results.map((c: { id: string }) => c.id));
    }
    expect(tied.map((r) => r[0])).toEqual(tiedPages);
  }, 120_000);
});
