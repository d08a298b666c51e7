import { describe, expect, it } from 'vitest';
import { useSyncHarness } from '../sync-test-harness';
import { googleSyncProvider } from './provider';
import { generateGoogleData, startGoogleFake } from './fake-server';

const h = useSyncHarness({ provider: googleSyncProvider, startFake: () => startGoogleFake(generateGoogleData(1200)) });

describe('google-sync connector against the local Directory API', () => {
  it('is off without credentials', () => {
    expect(googleSyncProvider.fromEnv({})).toBeNull();
  });

  it('fills users, groups and members on a full sync, paging through nextPageToken', async () => {
    const result = await h.sync();
    const data = h.fake.data;
    const memberCount = Object.values(data.members).reduce((n, m) => n + m.length, 0);
    expect(result).toMatchObject({
      rowsRead: 1200 + data.groups.length + memberCount,
      inserted: 1200 + data.groups.length + memberCount,
      updated: 0,
      deleted: 0,
    });
    // 1,200 users at 500 a page is three pages.
    expect(h.fake.controls.dataRequests).toBeGreaterThanOrEqual(3 + 1 + data.groups.length);

    const office = await h.get('/api/google-sync/directory-users/office/?limit=1');
    const site = await h.get('/api/google-sync/directory-users/site/?limit=1');
    expect(office.count + site.count).toBe(1200);
    expect(site.count).toBe(800);
    const source = data.users.find((u) => u.orgUnitPath === '/Office')!;
    const mapped = (
      await h.get(`/api/google-sync/directory-users/office/?filters=${encodeURIComponent(JSON.stringify({ id: source.id }))}`)
    ).results[0];
    expect(mapped).toEqual({
      id: source.id,
      primaryEmail: source.primaryEmail,
      given_name: (source.name as { givenName: string }).givenName,
      family_name: (source.name as { familyName: string }).familyName,
      title: 'Account Manager',
      mobile: expect.stringMatching(/^\+61 4/),
      phone: expect.stringMatching(/^\+61 2 9/),
      cost_centre: expect.stringMatching(/^CC\d{4}$/),
      sector: expect.any(String),
      employee_type: 'Office',
      department: 'Finance',
      region: expect.any(String),
      reporting_manager: expect.stringContaining('@example-catering.com.au'),
    });

    const groups = await h.get('/api/google-sync/directory-groups/?ordering=name');
    expect(groups.count).toBe(4);
    const allStaff = groups.results.find((g: { email: string }) => g.email.startsWith('all-staff'));
    expect(allStaff).toMatchObject({
      adminCreated: true,
      directMembersCount: '50',
      aliases: ['everyone@example-catering.com.au'],
      kind: 'admin#directory#group',
    });
    const members = await h.get(`/api/google-sync/directory-group/${allStaff.id}/members/?ordering=email`);
    expect(members.count).toBe(50);
    expect(members.results[0]).toMatchObject({
      type: 'USER',
      role: expect.any(String),
      group: allStaff.id,
      status: 'ACTIVE',
      delivery_settings: 'ALL_MAIL',
    });
    expect(members.results[0].member).toBe(members.results[0].id);
  });

  it('re-sync applies changes and deletions only, keeping member uids', async () => {
    const allStaff = h.fake.data.groups[0]!;
    const before = await h.get(`/api/google-sync/directory-group/${allStaff.id}/members/?limit=1000`);
    const removedUser = h.fake.data.users.pop()!;
    const changed = h.fake.data.users[0]!;
    (changed.organizations as { title: string }[])[0]!.title = 'Head Chef';
    const droppedMember = h.fake.data.members[allStaff.id as string]!.pop()!;

    const result = await h.sync();
    expect(result.inserted).toBe(0);
    expect(result.updated).toBe(1);
    // The user, plus its memberships in other groups and the dropped membership.
    expect(result.deleted).toBeGreaterThanOrEqual(2);

    const after = await h.get(`/api/google-sync/directory-group/${allStaff.id}/members/?limit=1000`);
    expect(after.count).toBe(before.count - 1);
    expect(after.results.map((m: { id: string }) => m.id)).not.toContain(droppedMember.id);
    const uidsBefore = new Map(before.results.map((m: { id: string; uid: string }) => [m.id, m.uid]));
    for (const m of after.results) expect(m.uid).toBe(uidsBefore.get(m.id));

    const gone = await h.get(
      `/api/google-sync/directory-users/site/?filters=${encodeURIComponent(JSON.stringify({ id: removedUser.id }))}`,
    );
    const goneOffice = await h.get(
      `/api/google-sync/directory-users/office/?filters=${encodeURIComponent(JSON.stringify({ id: removedUser.id }))}`,
    );
    expect(gone.count + goneOffice.count).toBe(0);
    const headChef = await h.get(`/api/google-sync/directory-users/site/?search=${encodeURIComponent('Head Chef')}`);
    expect(headChef.results.map((u: { id: string }) => u.id)).toContain(changed.id);

    const unchanged = await h.sync();
    expect(unchanged).toMatchObject({ inserted: 0, updated: 0, deleted: 0 });
  });

  it('waits out a 429 for the Retry-After time and carries on', async () => {
    h.fake.controls.throttle(1, 1);
    const started = Date.now();
    const result = await h.sync();
    expect(h.fake.controls.throttled).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(result.updated + result.inserted + result.deleted).toBe(0);
  });

  it('a failure midway leaves the previous data intact and the run marked failed', async () => {
    const countBefore = (await h.get('/api/google-sync/directory-users/site/?limit=1')).count;
    h.fake.data.users.splice(0, 100);
    h.fake.controls.failAfter(3);
    await expect(h.sync()).rejects.toThrow(/500/);
    h.fake.controls.failAfter(null);
    expect((await h.get('/api/google-sync/directory-users/site/?limit=1')).count).toBe(countBefore);
    const runs = await h.get(
      '/api/integrations/runs/?filters=' + encodeURIComponent(JSON.stringify({ connector: 'google-sync' })),
    );
    expect(runs.results[0]).toMatchObject({
      connector: 'google-sync',
      status: 'failed',
      trigger: 'cli',
      error: expect.stringContaining('500'),
      rows_inserted: 0,
    });
    expect(runs.results[0].finished).not.toBeNull();
    expect(runs.results.filter((r: { status: string }) => r.status === 'succeeded').length).toBe(4);
  });

  it('refuses a second run while one holds the lock', async () => {
    const outcomes = await Promise.allSettled([h.sync(), h.sync()]);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/already running/);
  });
});
