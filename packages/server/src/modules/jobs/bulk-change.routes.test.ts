import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { grant, insertUser, type TestUser } from '../../test/factories/users';
import { allocate, insertClient, insertLegalEntity } from '../../test/factories/records';
import { insertTicket } from '../../test/factories/helpdesk';
import { jobs } from '../../db/schema/jobs';
import { clients as clientsTable } from '../../db/schema/records';
import { createJobRunner, type JobRunner } from './job-runner';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let le: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  other = await insertUser(t, { superuser: true });
  le = await insertLegalEntity(t, admin.token);
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.request({ method, url, token, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

/** Polls the job until it has finished. */
async function finished(token: string, id: string) {
  for (let i = 0; i < 4000; i++) {
    const job = (await send(token, 'GET', `/api/jobs/${id}/`)).json();
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('job did not finish');
}

async function clients(prefix: string, count: number, extra: Record<string, unknown> = {}) {
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await insertClient(t, admin.token, {
        owner: admin.id,
        legal_entity: le.id,
        name: `${prefix} ${i}`,
        account_number: `${prefix}-${i}`,
        ...extra,
      }),
    );
  }
  return made as { id: string; name: string }[];
}

const getClient = async (id: string) => (await send(admin.token, 'GET', `/api/accounts/clients/${id}/`)).json();

describe('POST /api/bulk/{resource}/', () => {
  it('changes everything the filtered list matches (and nothing else), audited, and answers the job', async () => {
    const matching = await clients('Bulkfilter', 3);
    const outside = await clients('Elsewhere', 1);
    const filters = JSON.stringify({ name__startswith: 'Bulkfilter' });
    const listed = (await send(admin.token, 'GET', `/api/accounts/clients/?filters=${encodeURIComponent(filters)}`)).json();
    expect(listed.count).toBe(3);

    const response = await send(admin.token, 'POST', '/api/bulk/clients/', {
      filters,
      changes: { relation_status: 'INACTIVE', account_type: 'PARTNER' },
    });
    expect(response.statusCode).toBe(202);
    const job = await finished(admin.token, response.json().job);
    expect(job).toMatchObject({
      kind: 'bulk_change',
      resource: 'clients',
      status: 'SUCCEEDED',
      total: 3,
      done: 3,
      errors: [],
      created_by: admin.id,
    });
    expect(job.finished_at).not.toBeNull();
    for (const c of matching)
      expect(await getClient(c.id)).toMatchObject({ relation_status: 'INACTIVE', account_type: 'PARTNER' });
    expect((await getClient(outside[0]!.id)).relation_status).toBe('ACTIVE');
    const history = (await send(admin.token, 'GET', `/api/accounts/clients/${matching[0]!.id}/history/`)).json();
    expect(JSON.stringify(history.results[0])).toContain('INACTIVE');
  });

  it('takes search and a filters object like the list does', async () => {
    await clients('Searchbulk', 2);
    const response = await send(admin.token, 'POST', '/api/bulk/clients/', {
      search: 'Searchbulk',
      filters: {},
      changes: { ticker_symbol: 'SRCH' },
    });
    const job = await finished(admin.token, response.json().job);
    expect(job).toMatchObject({ status: 'SUCCEEDED', total: 2 });
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const [c] = await clients('Badinput', 1);
    const cases: [unknown, Record<string, unknown>][] = [
      [{ ids: [c!.id], changes: { no_such_field: 1 } }, { changes: { no_such_field: ['This field cannot be changed here.'] } }],
      [{ ids: [c!.id], changes: { relation_status: 'NOPE' } }, { changes: { relation_status: expect.any(Array) } }],
      [{ ids: [c!.id], changes: { name: 'x'.repeat(300) } }, { changes: { name: expect.any(Array) } }],
      [{ ids: [c!.id], changes: {} }, { changes: ['Choose at least one field to change.'] }],
      [{ changes: { name: 'x' } }, { non_field_errors: expect.any(Array) }],
      [{ ids: [c!.id], filters: '{}', changes: { name: 'x' } }, { non_field_errors: expect.any(Array) }],
      [{ filters: '{"secret__icontains":"a"}', changes: { name: 'x' } }, { filters: expect.any(Array) }],
      [{ ids: ['not-a-uuid'], changes: { name: 'x' } }, { ids: expect.anything() }],
      [{ ids: ['0190a8e4-0000-7000-8000-000000000000'], changes: { name: 'x' } }, { ids: expect.any(Array) }],
      [{ ids: [c!.id] }, { changes: expect.any(Array) }],
    ];
    for (const [payload, errors] of cases) {
      const response = await send(admin.token, 'POST', '/api/bulk/clients/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject(errors);
    }
    expect((await getClient(c!.id)).name).toBe('Badinput 0');
  });

  it('needs the change permission of the resource (403) and a signed-in user (401)', async () => {
    const reader = await insertUser(t, { noGroup: true });
    await grant(t, reader.email, 'client.read');
    const [c] = await clients('Noperm', 1);
    expect((await send(reader.token, 'POST', '/api/bulk/clients/', { ids: [c!.id], changes: { name: 'x' } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request({ method: 'POST', url: '/api/bulk/clients/', payload: { ids: [c!.id], changes: { name: 'x' } } }))
        .statusCode,
    ).toBe(401);
    expect((await send(reader.token, 'POST', '/api/bulk/brands/', { filters: '{}', changes: { name: 'x' } })).statusCode).toBe(
      403,
    );
  });

  it('keeps a scoped user inside their allocation: filters match only allocated records, foreign ids are refused', async () => {
    const scoped = await insertUser(t, { userType: 4, noGroup: true });
    await grant(t, scoped.email, 'client.read');
    await grant(t, scoped.email, 'client.change');
    const [mine, theirs] = await clients('Scoped', 2);
    await allocate(t, scoped.id, { clientId: mine!.id });
    const response = await send(scoped.token, 'POST', '/api/bulk/clients/', {
      filters: JSON.stringify({ name__startswith: 'Scoped' }),
      changes: { ticker_symbol: 'MINE' },
    });
    const job = await finished(scoped.token, response.json().job);
    expect(job).toMatchObject({ status: 'SUCCEEDED', total: 1 });
    expect((await getClient(mine!.id)).ticker_symbol).toBe('MINE');
    expect((await getClient(theirs!.id)).ticker_symbol).not.toBe('MINE');
    const foreign = await send(scoped.token, 'POST', '/api/bulk/clients/', {
      ids: [theirs!.id],
      changes: { ticker_symbol: 'X' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('ids');
  });

  it('records per-record errors (a unique value) and carries on with the others', async () => {
    const made = await clients('Uniq', 2);
    const response = await send(admin.token, 'POST', '/api/bulk/clients/', {
      ids: made.map((c) => c.id),
      changes: { account_number: 'SAME-NUMBER' },
    });
    const job = await finished(admin.token, response.json().job);
    expect(job).toMatchObject({ status: 'SUCCEEDED', total: 2, done: 2, error_count: 1 });
    expect(job.errors[0]).toMatchObject({ field: 'account_number' });
    expect(made.map((c) => c.id)).toContain(job.errors[0].id);
  });

  it('changes tickets (status, priority) through the help desk rules', async () => {
    const staff = await insertUser(t, { superuser: true });
    const a = await insertTicket(t, staff);
    const b = await insertTicket(t, staff);
    const response = await send(staff.token, 'POST', '/api/bulk/tickets/', { ids: [a.id, b.id], changes: { priority: 'HIGH' } });
    expect(response.statusCode).toBe(202);
    const job = await finished(staff.token, response.json().job);
    expect(job).toMatchObject({ status: 'SUCCEEDED', done: 2, errors: [] });
    expect((await send(staff.token, 'GET', `/api/helpdesk/tickets/${a.id}/`)).json().priority).toBe('HIGH');
    const undone = await send(staff.token, 'POST', `/api/jobs/${job.id}/undo/`);
    expect(undone.json().undo).toMatchObject({ restored: 2, skipped: [] });
    expect((await send(staff.token, 'GET', `/api/helpdesk/tickets/${a.id}/`)).json().priority).toBe(a.priority);
  });

  it('skips and lists the records someone changed after the job read them, keeping their change (platform.md 14.6)', async () => {
    // The app's runner waits, so the job has read its targets and not yet written them when the others edit.
    await t.app.jobs.runner.stop();
    try {
      const made = await clients('Raced', 3);
      const staff = await insertUser(t, { superuser: true });
      const ticket = await insertTicket(t, staff);
      const clientJob = (
        await send(admin.token, 'POST', '/api/bulk/clients/', { ids: made.map((c) => c.id), changes: { ticker_symbol: 'BULK' } })
      ).json().job;
      const ticketJob = (await send(staff.token, 'POST', '/api/bulk/tickets/', { ids: [ticket.id], changes: { priority: 'HIGH' } })).json()
        .job;
      expect((await send(other.token, 'PATCH', `/api/accounts/clients/${made[1]!.id}/`, { ticker_symbol: 'MINE' })).statusCode).toBe(200);
      expect((await send(other.token, 'PATCH', `/api/helpdesk/tickets/${ticket.id}/`, { title: 'Retitled meanwhile' })).statusCode).toBe(
        200,
      );

      t.app.jobs.runner.start();
      const job = await finished(admin.token, clientJob);
      expect(job).toMatchObject({ status: 'SUCCEEDED', total: 3, done: 3, error_count: 1 });
      expect(job.errors).toEqual([{ id: made[1]!.id, field: null, message: 'Changed by someone since the job read it: left as it is.' }]);
      expect((await getClient(made[1]!.id)).ticker_symbol).toBe('MINE');
      expect((await getClient(made[0]!.id)).ticker_symbol).toBe('BULK');
      expect((await getClient(made[2]!.id)).ticker_symbol).toBe('BULK');
      // Undo has nothing to give back for the skipped record.
      expect((await send(admin.token, 'POST', `/api/jobs/${clientJob}/undo/`)).json().undo).toMatchObject({ restored: 2, skipped: [] });
      expect((await getClient(made[1]!.id)).ticker_symbol).toBe('MINE');

      const tickets = await finished(staff.token, ticketJob);
      expect(tickets).toMatchObject({ status: 'SUCCEEDED', error_count: 1 });
      expect((await send(staff.token, 'GET', `/api/helpdesk/tickets/${ticket.id}/`)).json()).toMatchObject({
        title: 'Retitled meanwhile',
        priority: ticket.priority,
      });
    } finally {
      t.app.jobs.runner.start();
    }
  });
});

describe('jobs', () => {
  it("another user's job is 404; the list shows only one's own jobs", async () => {
    const [c] = await clients('Ownjob', 1);
    const { job } = (
      await send(admin.token, 'POST', '/api/bulk/clients/', { ids: [c!.id], changes: { ticker_symbol: 'OWN' } })
    ).json();
    await finished(admin.token, job);
    expect((await send(other.token, 'GET', `/api/jobs/${job}/`)).statusCode).toBe(404);
    expect((await send(other.token, 'POST', `/api/jobs/${job}/undo/`)).statusCode).toBe(404);
    expect((await send(other.token, 'GET', '/api/jobs/')).json().results.map((j: { id: string }) => j.id)).not.toContain(job);
    expect((await send(admin.token, 'GET', '/api/jobs/')).json().results.map((j: { id: string }) => j.id)).toContain(job);
    expect((await t.request({ method: 'GET', url: `/api/jobs/${job}/` })).statusCode).toBe(401);
    expect((await send(admin.token, 'GET', '/api/jobs/not-a-uuid/')).statusCode).toBe(404);
  });

  it('undo restores the exact previous values, leaves a record someone else changed since, and runs once', async () => {
    const made = await clients('Undo', 3, { ticker_symbol: 'BEFORE' });
    await send(admin.token, 'PATCH', `/api/accounts/clients/${made[1]!.id}/`, { ticker_symbol: 'OTHER', account_type: 'SITE' });
    const { job } = (
      await send(admin.token, 'POST', '/api/bulk/clients/', {
        ids: made.map((c) => c.id),
        changes: { ticker_symbol: 'AFTER', account_type: 'PARTNER' },
      })
    ).json();
    await finished(admin.token, job);
    // Someone else edits one record after the job.
    await send(other.token, 'PATCH', `/api/accounts/clients/${made[2]!.id}/`, { description: 'edited by a colleague' });

    const undo = await send(admin.token, 'POST', `/api/jobs/${job}/undo/`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ status: 'UNDONE', undo: { restored: 2, deleted: 0, skipped: [{ id: made[2]!.id }] } });
    expect(await getClient(made[0]!.id)).toMatchObject({ ticker_symbol: 'BEFORE', account_type: 'CLIENT' });
    expect(await getClient(made[1]!.id)).toMatchObject({ ticker_symbol: 'OTHER', account_type: 'SITE' });
    expect(await getClient(made[2]!.id)).toMatchObject({
      ticker_symbol: 'AFTER',
      account_type: 'PARTNER',
      description: 'edited by a colleague',
    });
    expect((await send(admin.token, 'POST', `/api/jobs/${job}/undo/`)).statusCode).toBe(409);
  });

  it('a restart in the middle of a job resumes after the last committed batch: every record changed once, nothing lost', async () => {
    // Stop the app's runner so this test drives runners itself.
    await t.app.jobs.runner.stop();
    const made = await t.database.db
      .insert(clientsTable)
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          ownerId: admin.id,
          legalEntityId: le.id,
          name: `Restart ${i}`,
          accountNumber: `RESTART-${i}`,
        })),
      )
      .returning({ id: clientsTable.id });
    const { job } = (
      await send(admin.token, 'POST', '/api/bulk/clients/', {
        filters: JSON.stringify({ name__startswith: 'Restart' }),
        changes: { ticker_symbol: 'RESUMED' },
      })
    ).json();

    // The first runner is stopped right after its first batch committed (as a server shutting down would be).
    const bulk = t.app.jobs.handlers.bulk_change!;
    const first: JobRunner = createJobRunner({
      db: t.database.db,
      pollMs: 10,
      staleAfterMs: 0,
      handlers: {
        bulk_change: (context) =>
          bulk({
            job: context.job,
            get stopping() {
              return context.stopping;
            },
            batch: async (count, work) => {
              await context.batch(count, work);
              void first.stop();
            },
          }),
      },
    });
    first.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await first.idle();
    await first.stop();
    const [stopped] = await t.database.db.select().from(jobs).where(eq(jobs.id, job));
    expect(stopped!.status).toBe('RUNNING');
    expect(stopped!.done).toBeGreaterThan(0);
    expect(stopped!.done).toBeLessThan(450);

    const second = createJobRunner({ db: t.database.db, handlers: t.app.jobs.handlers, pollMs: 10, staleAfterMs: 0 });
    second.start();
    const result = await finished(admin.token, job);
    await second.stop();
    expect(result).toMatchObject({ status: 'SUCCEEDED', total: 450, done: 450, error_count: 0 });
    const values = await Promise.all(made.slice(0, 5).map(async (c) => (await getClient(c.id)).ticker_symbol));
    expect(values).toEqual(Array(5).fill('RESUMED'));
    const listed = (
      await send(
        admin.token,
        'GET',
        `/api/accounts/clients/?limit=1&filters=${encodeURIComponent(JSON.stringify({ name__startswith: 'Restart', ticker_symbol: 'RESUMED' }))}`,
      )
    ).json();
    expect(listed.count).toBe(450);
    // Undo covers both runners' batches.
    const undo = (await send(admin.token, 'POST', `/api/jobs/${job}/undo/`)).json();
    expect(undo.undo).toMatchObject({ restored: 450, skipped: [] });
    t.app.jobs.runner.start();
  }, 180_000);
});
