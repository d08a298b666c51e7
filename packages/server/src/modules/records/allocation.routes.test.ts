import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import {
  allocate,
  buildAddress,
  insertClient,
  insertContactPerson,
  insertCostCentre,
  insertLegalEntity,
} from '../../test/factories/records';

let t: TestApp;
let admin: TestUser;
let siteUser: TestUser;
let corporate: TestUser;
const ids: Record<string, string> = {};

/**
 * le1 (allocated to the site user) -> clientA -> siteA1
 * le2 -> clientB (allocated) -> siteB1;  clientB -> child clientC -> siteC1
 * le2 -> clientD -> siteD1 (allocated), siteD2 (not)
 * le2 -> clientE (not allocated at all) -> siteE1
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  siteUser = await insertUser(t, { userType: 5 });
  corporate = await insertUser(t, { userType: 2 });
  const le1 = await insertLegalEntity(t, admin.token, { name: 'North Entity', abbr: 'NTH' });
  const le2 = await insertLegalEntity(t, admin.token, { name: 'South Entity', abbr: 'STH' });
  ids.le1 = le1.id;
  ids.le2 = le2.id;
  const withCoordinates = { address: buildAddress() };
  ids.clientA = (
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le1.id, name: 'Client A', ...withCoordinates })
  ).id;
  ids.clientB = (
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le2.id, name: 'Client B', ...withCoordinates })
  ).id;
  ids.clientC = (
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le2.id, name: 'Client C', parent: ids.clientB })
  ).id;
  ids.clientD = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le2.id, name: 'Client D' })).id;
  ids.clientE = (
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le2.id, name: 'Client E', ...withCoordinates })
  ).id;
  const site = async (name: string, client: string, le: string) =>
    (await insertCostCentre(t, admin.token, { client, legal_entity: le, name, address: undefined })).id;
  ids.siteA1 = await site('Site A1', ids.clientA, le1.id);
  ids.siteB1 = await site('Site B1', ids.clientB, le2.id);
  ids.siteC1 = await site('Site C1', ids.clientC, le2.id);
  ids.siteD1 = await site('Site D1', ids.clientD, le2.id);
  ids.siteD2 = await site('Site D2', ids.clientD, le2.id);
  ids.siteE1 = await site('Site E1', ids.clientE, le2.id);
  for (const siteId of [ids.siteA1, ids.siteE1]) {
    await t.request({
      method: 'POST',
      url: `/api/operations/cost-centres/${siteId}/addresses/`,
      token: admin.token,
      payload: buildAddress({ latitude: '-37.8136276', longitude: '144.9630576' }),
    });
  }
  ids.personE = (await insertContactPerson(t, admin.token, { company: ids.clientE })).id;
  ids.personA = (await insertContactPerson(t, admin.token, { company: ids.clientA })).id;
  await allocate(t, siteUser.id, { legalEntityId: le1.id });
  await allocate(t, siteUser.id, { clientId: ids.clientB });
  await allocate(t, siteUser.id, { costCentreId: ids.siteD1 });
});
afterAll(() => t.close());

const names = async (url: string, token: string) => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, `${url} ${response.body}`).toBe(200);
  return response
    .json()
    .results.map((r: { name?: string; data?: { name: string } }) => r.name ?? r.data?.name)
    .sort();
};

describe('allocation endpoint', () => {
  it.each([
    ['client', 'direct', ['Client B']],
    ['client', 'inherited', ['Client A', 'Client C']],
    ['client', 'all', ['Client A', 'Client B', 'Client C']],
    ['cost-centre', 'direct', ['Site D1']],
    ['cost-centre', 'inherited', ['Site A1', 'Site B1', 'Site C1']],
    ['cost-centre', 'all', ['Site A1', 'Site B1', 'Site C1', 'Site D1']],
    ['legal-entity', 'direct', ['North Entity']],
    ['legal-entity', 'inherited', []],
    ['legal-entity', 'all', ['North Entity']],
  ])('%s/%s', async (kind, scope, expected) => {
    expect(await names(`/api/identity/allocation/${kind}/${scope}/`, siteUser.token)).toEqual(expected);
  });

  it('answers the allocation shapes', async () => {
    const client = (
      await t.request({ method: 'GET', url: '/api/identity/allocation/client/direct/', token: siteUser.token })
    ).json().results[0];
    expect(client).toEqual({ id: ids.clientB, name: 'Client B', account_number: expect.any(String) });
    const site = (
      await t.request({ method: 'GET', url: '/api/identity/allocation/cost-centre/direct/', token: siteUser.token })
    ).json().results[0];
    expect(site).toEqual({ id: ids.siteD1, name: 'Site D1', code: expect.any(String) });
    const entity = (
      await t.request({ method: 'GET', url: '/api/identity/allocation/legal-entity/all/', token: siteUser.token })
    ).json().results[0];
    expect(entity).toEqual({ id: ids.le1, name: 'North Entity', abbr: 'NTH' });
  });

  it('404s an unknown kind or scope and 401s without a token', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/identity/allocation/brand/all/', token: siteUser.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/identity/allocation/client/some/', token: siteUser.token })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/identity/allocation/client/all/' })).statusCode).toBe(401);
  });
});

describe('scope of a Site user', () => {
  it('lists only allocated clients and cost centres', async () => {
    expect(await names('/api/accounts/clients/', siteUser.token)).toEqual(['Client A', 'Client B', 'Client C']);
    expect(await names('/api/operations/cost-centres/', siteUser.token)).toEqual(['Site A1', 'Site B1', 'Site C1', 'Site D1']);
  });

  it('answers 404 for a client, cost centre, their nested records and history outside the allocation', async () => {
    for (const url of [
      `/api/accounts/clients/${ids.clientE}/`,
      `/api/accounts/clients/${ids.clientE}/addresses/`,
      `/api/accounts/clients/${ids.clientE}/contacts/`,
      `/api/accounts/clients/${ids.clientE}/contact-relations/`,
      `/api/accounts/clients/${ids.clientE}/history/`,
      `/api/operations/cost-centres/${ids.siteE1}/`,
      `/api/operations/cost-centres/${ids.siteD2}/`,
      `/api/operations/cost-centres/${ids.siteE1}/operation-contacts/`,
      `/api/operations/cost-centres/${ids.siteE1}/employees/`,
      `/api/directory/maps/clients/${ids.clientE}/`,
      `/api/directory/maps/cost-centres/${ids.siteE1}/`,
      `/api/accounts/contact-persons/${ids.personE}/`,
    ]) {
      const response = await t.request({ method: 'GET', url, token: siteUser.token });
      expect(response.statusCode, url).toBe(404);
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/accounts/clients/${ids.clientA}/`, token: siteUser.token })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/accounts/contact-persons/${ids.personA}/`, token: siteUser.token }))
        .statusCode,
    ).toBe(200);
  });

  it('sees only allocated records with coordinates on the maps', async () => {
    expect(await names('/api/directory/maps/clients/', siteUser.token)).toEqual(['Client A', 'Client B']);
    expect(await names('/api/directory/maps/cost-centres/', siteUser.token)).toEqual(['Site A1']);
    const marker = (
      await t.request({ method: 'GET', url: `/api/directory/maps/clients/${ids.clientA}/`, token: siteUser.token })
    ).json();
    expect(marker).toMatchObject({
      id: ids.clientA,
      position: { lat: -33.8688197, lng: 151.2092955 },
      data: { id: ids.clientA, name: 'Client A', division: 'NTH', state: 'NSW' },
    });
  });

  it('filters by a relation cannot reach outside the scope', async () => {
    const url = `/api/accounts/clients/?filters=${encodeURIComponent(JSON.stringify({ legal_entity__abbr: 'STH' }))}`;
    expect(await names(url, siteUser.token)).toEqual(['Client B', 'Client C']);
  });
});

describe('unscoped user types', () => {
  it('a Corporate user and a superuser see every client and marker', async () => {
    for (const user of [corporate, admin]) {
      expect(await names('/api/accounts/clients/', user.token)).toEqual([
        'Client A',
        'Client B',
        'Client C',
        'Client D',
        'Client E',
      ]);
      expect(await names('/api/directory/maps/clients/', user.token)).toEqual(['Client A', 'Client B', 'Client E']);
      expect(await names('/api/directory/maps/cost-centres/', user.token)).toEqual(['Site A1', 'Site E1']);
    }
  });
});
