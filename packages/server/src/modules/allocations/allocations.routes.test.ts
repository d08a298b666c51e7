import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { rowsOf } from '../../list-query/list-page';
import { runSync } from '../integrations/connector';
import { adpProvider } from '../integrations/providers/adp/provider';
import { generateAdpWorkers, startAdpFake, type AdpFake } from '../integrations/providers/adp/fake-server';
import { googleSyncProvider } from '../integrations/providers/google-sync/provider';
import { generateGoogleData, startGoogleFake, type GoogleFake } from '../integrations/providers/google-sync/fake-server';
import { permissionCache } from '../identity/permission-cache';

let t: TestApp;
let superuser: TestUser;
let adminType: TestUser;
let corporate: TestUser;
let siteUser: TestUser;
let cook: TestUser;
let clerk: TestUser;
let adp: AdpFake;
let google: GoogleFake;
const ids: Record<string, string> = {};

const QUICK = { SYNC_HTTP_RETRIES: '1', SYNC_HTTP_BACKOFF_MS: '10' };
const syncAdp = () =>
  runSync({
    database: t.database,
    connector: adpProvider.fromEnv({ ...adp.env, ...QUICK })!,
    trigger: 'cli',
    log: () => undefined,
  });
const syncGoogle = () =>
  runSync({
    database: t.database,
    connector: googleSyncProvider.fromEnv({ ...google.env, ...QUICK })!,
    trigger: 'cli',
    log: () => undefined,
  });

/** Worker 2 of the payroll fake works at CC00002; directory user 1 at CC1002 (n = 1 + seed 1). */
beforeAll(async () => {
  t = await createTestApp();
  adp = await startAdpFake(generateAdpWorkers(5));
  google = await startGoogleFake(generateGoogleData(3));
  superuser = await insertUser(t, { superuser: true });
  adminType = await insertUser(t, { userType: 1 });
  corporate = await insertUser(t, { userType: 2 });
  siteUser = await insertUser(t, { userType: 5 });
  const workerEmail = (adp.workers[1]!.businessCommunication as { emails: { emailUri: string }[] }).emails[0]!.emailUri;
  cook = await insertUser(t, { userType: 5, email: workerEmail.toUpperCase() });
  clerk = await insertUser(t, { userType: 5, email: String(google.data.users[1]!.primaryEmail).toUpperCase() });
  const le = await insertLegalEntity(t, superuser.token, { name: 'Alloc Entity', abbr: 'ALC' });
  ids.le = le.id;
  ids.client = (await insertClient(t, superuser.token, { owner: superuser.id, legal_entity: le.id, name: 'Alloc Client' })).id;
  ids.other = (await insertClient(t, superuser.token, { owner: superuser.id, legal_entity: le.id, name: 'Other Client' })).id;
  const site = async (code: string, client: string) =>
    (await insertCostCentre(t, superuser.token, { client, legal_entity: le.id, name: `Site ${code}`, code, address: undefined }))
      .id;
  ids.cc2 = await site('CC00002', ids.client);
  ids.cc3 = await site('CC00003', ids.client);
  ids.cc1002 = await site(String((google.data.users[1]!.organizations as { costCenter: string }[])[0]!.costCenter), ids.other);
  ids.plain = await site('PLAIN1', ids.other);
});
afterAll(async () => {
  await adp?.close();
  await google?.close();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const derivedOf = async (userId: string) =>
  rowsOf<{ source: string; cost_centre_id: string }>(
    await t.database.db.execute(
      sql`select source, cost_centre_id from records_allocation where user_id = ${userId} and source <> 'MANUAL' order by source`,
    ),
  );

describe('allocations API', () => {
  it('is for holders of the allocation permissions: Admins by default, not other groups (403)', async () => {
    expect((await call('GET', '/api/identity/allocations/', adminType.token)).statusCode).toBe(200);
    for (const user of [corporate, siteUser]) {
      expect((await call('GET', '/api/identity/allocations/', user.token)).statusCode).toBe(403);
      expect((await call('GET', '/api/identity/allocations/drift/', user.token)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/identity/allocations/', user.token, { user: user.id, client: ids.client })).statusCode,
      ).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/identity/allocations/' })).statusCode).toBe(401);
  });

  it('refuses anything but exactly one existing target for an existing user (400 naming the field), changing nothing', async () => {
    const before = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from records_allocation`))[0]!
      .n;
    const cases: [Record<string, unknown>, string][] = [
      [{ user: siteUser.id }, 'non_field_errors'],
      [{ user: siteUser.id, client: ids.client, cost_centre: ids.cc2 }, 'non_field_errors'],
      [{ client: ids.client }, 'user'],
      [{ user: 'nope', client: ids.client }, 'user'],
      [{ user: siteUser.id, client: 'nope' }, 'client'],
      [{ user: '0190d6a0-0000-7000-8000-00000000ffff', client: ids.client }, 'user'],
      [{ user: siteUser.id, legal_entity: '0190d6a0-0000-7000-8000-00000000ffff' }, 'legal_entity'],
      [{ user: siteUser.id, cost_centre: ids.client }, 'cost_centre'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/api/identity/allocations/', adminType.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toHaveProperty(field);
    }
    const after = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from records_allocation`))[0]!
      .n;
    expect(after).toBe(before);
  });

  it("adds and removes a manual allocation, audited, and the user's lists change at once", async () => {
    const list = async () =>
      (await call('GET', '/api/operations/cost-centres/?limit=100', siteUser.token))
        .json()
        .results.map((r: { id: string }) => r.id)
        .sort();
    expect(await list()).toEqual([]);
    // The list warmed the user's permission cache; an allocation change drops the entry.
    let loads = 0;
    const probe = () => permissionCache.get(siteUser.id, async () => (loads++, new Set<string>()));
    await probe();
    expect(loads).toBe(0);
    const created = await call('POST', '/api/identity/allocations/', adminType.token, {
      user: siteUser.id,
      client: ids.client,
      source: 'PAYROLL',
    });
    expect(created.statusCode, created.body).toBe(201);
    const allocation = created.json();
    expect(allocation).toMatchObject({
      user: { id: siteUser.id, email: siteUser.email },
      legal_entity: null,
      client: { id: ids.client, name: 'Alloc Client' },
      cost_centre: null,
      source: 'MANUAL',
    });
    await probe();
    expect(loads).toBe(1);
    permissionCache.forget(siteUser.id);
    expect(await list()).toEqual([ids.cc2, ids.cc3].sort());
    expect((await call('GET', `/api/identity/allocations/${allocation.id}/`, adminType.token)).json()).toEqual(allocation);
    const duplicate = await call('POST', '/api/identity/allocations/', adminType.token, {
      user: siteUser.id,
      client: ids.client,
    });
    expect(duplicate.statusCode).toBe(400);
    const mine = (
      await call(
        'GET',
        `/api/identity/allocations/?filters=${encodeURIComponent(JSON.stringify({ user: siteUser.id }))}`,
        adminType.token,
      )
    ).json();
    expect(mine.results.map((r: { id: string }) => r.id)).toEqual([allocation.id]);
    const searched = (
      await call('GET', `/api/identity/allocations/?search=${encodeURIComponent(siteUser.email)}`, adminType.token)
    ).json();
    expect(searched.count).toBe(1);

    expect((await call('DELETE', `/api/identity/allocations/${allocation.id}/`, corporate.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/identity/allocations/${allocation.id}/`, adminType.token)).statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect((await call('GET', `/api/identity/allocations/${allocation.id}/`, adminType.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/identity/allocations/${allocation.id}/`, adminType.token)).statusCode).toBe(404);
    const audit = rowsOf<{ action: string; user_id: string; changes: Record<string, [unknown, unknown]> }>(
      await t.database.db.execute(
        sql`select action, user_id, changes from audit_log where model = 'allocation' and record_id = ${allocation.id} order by at`,
      ),
    );
    expect(audit.map((a) => [a.action, a.user_id])).toEqual([
      ['create', adminType.id],
      ['delete', adminType.id],
    ]);
    expect(audit[0]!.changes.client).toEqual([null, ids.client]);
  });
});

describe('derived allocations and drift', () => {
  it('derives each person’s cost centre from the payroll and directory syncs, matched by e-mail whatever its case', async () => {
    await syncAdp();
    await syncGoogle();
    expect(await derivedOf(cook.id)).toEqual([{ source: 'PAYROLL', cost_centre_id: ids.cc2 }]);
    expect(await derivedOf(clerk.id)).toEqual([{ source: 'DIRECTORY', cost_centre_id: ids.cc1002 }]);
    const listed = (
      await call(
        'GET',
        `/api/identity/allocations/?filters=${encodeURIComponent(JSON.stringify({ source: 'PAYROLL' }))}`,
        adminType.token,
      )
    ).json();
    expect(
      listed.results.map((r: { user: { id: string }; cost_centre: { code: string } }) => [r.user.id, r.cost_centre.code]),
    ).toEqual([[cook.id, 'CC00002']]);
    const audit = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where model = 'allocation' and action = 'create' and user_id is null`,
      ),
    );
    expect(audit[0]!.n).toBe(2);
    // The derived allocation scopes the person's lists.
    const sites = (await call('GET', '/api/operations/cost-centres/', cook.token))
      .json()
      .results.map((r: { id: string }) => r.id);
    expect(sites).toEqual([ids.cc2]);
  });

  it('moves a derived allocation when the payroll moves the person, and a re-sync without change changes nothing', async () => {
    const assignment = (
      adp.workers[1]!.workAssignments as { homeOrganizationalUnits: { nameCode: { codeValue: string } }[] }[]
    )[0]!;
    assignment.homeOrganizationalUnits[1]!.nameCode.codeValue = 'CC00003';
    await syncAdp();
    expect(await derivedOf(cook.id)).toEqual([{ source: 'PAYROLL', cost_centre_id: ids.cc3 }]);
    const before = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log where model = 'allocation'`),
    )[0]!.n;
    await syncAdp();
    const after = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log where model = 'allocation'`),
    )[0]!.n;
    expect(after).toBe(before);
  });

  it('reports where manual and derived allocations disagree', async () => {
    const drift = async () =>
      (await call('GET', '/api/identity/allocations/drift/', adminType.token)).json() as {
        count: number;
        results: { user: { id: string }; cost_centre: { id: string }; kind: string; manual: boolean; derived_by: string[] }[];
      };
    const first = await drift();
    expect(first.results.filter((r) => r.user.id === cook.id)).toEqual([
      expect.objectContaining({
        cost_centre: expect.objectContaining({ id: ids.cc3 }),
        kind: 'MISSING_MANUAL',
        manual: false,
        derived_by: ['PAYROLL'],
      }),
    ]);
    // A manual allocation of the client covers the derived cost centre; one of another site is not derived.
    await call('POST', '/api/identity/allocations/', adminType.token, { user: cook.id, client: ids.client });
    await call('POST', '/api/identity/allocations/', adminType.token, { user: cook.id, cost_centre: ids.plain });
    const second = await drift();
    expect(second.results.filter((r) => r.user.id === cook.id)).toEqual([
      expect.objectContaining({
        cost_centre: expect.objectContaining({ id: ids.plain }),
        kind: 'NOT_DERIVED',
        manual: true,
        derived_by: [],
      }),
    ]);
    expect(second.results.some((r) => r.user.id === clerk.id && r.kind === 'MISSING_MANUAL')).toBe(true);
    const paged = (await call('GET', '/api/identity/allocations/drift/?limit=1', adminType.token)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.count).toBe(second.count);
    expect(paged.next === null).toBe(second.count <= 1);
  });
});
