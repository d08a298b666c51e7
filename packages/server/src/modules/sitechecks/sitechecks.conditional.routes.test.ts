import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { allocate, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';

// Conditional writes of site check templates and schedules (spec platform §14.6): the detail answers an
// ETag from the row's row_version; PUT, PATCH and DELETE with an If-Match that no longer holds answer 412
// with the record as it is now and change nothing; without If-Match they work as before.

process.env.SITECHECKS_CRON = 'off';

let t: TestApp;
let admin: TestUser;
let siteUser: TestUser;
let siteAId: string;
let siteBId: string;

const base = '/api/sitechecks';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as JSON in assertions
type Json = Record<string, any>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const STEPS = [{ key: 'door', label: 'Back door locked', kind: 'CHECK' }];

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  // A site user who may change schedules, allocated to site A only.
  siteUser = await insertUser(t, { userType: 5 });
  const le = await insertLegalEntity(t, admin.token);
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  siteAId = (await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id })).id;
  siteBId = (await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id })).id;
  await allocate(t, siteUser.id, { costCentreId: siteAId });
  for (const action of ['read', 'change', 'delete']) await grant(t, siteUser.email, `sitecheckschedule.${action}`);
}, 120_000);
afterAll(() => t.close());

const call = (user: TestUser | null, method: Method, url: string, payload?: unknown, ifMatch?: string) =>
  t.request({
    method,
    url,
    token: user?.token,
    payload: payload as never,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });
const read = async (user: TestUser, url: string) => {
  const response = await call(user, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as Json, etag: String(response.headers.etag) };
};
const rows = async (sql: string, params: unknown[]) => t.database.query<Json>(sql, params);

describe('site check templates: ETag and If-Match', () => {
  const url = (id: string) => `${base}/templates/${id}/`;
  const created = async (name: string) => {
    const response = await call(admin, 'POST', `${base}/templates/`, { name, steps: STEPS });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };

  it('a write with the current ETag succeeds and answers the next one; a stale PATCH or PUT is a 412 with the template now, changing nothing', async () => {
    const id = await created('Opening walk');
    const { etag } = await read(admin, url(id));
    expect(etag).toBe(`"sitechecks_template-${id}-1"`);

    const first = await call(admin, 'PATCH', url(id), { name: 'First' }, etag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"sitechecks_template-${id}-2"`);

    const stale = await call(
      admin,
      'PATCH',
      url(id),
      { name: 'Second', steps: [...STEPS, { key: 'bins', label: 'Bins out', kind: 'CHECK' }] },
      etag,
    );
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({
      detail: 'This record was changed by someone else.',
      current: { id, name: 'First', version: 1 },
    });
    expect(stale.json().current.steps).toHaveLength(1);
    expect(stale.headers.etag).toBe(first.headers.etag);

    const put = await call(admin, 'PUT', url(id), { name: 'Put', steps: [{ key: 'door', label: 'Door', kind: 'CHECK' }] }, etag);
    expect(put.statusCode, put.body).toBe(412);
    // Nothing changed: not the name, not the steps, not the steps' versions.
    const now = await read(admin, url(id));
    expect(now.body).toMatchObject({ name: 'First', version: 1, steps: [{ key: 'door', label: 'Back door locked' }] });
    expect(now.etag).toBe(first.headers.etag);
    expect(await rows('select version, steps from sitechecks_template_version where template_id = $1', [id])).toEqual([
      { version: 1, steps: [expect.objectContaining({ label: 'Back door locked' })] },
    ]);

    const fresh = await call(
      admin,
      'PUT',
      url(id),
      { name: 'Put', steps: [{ key: 'door', label: 'Door', kind: 'CHECK' }] },
      now.etag,
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ name: 'Put', steps: [{ label: 'Door' }] });
    expect(fresh.headers.etag).toBe(`"sitechecks_template-${id}-3"`);
  });

  it('a stale DELETE is a 412 and deletes nothing; a current one deletes', async () => {
    const id = await created('Closing walk');
    const { etag } = await read(admin, url(id));
    expect((await call(admin, 'PATCH', url(id), { description: 'Moved on' })).statusCode).toBe(200);
    const stale = await call(admin, 'DELETE', url(id), undefined, etag);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().current).toMatchObject({ id, description: 'Moved on' });
    expect((await read(admin, url(id))).body.name).toBe('Closing walk');
    expect((await call(admin, 'DELETE', url(id), undefined, String(stale.headers.etag))).statusCode).toBe(204);
    expect((await call(admin, 'GET', url(id))).statusCode).toBe(404);
  });

  it('without If-Match writes as before; a malformed If-Match is a 400 naming it and changes nothing; `*` holds, a weak tag never does', async () => {
    const id = await created('Delivery check');
    expect((await call(admin, 'PATCH', url(id), { name: 'No header' })).statusCode).toBe(200);
    const before = await read(admin, url(id));
    const malformed = await call(admin, 'PATCH', url(id), { name: 'Malformed' }, 'not-a-tag');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['If-Match']);
    expect((await call(admin, 'DELETE', url(id), undefined, 'sitechecks_template-1')).statusCode).toBe(400);
    expect(await read(admin, url(id))).toEqual(before);
    expect((await call(admin, 'PATCH', url(id), { name: 'Weak' }, `W/${before.etag}`)).statusCode).toBe(412);
    expect((await call(admin, 'PATCH', url(id), { name: 'Any' }, '*')).statusCode).toBe(200);
    // A list of tags holds when one of them is current.
    const current = (await read(admin, url(id))).etag;
    expect(
      (await call(admin, 'PATCH', url(id), { name: 'Listed' }, `"sitechecks_template-${id}-1", ${current}`)).statusCode,
    ).toBe(200);
  });

  it('refuses callers without the permission as before, whatever their If-Match', async () => {
    const id = await created('Permission walk');
    const { etag } = await read(admin, url(id));
    for (const tag of [etag, '"stale"', 'not-a-tag']) {
      expect((await call(siteUser, 'PATCH', url(id), { name: 'Theirs' }, tag)).statusCode).toBe(403);
      expect((await call(siteUser, 'DELETE', url(id), undefined, tag)).statusCode).toBe(403);
    }
    expect((await call(null, 'PATCH', url(id), { name: 'Anyone' }, etag)).statusCode).toBe(401);
    expect(await read(admin, url(id))).toMatchObject({ body: { name: 'Permission walk' }, etag });
  });
});

describe('site check schedules: ETag and If-Match', () => {
  const url = (id: string) => `${base}/schedules/${id}/`;
  const runsOf = async (id: string) => rows('select id, due_at from sitechecks_run where schedule_id = $1 order by due_at', [id]);
  let template: string;
  beforeAll(async () => {
    const response = await call(admin, 'POST', `${base}/templates/`, { name: 'Scheduled walk', steps: STEPS });
    template = response.json().id;
  });
  const created = async (site = siteAId) => {
    const response = await call(admin, 'POST', `${base}/schedules/`, {
      template,
      cost_centre: site,
      rrule: 'FREQ=HOURLY;BYMINUTE=0',
      timezone: 'UTC',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };

  it('a stale PATCH, PUT or DELETE is a 412 with the schedule now and changes nothing, its runs included; the current tag writes', async () => {
    const id = await created();
    const { etag } = await read(siteUser, url(id));
    expect(etag).toBe(`"sitechecks_schedule-${id}-1"`);
    const first = await call(admin, 'PATCH', url(id), { window_minutes: 45 }, etag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"sitechecks_schedule-${id}-2"`);
    const runs = await runsOf(id);

    const patch = await call(siteUser, 'PATCH', url(id), { rrule: 'FREQ=DAILY;BYHOUR=12;BYMINUTE=0' }, etag);
    expect(patch.statusCode, patch.body).toBe(412);
    expect(patch.json().current).toMatchObject({ id, rrule: 'FREQ=HOURLY;BYMINUTE=0', window_minutes: 45 });
    expect(patch.headers.etag).toBe(first.headers.etag);
    const put = await call(
      siteUser,
      'PUT',
      url(id),
      { template, cost_centre: siteAId, rrule: 'FREQ=DAILY;BYHOUR=12;BYMINUTE=0' },
      etag,
    );
    expect(put.statusCode, put.body).toBe(412);
    const remove = await call(siteUser, 'DELETE', url(id), undefined, etag);
    expect(remove.statusCode, remove.body).toBe(412);
    // Nothing changed: the schedule, its tag and its runs are as the first write left them.
    expect(await read(siteUser, url(id))).toMatchObject({
      body: { rrule: 'FREQ=HOURLY;BYMINUTE=0', window_minutes: 45 },
      etag: first.headers.etag,
    });
    expect(await runsOf(id)).toEqual(runs);

    const fresh = await call(
      siteUser,
      'PATCH',
      url(id),
      { rrule: 'FREQ=DAILY;BYHOUR=12;BYMINUTE=0' },
      String(first.headers.etag),
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.headers.etag).toBe(`"sitechecks_schedule-${id}-3"`);
    expect((await call(siteUser, 'DELETE', url(id), undefined, String(fresh.headers.etag))).statusCode).toBe(204);
  });

  it('the job keeping runs ahead does not make a held tag stale', async () => {
    const id = await created();
    const { etag } = await read(admin, url(id));
    // Two hours on, the job extends the schedule's runs (it writes the schedule's generated_until).
    await t.app.siteChecks.extendRuns(new Date(Date.now() + 2 * 3600_000));
    const [row] = await rows('select generated_until from sitechecks_schedule where id = $1', [id]);
    expect(new Date(row!.generated_until).getTime()).toBeGreaterThan(Date.now() + 25 * 3600_000);
    expect((await read(admin, url(id))).etag).toBe(etag);
    expect((await call(admin, 'PATCH', url(id), { active: false }, etag)).statusCode).toBe(200);
  });

  it("the job's mark of a schedule (generated_until) is a HOT update: no index holds the column and the page has room (migration 0032)", async () => {
    const id = await created();
    // In one transaction on one connection, rolled back: its counts of updates and HOT updates, before and after.
    const mark = `update sitechecks_schedule set generated_until = generated_until + interval '1 hour' where id = $1`;
    const hot = `select pg_stat_get_xact_tuples_updated('sitechecks_schedule'::regclass)::int as updated, pg_stat_get_xact_tuples_hot_updated('sitechecks_schedule'::regclass)::int as hot`;
    let counts: Json;
    if (t.database.pool) {
      const client = await t.database.pool.connect();
      try {
        await client.query('begin');
        const before = (await client.query(hot)).rows[0];
        await client.query(mark, [id]);
        const after = (await client.query(hot)).rows[0];
        counts = { updated: after.updated - before.updated, hot: after.hot - before.hot };
      } finally {
        await client.query('rollback');
        client.release();
      }
    } else {
      const pglite = t.database.pglite!;
      counts = await pglite.transaction(async (tx) => {
        const [before] = (await tx.query<Json>(hot)).rows;
        await tx.query(mark, [id]);
        const [after] = (await tx.query<Json>(hot)).rows;
        await tx.rollback();
        return { updated: after!.updated - before!.updated, hot: after!.hot - before!.hot };
      });
    }
    expect(counts).toEqual({ updated: 1, hot: 1 });
  });

  it("the row version's trigger is not fired by the job's mark: it fires on an update of any column but generated_until (migration 0032)", async () => {
    const [trigger] = await rows(
      `select array(select a.attname::text from unnest(tg.tgattr) n join pg_attribute a on a.attrelid = tg.tgrelid and a.attnum = n order by 1) as columns
         from pg_trigger tg where tg.tgname = 'sitechecks_schedule_row_version'`,
      [],
    );
    const columns = await rows(
      `select column_name::text as name from information_schema.columns where table_name = 'sitechecks_schedule' and column_name not in ('generated_until', 'row_version') order by 1`,
      [],
    );
    // Every other column is named: a column added later must join the list, or a change of it alone would keep the old tag.
    expect(trigger!.columns).toEqual(columns.map((c) => c.name));
  });

  it('without If-Match writes as before; a malformed one is a 400 naming it; outside the caller scope a 404 whatever the tag', async () => {
    const id = await created();
    expect((await call(siteUser, 'PATCH', url(id), { window_minutes: 60 })).statusCode).toBe(200);
    const before = await read(siteUser, url(id));
    const malformed = await call(siteUser, 'PATCH', url(id), { window_minutes: 90 }, '"unterminated');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['If-Match']);
    expect(await read(siteUser, url(id))).toEqual(before);

    // Site B is not the site user's: its schedule is not found, stale tag or not, and stays as it is.
    const other = await created(siteBId);
    const held = (await read(admin, url(other))).etag;
    for (const tag of [held, '"stale"']) {
      expect((await call(siteUser, 'PATCH', url(other), { active: false }, tag)).statusCode).toBe(404);
      expect((await call(siteUser, 'DELETE', url(other), undefined, tag)).statusCode).toBe(404);
    }
    expect((await read(admin, url(other))).etag).toBe(held);
  });
});
