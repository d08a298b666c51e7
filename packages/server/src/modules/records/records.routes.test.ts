import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import {
  buildAddress,
  insertBrand,
  insertClient,
  insertContactPerson,
  insertCostCentre,
  insertIndustry,
  insertLegalEntity,
  insertRole,
  insertSubIndustry,
} from '../../test/factories/records';

let t: TestApp;
let admin: TestUser;
let site: TestUser;
let guest: TestUser;
let le: { id: string };
let industry: { id: string };
let subIndustry: { id: string };
let client: { id: string };
let person: { id: string };
let clientRole: { id: string };
let operationRole: { id: string };
let costCentre: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  site = await insertUser(t, { userType: 5 });
  guest = await insertUser(t, { userType: 7 });
  le = await insertLegalEntity(t, admin.token);
  industry = await insertIndustry(t, admin.token);
  subIndustry = await insertSubIndustry(t, admin.token, industry.id);
  client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  person = await insertContactPerson(t, admin.token, { company: client.id });
  clientRole = await insertRole(t, admin.token, 'accounts');
  operationRole = await insertRole(t, admin.token, 'operations');
  costCentre = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
});
afterAll(() => t.close());

const get = (url: string, token = admin.token) => t.request({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>, token = admin.token) =>
  t.request({ method, url, token, ...(payload ? { payload } : {}) });
const withFilters = (url: string, filters: Record<string, unknown>) =>
  `${url}?filters=${encodeURIComponent(JSON.stringify(filters))}`;

interface Case {
  name: string;
  collection: string;
  /** false when spec api-contract §7 lists no GET on the collection (relations are POST-only there). */
  listable: boolean;
  create: () => Record<string, unknown>;
  change: Record<string, unknown>;
}

const cases: Case[] = [
  {
    name: 'legal entity',
    collection: '/api/base/legal-entities/',
    listable: true,
    create: () => ({ name: 'Coastal Hospitality Pty Ltd', abbr: `CH${Date.now() % 100000}`, abn: '12345678901' }),
    change: { search_name: 'COASTAL' },
  },
  {
    name: 'industry',
    collection: '/api/base/industries/',
    listable: true,
    create: () => ({ name: 'Aged care', legal_entity: le.id }),
    change: { description: 'Residential aged care' },
  },
  {
    name: 'sub-industry',
    collection: '/api/base/sub-industries/',
    listable: true,
    create: () => ({ name: 'Home care', industry: industry.id }),
    change: { description: 'In-home services' },
  },
  {
    name: 'nested sub-industry',
    collection: '/api/base/industries/{industry}/sub-industries/',
    listable: true,
    create: () => ({ name: 'Respite' }),
    change: { description: 'Short stays' },
  },
  {
    name: 'client',
    collection: '/api/accounts/clients/',
    listable: true,
    create: () => ({
      name: 'Harbourside Aged Care',
      account_number: `HAC-${Date.now()}`,
      owner: admin.id,
      legal_entity: le.id,
      industry: industry.id,
      sub_industry: subIndustry.id,
      annual_revenue: 1250000.5,
      number_of_employees: 120,
      account_source: 'SALTBUSH_EVENTS',
    }),
    change: { relation_status: 'INACTIVE' },
  },
  {
    name: 'contact person',
    collection: '/api/accounts/contact-persons/',
    listable: true,
    create: () => ({
      company: client.id,
      salutation: 'DR',
      pronouns: 'SHE/HER',
      gender: 'NON-BINARY',
      first_name: 'Jo',
      middle_name: 'M',
      last_name: 'Nguyen',
      birthday: '1980-02-29',
    }),
    change: { position: 'Catering Manager' },
  },
  {
    name: 'client contact role',
    collection: '/api/accounts/roles/',
    listable: true,
    create: () => ({ role: 'Procurement lead', responsibility: 'Tenders' }),
    change: { responsibility: 'Contracts' },
  },
  {
    name: 'client contact relation',
    collection: '/api/accounts/contact-relations/',
    listable: false,
    create: () => ({ client: client.id, contact_person: person.id, role: [clientRole.id], start_date: '2024-01-01' }),
    change: { end_date: '2025-06-30' },
  },
  {
    name: 'brand',
    collection: '/api/operations/brands/',
    listable: true,
    create: () => ({ name: 'Fresh Plate', description: 'Hospital retail', legal_entity: le.id }),
    change: { description: 'Retail cafés' },
  },
  {
    name: 'cost centre',
    collection: '/api/operations/cost-centres/',
    listable: true,
    create: () => ({
      code: `S${Date.now() % 1000000}`,
      name: 'Royal North Kitchen',
      email: 'kitchen@example.test',
      client: client.id,
      legal_entity: le.id,
      operation_status: 'OPERATING',
    }),
    change: { notes: 'Night shift' },
  },
  {
    name: 'operation contact role',
    collection: '/api/operations/roles/',
    listable: true,
    create: () => ({ role: 'Chef manager', responsibility: 'Menus' }),
    change: { responsibility: 'Menus and staff' },
  },
  {
    name: 'cost centre contact relation',
    collection: '/api/operations/contact-relations/',
    listable: false,
    create: () => ({ cost_centre: costCentre.id, contact_person: admin.id, role: [operationRole.id] }),
    change: { start_date: '2024-03-01' },
  },
];

const resolve = (path: string) => path.replace('{industry}', industry.id);

describe('CRUD happy path', () => {
  it.each(cases)('$name: create, read, update, replace, list, delete', async ({ collection, listable, create, change }) => {
    const url = resolve(collection);
    const payload = create();
    const created = await send('POST', url, payload);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.created_by).toEqual({ id: admin.id, full_name: 'Ada Admin' });
    const item = `${url}${body.id}/`;

    const read = await get(item);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);

    const patched = await send('PATCH', item, change);
    expect(patched.statusCode, patched.body).toBe(200);
    for (const [key, value] of Object.entries(change)) expect(patched.json()[key]).toEqual(value);

    const replaced = await send('PUT', item, { ...payload, ...change });
    expect(replaced.statusCode, replaced.body).toBe(200);

    if (listable) {
      const list = await get(withFilters(url, { id: body.id }));
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ count: 1, next: null, previous: null });
      expect(list.json().results[0].id).toBe(body.id);
    }

    expect((await send('DELETE', item)).statusCode).toBe(204);
    expect((await get(item)).statusCode).toBe(404);
  });

  it('client list and detail embed related records, users, primary address and primary contacts', async () => {
    const created = await send('POST', '/api/accounts/clients/', {
      name: 'Embedded Shapes Ltd',
      account_number: 'EMB-1',
      owner: admin.id,
      legal_entity: le.id,
      industry: industry.id,
      sub_industry: subIndustry.id,
      parent: client.id,
      address: buildAddress({ address_name: 'Main' }),
      contacts: [
        { contact_type: 'EMAIL', contact_detail: 'hello@embedded.example' },
        { contact_type: 'PHONE', contact_detail: '+61 2 9000 0000' },
        { contact_type: 'WEBSITE', contact_detail: 'https://embedded.example' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = (await get(withFilters('/api/accounts/clients/', { account_number: 'EMB-1' }))).json().results[0];
    expect(item).toMatchObject({
      owner: { id: admin.id, full_name: 'Ada Admin', email: admin.email },
      legal_entity: { id: le.id },
      industry: { id: industry.id },
      sub_industry: { id: subIndustry.id },
      parent: { id: client.id },
      master_record: null,
      primary_address: { street_address: '1 George Street', locality: 'Sydney', state: 'NSW', postal_code: '2000' },
      primary_contacts: {
        email: 'hello@embedded.example',
        phone: '+61 2 9000 0000',
        mobile: null,
        website: 'https://embedded.example',
      },
      created_by: { id: admin.id, full_name: 'Ada Admin' },
      updated_by: { id: admin.id, full_name: 'Ada Admin' },
    });
    const selected = await get(
      `/api/accounts/clients/?select=id,name,legal_entity.name&filters=${encodeURIComponent('{"account_number":"EMB-1"}')}`,
    );
    expect(selected.json().results).toEqual([
      { id: created.json().id, name: 'Embedded Shapes Ltd', legal_entity: { name: expect.any(String) } },
    ]);
  });

  it('contact person full name is generated and read-only', async () => {
    const created = await send('POST', '/api/accounts/contact-persons/', {
      company: client.id,
      first_name: 'Mary',
      middle_name: '',
      last_name: 'Poppins',
      full_name: 'ignored',
    });
    expect(created.json().full_name).toBe('Mary Poppins');
    const patched = await send('PATCH', `/api/accounts/contact-persons/${created.json().id}/`, {
      middle_name: 'Jane',
      full_name: 'nope',
    });
    expect(patched.json().full_name).toBe('Mary Jane Poppins');
  });

  it('filters through relations, searches and orders', async () => {
    const other = await insertLegalEntity(t, admin.token, { name: 'Zephyr Remote Services' });
    await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: other.id,
      name: 'Aardvark Mining Camp',
      abn: '98765432109',
    });
    const byRelation = await get(withFilters('/api/accounts/clients/', { legal_entity__name__icontains: 'zephyr' }));
    expect(byRelation.json().results.map((c: { name: string }) => c.name)).toEqual(['Aardvark Mining Camp']);
    const searched = await get('/api/accounts/clients/?search=aardvark%20camp');
    expect(searched.json().count).toBe(1);
    const byAbn = await get(withFilters('/api/accounts/clients/', { abn: '98765432109' }));
    expect(byAbn.json().count).toBe(1);
    const ordered = await get('/api/accounts/clients/?ordering=-name&limit=2');
    const names = ordered.json().results.map((c: { name: string }) => c.name);
    expect([...names].sort().reverse()).toEqual(names);
    for (const field of [
      'name',
      'account_number',
      'abn',
      'legal_entity',
      'industry',
      'sub_industry',
      'relation_status',
      'account_type',
      'owner',
      'created_at',
    ]) {
      const value =
        field === 'relation_status'
          ? 'ACTIVE'
          : field === 'account_type'
            ? 'CLIENT'
            : field === 'created_at'
              ? '2020-01-01'
              : ['legal_entity', 'industry', 'sub_industry', 'owner'].includes(field)
                ? admin.id
                : 'x';
      const lookup = field === 'created_at' ? `${field}__gte` : field;
      expect((await get(withFilters('/api/accounts/clients/', { [lookup]: value }))).statusCode, field).toBe(200);
    }
    expect((await get(withFilters('/api/accounts/clients/', { password: 'x' }))).statusCode).toBe(400);
    // Every shown scalar field orders (DRF's default); a field the list does not show does not.
    expect((await get('/api/accounts/clients/?ordering=description')).statusCode).toBe(200);
    expect((await get('/api/accounts/clients/?ordering=password')).statusCode).toBe(400);
  });
});

describe('list statements', () => {
  it('runs the same number of SQL statements for limit=5 and limit=100', async () => {
    for (let i = 0; i < 8; i++) {
      await insertClient(t, admin.token, {
        owner: admin.id,
        legal_entity: le.id,
        industry: industry.id,
        sub_industry: i % 2 ? subIndustry.id : null,
        parent: i % 3 ? client.id : null,
        address: buildAddress(),
        contacts: [{ contact_type: 'EMAIL', contact_detail: `c${i}@example.test` }],
      });
    }
    for (const url of [
      '/api/accounts/clients/',
      '/api/operations/cost-centres/',
      '/api/accounts/contact-persons/',
      '/api/base/industries/',
      '/api/directory/maps/clients/',
    ]) {
      const small = await get(`${url}?limit=5`);
      const large = await get(`${url}?limit=100`);
      expect(small.statusCode).toBe(200);
      expect(Number(small.headers['x-sql-statements']), url).toBeGreaterThan(0);
      expect(large.headers['x-sql-statements'], url).toBe(small.headers['x-sql-statements']);
    }
  });
});

describe('map markers', () => {
  it('shows a site with its position, address line, primary email and code', async () => {
    const site = await insertCostCentre(t, admin.token, {
      client: client.id,
      legal_entity: le.id,
      name: 'Marker Kitchen',
      email: 'kitchen@site.test',
    });
    const base = `/api/operations/cost-centres/${site.id}`;
    expect((await get(`/api/directory/maps/cost-centres/${site.id}/`)).statusCode).toBe(404);
    await t.request({
      method: 'POST',
      url: `${base}/addresses/`,
      token: admin.token,
      payload: buildAddress({ formatted_address: '1 George Street, Sydney NSW 2000' }),
    });
    const fallback = (await get(`/api/directory/maps/cost-centres/${site.id}/`)).json();
    expect(fallback.data.primary_email).toBe('kitchen@site.test');
    await t.request({
      method: 'POST',
      url: `${base}/contacts/`,
      token: admin.token,
      payload: { contact_type: 'EMAIL', contact_detail: 'chef@site.test' },
    });
    const marker = (await get(`/api/directory/maps/cost-centres/${site.id}/`)).json();
    expect(marker).toMatchObject({
      id: site.id,
      position: { lat: -33.8688197, lng: 151.2092955 },
      data: {
        id: site.id,
        name: 'Marker Kitchen',
        is_primary: true,
        primary_email: 'chef@site.test',
        state: 'NSW',
        primary_address: '1 George Street, Sydney NSW 2000',
      },
    });
    const list = (await get('/api/directory/maps/cost-centres/?limit=1000')).json();
    expect(list.results.find((m: { id: string }) => m.id === site.id)).toEqual(marker);
  });
});

describe('permissions', () => {
  const collections = [
    '/api/accounts/clients/',
    '/api/accounts/contact-persons/',
    '/api/accounts/roles/',
    '/api/base/industries/',
    '/api/base/sub-industries/',
    '/api/base/legal-entities/',
    '/api/operations/brands/',
    '/api/operations/cost-centres/',
    '/api/operations/roles/',
    '/api/directory/maps/clients/',
    '/api/directory/maps/cost-centres/',
  ];

  it.each(collections)('%s answers 401 without a token and 403 without read permission', async (url) => {
    const anonymous = await t.request({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const refused = await get(url, guest.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it.each(cases)('$name: a read-only user may not create, change or delete', async ({ collection, create }) => {
    const url = resolve(collection);
    expect((await send('POST', url, create(), site.token)).statusCode).toBe(403);
    const created = (await send('POST', url, create())).json();
    expect((await send('PATCH', `${url}${created.id}/`, {}, site.token)).statusCode).toBe(403);
    expect((await send('DELETE', `${url}${created.id}/`, undefined, site.token)).statusCode).toBe(403);
  });

  it('nested addresses and contacts need the parent model permission', async () => {
    const url = `/api/base/legal-entities/${le.id}/addresses/`;
    expect((await get(url, guest.token)).statusCode).toBe(403);
    expect((await send('POST', url, buildAddress(), site.token)).statusCode).toBe(403);
    expect((await get(url, site.token)).statusCode).toBe(200);
  });
});

describe('method not allowed', () => {
  it.each([
    ['DELETE', '/api/accounts/clients/'],
    ['PATCH', '/api/accounts/clients/'],
    ['POST', '/api/accounts/clients/{client}/'],
    ['GET', '/api/accounts/contact-relations/'],
    ['GET', '/api/operations/contact-relations/'],
    ['POST', '/api/accounts/clients/{client}/contact-relations/'],
    ['PUT', '/api/base/industries/'],
    ['POST', '/api/directory/maps/clients/'],
    ['DELETE', '/api/directory/maps/cost-centres/{costCentre}/'],
    ['POST', '/api/operations/cost-centres/{costCentre}/employees/'],
    ['DELETE', '/api/operations/cost-centres/{costCentre}/operation-contacts/'],
    ['GET', '/api/accounts/clients/{client}/addresses/{client}/make-primary/'],
    ['POST', '/api/accounts/clients/{client}/history/'],
  ])('%s %s answers 405', async (method, path) => {
    const url = path.replace(/\{client\}/g, client.id).replace(/\{costCentre\}/g, costCentre.id);
    const response = await t.request({ method: method as 'GET', url, token: admin.token });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: `Method "${method}" not allowed.` });
  });
});

describe('validation', () => {
  const long = (n: number) => 'x'.repeat(n);
  const clientBase = () => ({
    name: 'Valid',
    account_number: `V-${Math.random()}`.slice(0, 20),
    owner: admin.id,
    legal_entity: le.id,
  });
  const costCentreBase = () => ({
    code: `C${Math.floor(Math.random() * 1e8)}`,
    name: 'Valid',
    email: 'ok@example.test',
    client: client.id,
    legal_entity: le.id,
  });

  it.each([
    ['client: name required', '/api/accounts/clients/', () => ({ ...clientBase(), name: undefined }), 'name'],
    [
      'client: account_number required',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), account_number: undefined }),
      'account_number',
    ],
    ['client: owner required', '/api/accounts/clients/', () => ({ ...clientBase(), owner: undefined }), 'owner'],
    [
      'client: legal_entity required',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), legal_entity: undefined }),
      'legal_entity',
    ],
    ['client: name max 255', '/api/accounts/clients/', () => ({ ...clientBase(), name: long(256) }), 'name'],
    [
      'client: account_number max 50',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), account_number: long(51) }),
      'account_number',
    ],
    ['client: abn max 11', '/api/accounts/clients/', () => ({ ...clientBase(), abn: long(12) }), 'abn'],
    ['client: acn max 11', '/api/accounts/clients/', () => ({ ...clientBase(), acn: long(12) }), 'acn'],
    [
      'client: ticker_symbol max 10',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), ticker_symbol: long(11) }),
      'ticker_symbol',
    ],
    [
      'client: relation_status choice',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), relation_status: 'DORMANT' }),
      'relation_status',
    ],
    [
      'client: account_type choice',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), account_type: 'VENDOR' }),
      'account_type',
    ],
    [
      'client: account_source choice',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), account_source: '{product}_EVENTS' }),
      'account_source',
    ],
    [
      'client: number_of_employees >= 0',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), number_of_employees: -1 }),
      'number_of_employees',
    ],
    [
      'client: number_of_employees integer',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), number_of_employees: 1.5 }),
      'number_of_employees',
    ],
    [
      'client: annual_revenue 14 digits',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), annual_revenue: '1234567890123.45' }),
      'annual_revenue',
    ],
    [
      'client: annual_revenue 2 decimals',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), annual_revenue: '10.125' }),
      'annual_revenue',
    ],
    [
      'client: annual_revenue number',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), annual_revenue: 'lots' }),
      'annual_revenue',
    ],
    [
      'client: legal_entity must exist',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), legal_entity: '01900000-0000-7000-8000-000000000000' }),
      'legal_entity',
    ],
    [
      'client: owner must exist',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), owner: '01900000-0000-7000-8000-000000000000' }),
      'owner',
    ],
    [
      'client: sub_industry within industry',
      '/api/accounts/clients/',
      () => ({ ...clientBase(), sub_industry: subIndustry.id }),
      'sub_industry',
    ],
    [
      'client: nested contact type',
      '/api/accounts/clients/',
      () => ({
        ...clientBase(),
        contacts: [
          { contact_type: 'EMAIL', contact_detail: 'a@b.co' },
          { contact_type: 'FAX', contact_detail: '1' },
        ],
      }),
      'contacts',
    ],
    ['legal entity: name required', '/api/base/legal-entities/', () => ({ abbr: 'X' }), 'name'],
    ['legal entity: abbr max 11', '/api/base/legal-entities/', () => ({ name: 'L', abbr: long(12) }), 'abbr'],
    [
      'legal entity: search_name max 255',
      '/api/base/legal-entities/',
      () => ({ name: 'L', search_name: long(256) }),
      'search_name',
    ],
    ['legal entity: abn max 11', '/api/base/legal-entities/', () => ({ name: 'L', abn: long(12) }), 'abn'],
    ['industry: name required', '/api/base/industries/', () => ({ description: 'x' }), 'name'],
    ['industry: name max 255', '/api/base/industries/', () => ({ name: long(256) }), 'name'],
    ['sub-industry: industry required', '/api/base/sub-industries/', () => ({ name: 'x' }), 'industry'],
    ['brand: name required', '/api/operations/brands/', () => ({ description: 'x' }), 'name'],
    ['brand: name max 30', '/api/operations/brands/', () => ({ name: long(31) }), 'name'],
    ['brand: description max 50', '/api/operations/brands/', () => ({ name: 'b', description: long(51) }), 'description'],
    ['cost centre: code required', '/api/operations/cost-centres/', () => ({ ...costCentreBase(), code: undefined }), 'code'],
    ['cost centre: code max 10', '/api/operations/cost-centres/', () => ({ ...costCentreBase(), code: long(11) }), 'code'],
    ['cost centre: name max 50', '/api/operations/cost-centres/', () => ({ ...costCentreBase(), name: long(51) }), 'name'],
    ['cost centre: email required', '/api/operations/cost-centres/', () => ({ ...costCentreBase(), email: undefined }), 'email'],
    [
      'cost centre: email valid',
      '/api/operations/cost-centres/',
      () => ({ ...costCentreBase(), email: 'not-an-email' }),
      'email',
    ],
    [
      'cost centre: email max 100',
      '/api/operations/cost-centres/',
      () => ({ ...costCentreBase(), email: `${long(96)}@x.io` }),
      'email',
    ],
    ['cost centre: notes max 255', '/api/operations/cost-centres/', () => ({ ...costCentreBase(), notes: long(256) }), 'notes'],
    [
      'cost centre: operation_status choice',
      '/api/operations/cost-centres/',
      () => ({ ...costCentreBase(), operation_status: 'OPEN' }),
      'operation_status',
    ],
    [
      'cost centre: client required',
      '/api/operations/cost-centres/',
      () => ({ ...costCentreBase(), client: undefined }),
      'client',
    ],
    [
      'cost centre: legal_entity required',
      '/api/operations/cost-centres/',
      () => ({ ...costCentreBase(), legal_entity: undefined }),
      'legal_entity',
    ],
    [
      'cost centre: brand must exist',
      '/api/operations/cost-centres/',
      () => ({ ...costCentreBase(), brand: '01900000-0000-7000-8000-000000000000' }),
      'brand',
    ],
    ['contact person: company required', '/api/accounts/contact-persons/', () => ({ first_name: 'x' }), 'company'],
    [
      'contact person: first_name max 50',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, first_name: long(51) }),
      'first_name',
    ],
    [
      'contact person: last_name max 50',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, last_name: long(51) }),
      'last_name',
    ],
    [
      'contact person: pref_name max 50',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, pref_name: long(51) }),
      'pref_name',
    ],
    [
      'contact person: department max 60',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, department: long(61) }),
      'department',
    ],
    [
      'contact person: position max 60',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, position: long(61) }),
      'position',
    ],
    [
      'contact person: availability max 50',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, availability: long(51) }),
      'availability',
    ],
    [
      'contact person: notes max 255',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, notes: long(256) }),
      'notes',
    ],
    [
      'contact person: linkedin_profile uri',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, linkedin_profile: 'linkedin' }),
      'linkedin_profile',
    ],
    [
      'contact person: linkedin_profile max 80',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, linkedin_profile: `https://x.io/${long(70)}` }),
      'linkedin_profile',
    ],
    [
      'contact person: profile_photo_url uri',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, profile_photo_url: 'photo.png' }),
      'profile_photo_url',
    ],
    [
      'contact person: salutation choice',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, salutation: 'KING' }),
      'salutation',
    ],
    [
      'contact person: pronouns choice',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, pronouns: 'HE' }),
      'pronouns',
    ],
    [
      'contact person: gender choice',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, gender: 'NONBINARY' }),
      'gender',
    ],
    [
      'contact person: communication_preference choice',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, communication_preference: 'FAX' }),
      'communication_preference',
    ],
    [
      'contact person: contact_person_type choice',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, contact_person_type: 'BOSS' }),
      'contact_person_type',
    ],
    [
      'contact person: birthday date',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, birthday: '1980-02-30' }),
      'birthday',
    ],
    [
      'contact person: boolean flags',
      '/api/accounts/contact-persons/',
      () => ({ company: client.id, do_not_call: 'maybe' }),
      'do_not_call',
    ],
    ['client role: role required', '/api/accounts/roles/', () => ({ responsibility: 'x' }), 'role'],
    ['client role: role max 255', '/api/accounts/roles/', () => ({ role: long(256) }), 'role'],
    [
      'client role: responsibility max 255',
      '/api/accounts/roles/',
      () => ({ role: 'r', responsibility: long(256) }),
      'responsibility',
    ],
    ['operation role: role max 255', '/api/operations/roles/', () => ({ role: long(256) }), 'role'],
    ['client relation: client required', '/api/accounts/contact-relations/', () => ({ contact_person: person.id }), 'client'],
    [
      'client relation: contact_person required',
      '/api/accounts/contact-relations/',
      () => ({ client: client.id }),
      'contact_person',
    ],
    [
      'client relation: end after start',
      '/api/accounts/contact-relations/',
      () => ({ client: client.id, contact_person: person.id, start_date: '2024-02-01', end_date: '2024-01-01' }),
      'end_date',
    ],
    [
      'client relation: roles exist',
      '/api/accounts/contact-relations/',
      () => ({ client: client.id, contact_person: person.id, role: ['01900000-0000-7000-8000-000000000000'] }),
      'role',
    ],
    [
      'cost centre relation: cost_centre required',
      '/api/operations/contact-relations/',
      () => ({ contact_person: admin.id }),
      'cost_centre',
    ],
    [
      'cost centre relation: contact person is a user',
      '/api/operations/contact-relations/',
      () => ({ cost_centre: costCentre.id, contact_person: person.id }),
      'contact_person',
    ],
  ])('%s', async (_name, url, payload, field) => {
    const response = await send('POST', url, payload());
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toContain(field);
  });

  it.each([
    ['address: address_name required', { address_name: undefined }, 'address_name'],
    ['address: purpose required', { purpose: undefined }, 'purpose'],
    ['address: purpose choice', { purpose: 'SHIPPING' }, 'purpose'],
    ['address: street_address required', { street_address: undefined }, 'street_address'],
    ['address: locality required', { locality: undefined }, 'locality'],
    ['address: state required', { state: undefined }, 'state'],
    ['address: postal_code required', { postal_code: undefined }, 'postal_code'],
    ['address: country required', { country: undefined }, 'country'],
    ['address: address_name max 255', { address_name: 'x'.repeat(256) }, 'address_name'],
    ['address: state max 100', { state: 'x'.repeat(101) }, 'state'],
    ['address: postal_code max 20', { postal_code: 'x'.repeat(21) }, 'postal_code'],
    ['address: formatted_address max 500', { formatted_address: 'x'.repeat(501) }, 'formatted_address'],
    ['address: time_zone max 50', { time_zone: 'x'.repeat(51) }, 'time_zone'],
    ['address: latitude range', { latitude: 90.5 }, 'latitude'],
    ['address: longitude range', { longitude: '-180.0000001' }, 'longitude'],
    ['address: latitude 7 decimals', { latitude: '-33.12345678' }, 'latitude'],
    ['address: longitude number', { longitude: 'east' }, 'longitude'],
  ])('%s', async (_name, overrides, field) => {
    const response = await send('POST', `/api/accounts/clients/${client.id}/addresses/`, buildAddress(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });

  it.each([
    ['contact: contact_type required', { contact_detail: 'a@b.co' }, 'contact_type'],
    ['contact: contact_type choice', { contact_type: 'FAX', contact_detail: '1234567' }, 'contact_type'],
    ['contact: contact_detail required', { contact_type: 'EMAIL' }, 'contact_detail'],
    [
      'contact: contact_detail max 255',
      { contact_type: 'WEBSITE', contact_detail: `https://x.io/${'x'.repeat(250)}` },
      'contact_detail',
    ],
    [
      'contact: description max 50',
      { contact_type: 'EMAIL', contact_detail: 'a@b.co', description: 'x'.repeat(51) },
      'description',
    ],
    ['contact: email detail', { contact_type: 'EMAIL', contact_detail: 'nobody' }, 'contact_detail'],
    ['contact: phone detail', { contact_type: 'PHONE', contact_detail: 'call me' }, 'contact_detail'],
  ])('%s', async (_name, payload, field) => {
    const response = await send('POST', `/api/operations/cost-centres/${costCentre.id}/contacts/`, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });

  it('accepts the exact enumeration values of spec api-contract §3, including blank written as EMPTY', async () => {
    const created = await send('POST', '/api/accounts/contact-persons/', {
      company: client.id,
      salutation: 'EMPTY',
      pronouns: 'HE/HIM',
      gender: 'PREFER_NOT_TO_SAY',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ salutation: '', pronouns: 'HE/HIM', gender: 'PREFER_NOT_TO_SAY' });
    const withSource = await send('POST', '/api/accounts/clients/', {
      ...clientBase(),
      account_source: 'SALTBUSH_EVENTS',
      annual_revenue: '999999999999.99',
      number_of_employees: 0,
    });
    expect(withSource.json()).toMatchObject({
      account_source: 'SALTBUSH_EVENTS',
      annual_revenue: '999999999999.99',
      number_of_employees: 0,
    });
    const blank = await send('PATCH', `/api/accounts/clients/${withSource.json().id}/`, { account_source: '' });
    expect(blank.json().account_source).toBe('');
  });

  it('answers 400 naming the field for unique account number, abbreviation and cost centre code', async () => {
    const first = await send('POST', '/api/accounts/clients/', { ...clientBase(), account_number: 'DUP-1' });
    expect(first.statusCode).toBe(201);
    const duplicate = await send('POST', '/api/accounts/clients/', { ...clientBase(), account_number: 'DUP-1' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ account_number: ['client with this account number already exists.'] });

    await send('POST', '/api/base/legal-entities/', { name: 'A', abbr: 'DUPABBR' });
    const abbr = await send('POST', '/api/base/legal-entities/', { name: 'B', abbr: 'DUPABBR' });
    expect(abbr.json()).toEqual({ abbr: ['legal entity with this abbr already exists.'] });
    // Abbreviation is unique only when set.
    expect((await send('POST', '/api/base/legal-entities/', { name: 'C' })).statusCode).toBe(201);
    expect((await send('POST', '/api/base/legal-entities/', { name: 'D', abbr: '' })).statusCode).toBe(201);

    await send('POST', '/api/operations/cost-centres/', { ...costCentreBase(), code: 'DUPCODE' });
    const code = await send('POST', '/api/operations/cost-centres/', { ...costCentreBase(), code: 'DUPCODE' });
    expect(code.json()).toEqual({ code: ['cost centre with this code already exists.'] });
  });

  it('rejects a parent chain that loops and a client that refers to itself', async () => {
    const a = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
    const b = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, parent: a.id });
    expect((await send('PATCH', `/api/accounts/clients/${a.id}/`, { parent: b.id })).json()).toHaveProperty('parent');
    expect((await send('PATCH', `/api/accounts/clients/${a.id}/`, { master_record: a.id })).json()).toHaveProperty(
      'master_record',
    );
  });

  it('ignores read-only and unknown fields', async () => {
    const created = await send('POST', '/api/base/industries/', {
      name: 'Defence',
      id: '01900000-0000-7000-8000-000000000000',
      created_by: guest.id,
      colour: 'red',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).not.toBe('01900000-0000-7000-8000-000000000000');
    expect(created.json().created_by.id).toBe(admin.id);
    expect(created.json()).not.toHaveProperty('colour');
  });

  it('the database enforces the same rules when the API is bypassed', async () => {
    const db = t.database;
    const attempts = [
      `update accounts_client set number_of_employees = -1 where id = '${client.id}'`,
      `update accounts_client set relation_status = 'DORMANT' where id = '${client.id}'`,
      `update accounts_client set account_source = 'EVENTS' where id = '${client.id}'`,
      `update accounts_client set annual_revenue = 1234567890123.45 where id = '${client.id}'`,
      `update accounts_client set ticker_symbol = '${'x'.repeat(11)}' where id = '${client.id}'`,
      `update operations_cost_centre set operation_status = 'OPEN' where id = '${costCentre.id}'`,
      `update accounts_contact_person set gender = 'NONBINARY' where id = '${person.id}'`,
      `update accounts_contact_person set full_name = 'x' where id = '${person.id}'`,
      `insert into records_address (id, client_id, address_name, purpose, street_address, locality, state, postal_code, country, latitude) values ('01900000-0000-7000-8000-000000000001', '${client.id}', 'a', 'HOME', 's', 'l', 'st', 'p', 'c', 91)`,
      `insert into records_contact (id, client_id, cost_centre_id, contact_detail, contact_type) values ('01900000-0000-7000-8000-000000000002', '${client.id}', '${costCentre.id}', 'x', 'EMAIL')`,
      `insert into accounts_client (id, owner_id, account_number, name, legal_entity_id) select '01900000-0000-7000-8000-000000000003', owner_id, account_number, 'copy', legal_entity_id from accounts_client where id = '${client.id}'`,
    ];
    for (const statement of attempts) await expect(db.query(statement), statement).rejects.toThrow();
  });
});

describe('delete semantics', () => {
  it('answers 409 naming what still refers to a legal entity', async () => {
    const entity = await insertLegalEntity(t, admin.token);
    const c1 = await insertClient(t, admin.token, { owner: admin.id, legal_entity: entity.id });
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: entity.id });
    await insertCostCentre(t, admin.token, { client: c1.id, legal_entity: entity.id });
    const response = await send('DELETE', `/api/base/legal-entities/${entity.id}/`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Cannot delete this legal entity: 2 clients and 1 cost centre refer to it.' });
    expect((await get(`/api/base/legal-entities/${entity.id}/`)).statusCode).toBe(200);
  });

  it('answers 409 for an industry with sub-industries, a client with cost centres and a role in use', async () => {
    const ind = await insertIndustry(t, admin.token);
    await insertSubIndustry(t, admin.token, ind.id);
    expect((await send('DELETE', `/api/base/industries/${ind.id}/`)).json()).toEqual({
      detail: 'Cannot delete this industry: 1 sub-industry refers to it.',
    });
    const owner = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
    await insertCostCentre(t, admin.token, { client: owner.id, legal_entity: le.id });
    await insertContactPerson(t, admin.token, { company: owner.id });
    expect((await send('DELETE', `/api/accounts/clients/${owner.id}/`)).json()).toEqual({
      detail: 'Cannot delete this client: 1 cost centre and 1 contact person refer to it.',
    });
    const role = await insertRole(t, admin.token, 'accounts');
    await send('POST', '/api/accounts/contact-relations/', { client: client.id, contact_person: person.id, role: [role.id] });
    expect((await send('DELETE', `/api/accounts/roles/${role.id}/`)).statusCode).toBe(409);
  });

  it('clears optional references when the referenced record goes', async () => {
    const brand = await insertBrand(t, admin.token);
    const ind = await insertIndustry(t, admin.token);
    const sub = await insertSubIndustry(t, admin.token, ind.id);
    const site = await insertCostCentre(t, admin.token, {
      client: client.id,
      legal_entity: le.id,
      brand: brand.id,
      industry: ind.id,
      sub_industry: sub.id,
    });
    expect((await send('DELETE', `/api/operations/brands/${brand.id}/`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/base/industries/${ind.id}/sub-industries/${sub.id}/`)).statusCode).toBe(204);
    const after = (await get(`/api/operations/cost-centres/${site.id}/`)).json();
    expect(after).toMatchObject({ brand: null, sub_industry: null, industry: { id: ind.id } });
  });
});

describe('nested sub-industries', () => {
  it('lists only the industry’s sub-industries and 404s for another industry’s', async () => {
    const other = await insertIndustry(t, admin.token);
    const mine = await insertSubIndustry(t, admin.token, industry.id);
    const theirs = await insertSubIndustry(t, admin.token, other.id);
    const list = (await get(`/api/base/industries/${industry.id}/sub-industries/?limit=1000`)).json();
    const ids = list.results.map((s: { id: string }) => s.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await get(`/api/base/industries/${industry.id}/sub-industries/${theirs.id}/`)).statusCode).toBe(404);
    expect((await get(`/api/base/sub-industries/${theirs.id}/`)).json().industry).toEqual({
      id: other.id,
      name: expect.any(String),
    });
  });
});

describe('audit trail', () => {
  it('records who changed which fields, newest first, paginated', async () => {
    const created = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Before' });
    await send('PATCH', `/api/accounts/clients/${created.id}/`, { name: 'After', number_of_employees: 12 });
    await send('PATCH', `/api/accounts/clients/${created.id}/`, { name: 'After' });
    const history = await get(`/api/accounts/clients/${created.id}/history/`);
    expect(history.statusCode).toBe(200);
    const { count, results } = history.json();
    expect(count).toBe(2);
    expect(results[0]).toMatchObject({
      action: 'update',
      user: { id: admin.id, full_name: 'Ada Admin' },
      changes: { name: ['Before', 'After'], number_of_employees: [null, 12] },
    });
    expect(Object.keys(results[0].changes).sort()).toEqual(['name', 'number_of_employees']);
    expect(results[1]).toMatchObject({ action: 'create', changes: { name: [null, 'Before'] } });
    const page = await get(`/api/accounts/clients/${created.id}/history/?limit=1`);
    expect(page.json().next).toContain('offset=1');
  });

  it.each([
    ['/api/accounts/contact-persons/', () => insertContactPerson(t, admin.token, { company: client.id }), { position: 'Chef' }],
    [
      '/api/operations/cost-centres/',
      () => insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id }),
      { notes: 'Changed' },
    ],
    ['/api/base/legal-entities/', () => insertLegalEntity(t, admin.token), { search_name: 'Changed' }],
    ['/api/operations/brands/', () => insertBrand(t, admin.token), { description: 'Changed' }],
    ['/api/base/industries/', () => insertIndustry(t, admin.token), { description: 'Changed' }],
  ])('%s{id}/history/ shows an update', async (url, make, change) => {
    const record = await make();
    await send('PATCH', `${url}${record.id}/`, change);
    const [latest] = (await get(`${url}${record.id}/history/`)).json().results;
    const [field, value] = Object.entries(change)[0]!;
    expect(latest.action).toBe('update');
    expect(latest.changes[field][1]).toBe(value);
  });

  it('needs the record’s read permission', async () => {
    expect((await get(`/api/accounts/clients/${client.id}/history/`, guest.token)).statusCode).toBe(403);
  });
});

describe('relations and operation contacts', () => {
  it('lists contact relations by client, contact person and role', async () => {
    const role = await insertRole(t, admin.token, 'accounts', { role: 'Site liaison' });
    const relation = (
      await send('POST', '/api/accounts/contact-relations/', { client: client.id, contact_person: person.id, role: [role.id] })
    ).json();
    expect(relation.role).toEqual([{ id: role.id, role: 'Site liaison', responsibility: '' }]);
    for (const url of [
      `/api/accounts/clients/${client.id}/contact-relations/`,
      `/api/accounts/contact-persons/${person.id}/contact-relations/`,
      `/api/accounts/roles/${role.id}/contact-relations/`,
    ]) {
      const list = await get(url);
      expect(list.statusCode, url).toBe(200);
      expect(
        list.json().results.map((r: { id: string }) => r.id),
        url,
      ).toContain(relation.id);
    }
    expect((await get(`/api/accounts/roles/${role.id}/contact-relations/`)).json().count).toBe(1);
  });

  it('lists cost centre relations by cost centre, user and role, and names the operations manager', async () => {
    const manager = await insertUser(t, { userType: 2, firstName: 'Olive', lastName: 'Manager' });
    const role = await insertRole(t, admin.token, 'operations', { role: 'Operations Manager' });
    await send('POST', `/api/operations/cost-centres/${costCentre.id}/contacts/`, {
      contact_type: 'PHONE',
      contact_detail: '02 9999 0000',
    });
    const relation = (
      await send('POST', '/api/operations/contact-relations/', {
        cost_centre: costCentre.id,
        contact_person: manager.id,
        role: [role.id],
      })
    ).json();
    expect(relation.contact_person).toEqual({ id: manager.id, full_name: 'Olive Manager', email: manager.email });
    for (const url of [
      `/api/operations/cost-centres/${costCentre.id}/contact-relations/`,
      `/api/operations/contact-persons/${manager.id}/contact-relations/`,
      `/api/operations/roles/${role.id}/contact-relations/`,
    ]) {
      expect(
        (await get(url)).json().results.map((r: { id: string }) => r.id),
        url,
      ).toContain(relation.id);
    }
    const contacts = await get(`/api/operations/cost-centres/${costCentre.id}/operation-contacts/`);
    expect(contacts.json()).toEqual({
      phone: '02 9999 0000',
      mobile: null,
      email: expect.any(String),
      operations_manager: { name: 'Olive Manager', email: manager.email, phone: '', mobile: '' },
    });
    const employees = await get(`/api/operations/cost-centres/${costCentre.id}/employees/`);
    expect(employees.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('OpenAPI', () => {
  it('documents every records path', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
    for (const path of [
      '/api/accounts/clients/',
      '/api/accounts/clients/{id}/',
      '/api/accounts/clients/{client_id}/addresses/{id}/make-primary/',
      '/api/accounts/clients/{id}/history/',
      '/api/base/industries/{industry_id}/sub-industries/{id}/',
      '/api/operations/cost-centres/{cost_centre_id}/operation-contacts/',
      '/api/directory/maps/cost-centres/{id}/',
      '/api/identity/allocation/client/{scope}/',
      '/api/identity/allocation/cost-centre/{scope}/',
      '/api/identity/allocation/legal-entity/{scope}/',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});
