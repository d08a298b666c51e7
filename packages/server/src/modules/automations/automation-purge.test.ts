import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { purgeAutomations } from './automation-purge';

/** The automations purge (docs/operations.md): finished rows past their retention go, open work stays whatever its age. */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ automationPollMs: 60_000 });
  admin = await insertUser(t, { superuser: true });
});
afterAll(() => t.close());

const ids = async (table: string) => (await t.database.query<{ id: string }>(`select id::text as id from ${table} order by id`)).map((r) => r.id);

describe('purgeAutomations', () => {
  it('removes DONE events past the event retention, runs and finished deliveries past the run retention, and nothing else', async () => {
    const q = (text: string, params: unknown[] = []) => t.database.query<{ id: string }>(text, params);
    const event = (status: string, age: string) =>
      q(`insert into automation_event (id, event, model, subject_id, status, created_at) values (gen_random_uuid(), 'ticket.created', 'ticket', gen_random_uuid(), $1, now() - $2::interval) returning id::text as id`, [status, age]);
    const [oldDone] = await event('DONE', '8 days');
    const [recentDone] = await event('DONE', '6 days');
    const [oldQueued] = await event('QUEUED', '30 days');
    const [oldRunning] = await event('RUNNING', '30 days');
    const [rule] = await q(`insert into automation_rule (id, name, event, updated_by) values (gen_random_uuid(), 'Kept', 'ticket.created', $1) returning id::text as id`, [admin.id]);
    const run = (age: string) =>
      q(
        `insert into automation_run (id, event_id, rule_id, rule_version, event, subject_model, subject_id, outcome, at) values (gen_random_uuid(), gen_random_uuid(), $1, 1, 'ticket.created', 'ticket', gen_random_uuid(), 'SUCCEEDED', now() - $2::interval) returning id::text as id`,
        [rule!.id, age],
      );
    const [oldRun] = await run('91 days');
    const [recentRun] = await run('89 days');
    const [hook] = await q(`insert into automation_webhook (id, name, url, events, secret) values (gen_random_uuid(), 'Out', 'https://example.com/', '[]'::jsonb, 'whsec_x') returning id::text as id`);
    const delivery = (status: string, age: string) =>
      q(`insert into automation_webhook_delivery (id, webhook_id, message_id, event, payload, status, first_at) values (gen_random_uuid(), $1, 'msg_x', 'ticket.created', '{}'::jsonb, $2, now() - $3::interval) returning id::text as id`, [hook!.id, status, age]);
    const [oldSucceeded] = await delivery('SUCCEEDED', '91 days');
    const [oldFailed] = await delivery('FAILED', '91 days');
    const [oldPending] = await delivery('PENDING', '91 days');
    const [recentFailed] = await delivery('FAILED', '10 days');

    expect(await purgeAutomations(t.database.db, { eventDays: 7, runDays: 90 })).toEqual({ events: 1, runs: 1, deliveries: 2 });
    const events = await ids('automation_event');
    expect(events).not.toContain(oldDone!.id);
    expect(events).toEqual(expect.arrayContaining([recentDone!.id, oldQueued!.id, oldRunning!.id]));
    const runs = await ids('automation_run');
    expect(runs).not.toContain(oldRun!.id);
    expect(runs).toContain(recentRun!.id);
    const deliveries = await ids('automation_webhook_delivery');
    expect(deliveries).not.toEqual(expect.arrayContaining([oldSucceeded!.id]));
    expect(deliveries).not.toContain(oldFailed!.id);
    expect(deliveries).toEqual(expect.arrayContaining([oldPending!.id, recentFailed!.id]));
    // A second pass finds nothing more.
    expect(await purgeAutomations(t.database.db, { eventDays: 7, runDays: 90 })).toEqual({ events: 0, runs: 0, deliveries: 0 });
  });
});
