import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';

// A record's History names the related records its changes point at, not their ids (issue 38
// round two): one statement for the names of a whole page, withheld outside the caller's allocation.
let t: TestApp;
let admin: TestUser;
let siteUser: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  siteUser = await insertUser(t, { userType: 5 });
  ids.le1 = (await insertLegalEntity(t, admin.token, { name: 'North Entity' })).id;
  ids.le2 = (await insertLegalEntity(t, admin.token, { name: 'South Entity' })).id;
  for (const name of ['Client A', 'Client B', 'Client C', 'Client D'])
    ids[name] = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: ids.le1, name })).id;
  ids.site = (await insertCostCentre(t, admin.token, { client: ids['Client A']!, legal_entity: ids.le1!, name: 'Site One', address: undefined })).id;
  // The site user sees the site (allocated directly) and Client B, not Clients A, C or D.
  await allocate(t, siteUser.id, { costCentreId: ids.site });
  await allocate(t, siteUser.id, { clientId: ids['Client B'] });
});
afterAll(() => t.close());

const patch = async (payload: Record<string, unknown>) => {
  const response = await t.request({ method: 'PATCH', url: `/api/operations/cost-centres/${ids.site}/`, token: admin.token, payload });
  expect(response.statusCode, response.body).toBe(200);
};

/** The site's history as `token`'s user reads it, with the statements the request ran. */
async function history(token: string) {
  const response = await t.request({ method: 'GET', url: `/api/operations/cost-centres/${ids.site}/history/`, token, headers: { 'x-debug-sql': '1' } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { results: { action: string; changes: Record<string, [unknown, unknown]>; names: Record<string, [string | null, string | null]> }[] };
  return { results: body.results, statements: Number(response.headers['x-sql-statements']) };
}

describe('record history names related records', () => {
  it('answers the names of the clients and legal entities a change points at, in one statement for the page', async () => {
    await patch({ client: ids['Client B'] });
    const one = await history(admin.token);
    expect(one.results[0]).toMatchObject({
      action: 'update',
      changes: { client: [ids['Client A'], ids['Client B']] },
      names: { client: ['Client A', 'Client B'] },
    });
    // The creation names its references too; plain fields have no names.
    const created = one.results.at(-1)!;
    expect(created.action).toBe('create');
    expect(created.names).toMatchObject({ client: [null, 'Client A'], legal_entity: [null, 'North Entity'] });
    expect(created.names).not.toHaveProperty('name');

    await patch({ client: ids['Client C'], legal_entity: ids.le2 });
    await patch({ client: ids['Client D'] });
    const three = await history(admin.token);
    expect(three.results.slice(0, 3).map((entry) => entry.names)).toEqual([
      { client: ['Client C', 'Client D'] },
      { client: ['Client B', 'Client C'], legal_entity: ['North Entity', 'South Entity'] },
      { client: ['Client A', 'Client B'] },
    ]);
    // More entries and more related records, the same number of statements: no query per entry.
    expect(three.statements).toBe(one.statements);
  });

  it('withholds the names of records outside the caller’s allocation, keeping the ones they may see', async () => {
    const { results } = await history(siteUser.token);
    const fromAToB = results.find((entry) => entry.changes.client?.[0] === ids['Client A'])!;
    expect(fromAToB.names.client).toEqual([null, 'Client B']);
    const fromCToD = results.find((entry) => entry.changes.client?.[0] === ids['Client C'])!;
    expect(fromCToD.names.client).toEqual([null, null]);
    expect(JSON.stringify(results.map((entry) => entry.names))).not.toMatch(/Client [ACD]/);
  });
});
