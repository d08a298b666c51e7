import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import {
  buildAddress,
  insertClient,
  insertContactPerson,
  insertCostCentre,
  insertLegalEntity,
} from '../../test/factories/records';

let t: TestApp;
let admin: TestUser;
let le: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  le = await insertLegalEntity(t, admin.token);
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, token: admin.token });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: admin.token, ...(payload ? { payload } : {}) });
const count = async (url: string) => (await get(url)).json().count as number;

/** The owners of addresses and contacts and their collection paths. */
const owners: [string, () => Promise<string>][] = [
  ['/api/accounts/clients/{id}/', async () => (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id })).id],
  [
    '/api/accounts/contact-persons/{id}/',
    async () =>
      (
        await insertContactPerson(t, admin.token, {
          company: (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id })).id,
        })
      ).id,
  ],
  [
    '/api/operations/cost-centres/{id}/',
    async () => {
      const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
      return (await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id })).id;
    },
  ],
  ['/api/base/legal-entities/{id}/', async () => (await insertLegalEntity(t, admin.token)).id],
];

describe.each(owners)('addresses of %s', (ownerPath, makeOwner) => {
  it('first becomes primary, make-primary moves it, deleting the primary promotes the oldest remaining', async () => {
    const base = `${ownerPath.replace('{id}', await makeOwner())}addresses/`;
    const first = (await send('POST', base, buildAddress({ address_name: 'First', is_primary: false }))).json();
    const second = (await send('POST', base, buildAddress({ address_name: 'Second', is_primary: true }))).json();
    const third = (await send('POST', base, buildAddress({ address_name: 'Third' }))).json();
    expect([first.is_primary, second.is_primary, third.is_primary]).toEqual([true, false, false]);

    const moved = await send('POST', `${base}${third.id}/make-primary/`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: third.id, is_primary: true });
    expect((await get(`${base}${first.id}/`)).json().is_primary).toBe(false);
    expect(await count(`${base}?filters=${encodeURIComponent('{"is_primary":true}')}`)).toBe(1);

    // is_primary is read-only on update too.
    expect((await send('PATCH', `${base}${first.id}/`, { is_primary: true, note: 'gate 2' })).json()).toMatchObject({
      is_primary: false,
      note: 'gate 2',
    });

    expect((await send('DELETE', `${base}${third.id}/`)).statusCode).toBe(204);
    expect((await get(`${base}${first.id}/`)).json().is_primary).toBe(true);
    expect((await get(`${base}${second.id}/`)).json().is_primary).toBe(false);
  });
});

describe.each(owners)('contacts of %s', (ownerPath, makeOwner) => {
  it('keeps one primary per type', async () => {
    const base = `${ownerPath.replace('{id}', await makeOwner())}contacts/`;
    const email1 = (await send('POST', base, { contact_type: 'EMAIL', contact_detail: 'one@example.test' })).json();
    const email2 = (await send('POST', base, { contact_type: 'EMAIL', contact_detail: 'two@example.test' })).json();
    const phone = (await send('POST', base, { contact_type: 'PHONE', contact_detail: '+61 3 9000 1111' })).json();
    expect([email1.is_primary, email2.is_primary, phone.is_primary]).toEqual([true, false, true]);

    await send('POST', `${base}${email2.id}/make-primary/`);
    const primaries = (await get(`${base}?filters=${encodeURIComponent('{"is_primary":true}')}`))
      .json()
      .results.map((c: { id: string }) => c.id)
      .sort();
    expect(primaries).toEqual([email2.id, phone.id].sort());

    // Moving the primary email to another type: that type already has a primary, so it is not primary there, and the oldest email takes over.
    const moved = await send('PATCH', `${base}${email2.id}/`, { contact_type: 'PHONE', contact_detail: '+61 3 9000 2222' });
    expect(moved.json()).toMatchObject({ contact_type: 'PHONE', is_primary: false });
    expect((await get(`${base}${email1.id}/`)).json().is_primary).toBe(true);
  });
});

describe('concurrency', () => {
  it('two concurrent make-primary calls leave exactly one primary address', async () => {
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
    const base = `/api/accounts/clients/${client.id}/addresses/`;
    const created = [];
    for (let i = 0; i < 4; i++) created.push((await send('POST', base, buildAddress({ address_name: `A${i}` }))).json());
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([
        send('POST', `${base}${created[1].id}/make-primary/`),
        send('POST', `${base}${created[2 + (round % 2)].id}/make-primary/`),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const primaries = (await get(`${base}?filters=${encodeURIComponent('{"is_primary":true}')}`)).json();
      expect(primaries.count).toBe(1);
    }
  });

  it('two concurrent first contacts of a type make exactly one primary', async () => {
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
    const base = `/api/accounts/clients/${client.id}/contacts/`;
    const results = await Promise.all([
      send('POST', base, { contact_type: 'MOBILE', contact_detail: '0400 000 001' }),
      send('POST', base, { contact_type: 'MOBILE', contact_detail: '0400 000 002' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results.filter((r) => r.json().is_primary)).toHaveLength(1);
  });

  it('the database refuses a second primary', async () => {
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, address: buildAddress() });
    await expect(
      t.database.query(
        `insert into records_address (id, client_id, address_name, purpose, street_address, locality, state, postal_code, country, is_primary)
         values ('01900000-0000-7000-8000-0000000000aa', $1, 'x', 'HOME', 's', 'l', 'st', 'p', 'c', true)`,
        [client.id],
      ),
    ).rejects.toThrow();
  });
});

describe('nested create', () => {
  it('creates a client with its address and contacts, first of each type primary', async () => {
    const response = await send('POST', '/api/accounts/clients/', {
      name: 'Nested Co',
      account_number: 'NEST-1',
      owner: admin.id,
      legal_entity: le.id,
      address: buildAddress(),
      contacts: [
        { contact_type: 'EMAIL', contact_detail: 'a@nested.example' },
        { contact_type: 'EMAIL', contact_detail: 'b@nested.example' },
        { contact_type: 'MOBILE', contact_detail: '0400 111 222' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id;
    const contacts = (await get(`/api/accounts/clients/${id}/contacts/`)).json().results;
    expect(contacts.map((c: { contact_detail: string; is_primary: boolean }) => [c.contact_detail, c.is_primary])).toEqual([
      ['a@nested.example', true],
      ['b@nested.example', false],
      ['0400 111 222', true],
    ]);
    expect((await get(`/api/accounts/clients/${id}/addresses/`)).json().results[0]).toMatchObject({
      is_primary: true,
      client: id,
      cost_centre: null,
    });
  });

  it.each([
    [
      'a contact of an unknown type',
      [
        { contact_type: 'EMAIL', contact_detail: 'ok@x.example' },
        { contact_type: 'PAGER', contact_detail: '1' },
      ],
      { contacts: { 1: { contact_type: ['"PAGER" is not a valid choice.'] } } },
    ],
    [
      'a contact whose detail does not fit its type',
      [
        { contact_type: 'PHONE', contact_detail: '02 9999 1111' },
        { contact_type: 'EMAIL', contact_detail: 'not-an-email' },
      ],
      { contacts: { 1: { contact_detail: ['Enter a valid email address.'] } } },
    ],
  ])('rolls back the whole client when it has %s', async (_name, contacts, errors) => {
    const accountNumber = `ROLL-${Math.random().toString(36).slice(2, 8)}`;
    const response = await send('POST', '/api/accounts/clients/', {
      name: 'Rollback',
      account_number: accountNumber,
      owner: admin.id,
      legal_entity: le.id,
      address: buildAddress(),
      contacts,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(
      await count(`/api/accounts/clients/?filters=${encodeURIComponent(JSON.stringify({ account_number: accountNumber }))}`),
    ).toBe(0);
    const [orphans] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from records_address where address_name = 'Head office' and client_id not in (select id from accounts_client)`,
    );
    expect(orphans!.n).toBe(0);
  });

  it('rolls back a legal entity whose address is invalid and names the nested field', async () => {
    const response = await send('POST', '/api/base/legal-entities/', {
      name: 'Half made',
      abbr: 'HALF',
      address: buildAddress({ latitude: 100 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ address: { latitude: ['Ensure this value is less than or equal to 90.'] } });
    expect(await count(`/api/base/legal-entities/?filters=${encodeURIComponent('{"abbr":"HALF"}')}`)).toBe(0);
  });

  it('writes nothing when the account number is taken', async () => {
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, account_number: 'TAKEN-1' });
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from records_contact');
    const response = await send('POST', '/api/accounts/clients/', {
      name: 'Dup',
      account_number: 'TAKEN-1',
      owner: admin.id,
      legal_entity: le.id,
      contacts: [{ contact_type: 'EMAIL', contact_detail: 'x@y.example' }],
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from records_contact')).toEqual(before);
  });
});

describe('owned records of another owner', () => {
  it('answers 404 for an address that belongs to someone else', async () => {
    const a = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, address: buildAddress() });
    const b = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
    const [address] = (await get(`/api/accounts/clients/${a.id}/addresses/`)).json().results;
    expect((await get(`/api/accounts/clients/${b.id}/addresses/${address.id}/`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/accounts/clients/${b.id}/addresses/${address.id}/`)).statusCode).toBe(404);
    expect((await get('/api/accounts/clients/01900000-0000-7000-8000-000000000000/addresses/')).statusCode).toBe(404);
  });
});
