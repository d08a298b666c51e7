import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createRuleRunner } from './rule-runner';
import { openPostgres, sqlCounter, type Database } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';
import { buildAddress, insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';

/** Rules at work (spec platform §14.3): after commit, once, on one instance; the run log; loops and chains. */
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let watcher: TestUser;

const base = '/api/automations';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  // No poll within the file (an hour): the tests drain the runner themselves, so what they see is what their drains did.
  t = await createTestApp({ automationPollMs: 3_600_000 });
  admin = await insertUser(t, { superuser: true });
  editor = await insertUser(t, { userType: 1, firstName: 'Ada', lastName: 'Admin' });
  watcher = await insertUser(t, { userType: 1, firstName: 'Wes', lastName: 'Watcher' });
});
afterAll(() => t.close());

const drain = (app: FastifyInstance = t.app) => app.automationRunner.runner.drain();
async function createRule(payload: Json): Promise<Json> {
  const response = await t.request({ method: 'POST', url: `${base}/rules/`, token: editor.token, payload: { name: 'Rule', ...payload } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const ticketEvent = (event: string) => ({ event, model: null, cron: null, timezone: null });
async function runsOf(ruleId: string): Promise<Json[]> {
  const response = await t.request({ method: 'GET', url: `${base}/runs/?filters=${encodeURIComponent(JSON.stringify({ rule: ruleId }))}`, token: editor.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}
const deactivateAll = () => t.database.query(`update automation_rule set active = false`);
const ticketRow = async (id: string) => (await t.database.query<Json>(`select priority, title, ticket_type, assignee_id from helpdesk_ticket where id = $1`, [id]))[0]!;

describe('rules on tickets', () => {
  it('runs after the ticket commits, on matching tickets only, and logs the run with each action', async () => {
    await deactivateAll();
    const rule = await createRule({
      trigger: ticketEvent('ticket.created'),
      conditions: { priority: 'HIGH' },
      actions: [
        { type: 'set_fields', fields: { priority: 'URGENT' } },
        { type: 'assign', team: null, user: watcher.id },
        { type: 'notify', to: [watcher.id], message: 'Ticket {{ticket.number}}: {{record.title}}' },
      ],
    });
    const high = await insertTicket(t, admin, { priority: 'HIGH', title: 'Fridge warm' });
    const low = await insertTicket(t, admin, { priority: 'LOW', title: 'Door squeaks' });
    await drain();
    const runs = await runsOf(rule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ rule: { id: rule.id, name: 'Rule', version: 1 }, event: 'ticket.created', subject: { model: 'ticket', id: high.id }, outcome: 'SUCCEEDED' });
    expect(runs[0]!.actions.map((a: Json) => [a.type, a.outcome])).toEqual([
      ['set_fields', 'SUCCEEDED'],
      ['assign', 'SUCCEEDED'],
      ['notify', 'SUCCEEDED'],
    ]);
    expect(await ticketRow(high.id)).toMatchObject({ priority: 'URGENT', assignee_id: watcher.id });
    expect(await ticketRow(low.id)).toMatchObject({ priority: 'LOW', assignee_id: null });
    const [note] = await t.database.query<Json>(`select description from notifications_notification where recipient_id = $1 and verb = 'automation'`, [watcher.id]);
    expect(note!.description).toBe(`Ticket ${high.number}: Fridge warm`);
    // Filters of the run log.
    const failed = await t.request({ method: 'GET', url: `${base}/runs/?filters=${encodeURIComponent(JSON.stringify({ rule: rule.id, outcome: 'FAILED' }))}`, token: editor.token });
    expect(failed.json().count).toBe(0);
  });

  it('does not run before the triggering transaction commits, nor for a rolled-back one', async () => {
    await deactivateAll();
    const rule = await createRule({ trigger: ticketEvent('ticket.created'), conditions: {}, actions: [{ type: 'set_fields', fields: { priority: 'LOW' } }] });
    // A ticket refused (bad requester) writes nothing, so nothing runs.
    const refused = await t.request({ method: 'POST', url: '/api/helpdesk/tickets/', token: admin.token, payload: { title: 'x', ticket_type: 'INCIDENT', ticket_content: { type: 'doc', content: [] }, requester: '0190a0a0-0000-7000-8000-000000000001' } });
    expect(refused.statusCode).toBe(400);
    await drain();
    expect(await runsOf(rule.id)).toHaveLength(0);
  });

  it('a change a rule makes does not trigger that rule again', async () => {
    await deactivateAll();
    const rule = await createRule({ trigger: ticketEvent('ticket.updated'), changed: ['title'], conditions: {}, actions: [{ type: 'set_fields', fields: { title: 'Renamed by the rule' } }] });
    const ticket = await insertTicket(t, admin, { title: 'Original' });
    await t.request({ method: 'PATCH', url: `/api/helpdesk/tickets/${ticket.id}/`, token: admin.token, payload: { title: 'Changed by a person' } });
    await drain();
    await drain();
    const runs = await runsOf(rule.id);
    expect(runs).toHaveLength(1);
    expect((await ticketRow(ticket.id)).title).toBe('Renamed by the rule');
  });

  it('`changed` limits an update rule to changes of those fields', async () => {
    await deactivateAll();
    const rule = await createRule({ trigger: ticketEvent('ticket.updated'), changed: ['priority'], conditions: {}, actions: [] });
    const ticket = await insertTicket(t, admin, { title: 'Watch me' });
    await t.request({ method: 'PATCH', url: `/api/helpdesk/tickets/${ticket.id}/`, token: admin.token, payload: { title: 'Only the title' } });
    await drain();
    expect(await runsOf(rule.id)).toHaveLength(0);
    await t.request({ method: 'PATCH', url: `/api/helpdesk/tickets/${ticket.id}/`, token: admin.token, payload: { priority: 'HIGH' } });
    await drain();
    expect(await runsOf(rule.id)).toHaveLength(1);
  });

  it('a chain of rules stops at depth 3 and says so', async () => {
    await deactivateAll();
    const one = await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title: 'Chain' }, actions: [{ type: 'set_fields', fields: { priority: 'LOW' } }] });
    const two = await createRule({ trigger: ticketEvent('ticket.updated'), changed: ['priority'], conditions: { priority: 'LOW' }, actions: [{ type: 'set_fields', fields: { title: 'Chain 2' } }] });
    const three = await createRule({ trigger: ticketEvent('ticket.updated'), changed: ['title'], conditions: {}, actions: [{ type: 'set_fields', fields: { priority: 'MEDIUM' } }] });
    const four = await createRule({ trigger: ticketEvent('ticket.updated'), changed: ['priority'], conditions: { priority: 'MEDIUM' }, actions: [{ type: 'set_fields', fields: { priority: 'URGENT' } }] });
    const ticket = await insertTicket(t, admin, { title: 'Chain', priority: 'HIGH' });
    for (let i = 0; i < 5; i++) await drain();
    expect((await runsOf(one.id)).map((r) => r.outcome)).toEqual(['SUCCEEDED']);
    expect((await runsOf(two.id)).map((r) => r.outcome)).toEqual(['SUCCEEDED']);
    expect((await runsOf(three.id)).map((r) => r.outcome)).toEqual(['SUCCEEDED']);
    const skipped = await runsOf(four.id);
    expect(skipped.map((r) => r.outcome)).toEqual(['SKIPPED']);
    expect(skipped[0]!.actions[0].detail).toContain('depth 3');
    expect(await ticketRow(ticket.id)).toMatchObject({ priority: 'MEDIUM', title: 'Chain 2' });
  });
});

describe('a batch of runs, set-based', () => {
  it('two rules notifying one person about one ticket are two notifications; a notify after a set_fields renders what it set', async () => {
    await deactivateAll();
    await createRule({
      trigger: ticketEvent('ticket.created'),
      conditions: { title: 'Pair' },
      actions: [
        { type: 'set_fields', fields: { priority: 'URGENT' } },
        { type: 'notify', to: [watcher.id], message: 'One: {{record.priority}}' },
      ],
    });
    await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title: 'Pair' }, actions: [{ type: 'notify', to: [watcher.id], message: 'Two' }] });
    const ticket = await insertTicket(t, admin, { title: 'Pair', priority: 'LOW' });
    await drain();
    const notes = await t.database.query<Json>(`select description from notifications_notification where recipient_id = $1 and verb = 'automation' and target_id = $2 order by description`, [
      watcher.id,
      ticket.id,
    ]);
    expect(notes.map((n) => n.description)).toEqual(['One: URGENT', 'Two']);
  });

  it('a set_fields whose values the ticket already holds writes nothing: no new version, no history, no event', async () => {
    await deactivateAll();
    const ticket = await insertTicket(t, admin, { title: 'Already high', priority: 'HIGH' });
    await drain();
    const rule = await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title: 'Already high' }, actions: [{ type: 'set_fields', fields: { priority: 'HIGH' } }] });
    const state = async () =>
      (await t.database.query<Json>(
        `select version, updated_at, (select count(*)::int from helpdesk_ticket_history where ticket_id = $1) as history, (select count(*)::int from automation_event where subject_id = $1) as events from helpdesk_ticket where id = $1`,
        [ticket.id],
      ))[0];
    // Its event written directly (nothing wakes the runner before the state is read).
    await t.database.query(`insert into automation_event (id, event, model, subject_id) values (gen_random_uuid(), 'ticket.created', 'ticket', $1)`, [ticket.id]);
    const before = await state();
    await drain();
    const [run] = await runsOf(rule.id);
    expect(run).toMatchObject({ outcome: 'SUCCEEDED', actions: [{ type: 'set_fields', outcome: 'SUCCEEDED', detail: 'Set priority: already so, nothing changed.' }] });
    expect(await state()).toEqual(before);
  });

  it("a failed action is its run's FAILED result with the error; the batch's other runs, grouped with it, still act", async () => {
    await deactivateAll();
    // OPEN to REOPENED is not a step of the workflow: the help desk refuses it (400 on ticket_status).
    const bad = await createRule({
      trigger: ticketEvent('ticket.created'),
      conditions: { title: 'Batch bad' },
      actions: [
        { type: 'set_fields', fields: { ticket_status: 'REOPENED' } },
        { type: 'notify', to: [watcher.id], message: 'After the refused change' },
      ],
    });
    const good = await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title: 'Batch good' }, actions: [{ type: 'set_fields', fields: { priority: 'URGENT' } }] });
    const refused = await insertTicket(t, admin, { title: 'Batch bad', priority: 'LOW' });
    const changed = await insertTicket(t, admin, { title: 'Batch good', priority: 'LOW' });
    await drain();
    const [badRun] = await runsOf(bad.id);
    expect(badRun).toMatchObject({ subject: { id: refused.id }, outcome: 'FAILED' });
    expect(badRun!.actions).toEqual([
      { type: 'set_fields', outcome: 'FAILED', detail: 'ticket_status: Cannot change status from OPEN to REOPENED.' },
      { type: 'notify', outcome: 'SUCCEEDED', detail: 'Notified 1 user(s).' },
    ]);
    expect((await runsOf(good.id)).map((r) => [r.subject.id, r.outcome])).toEqual([[changed.id, 'SUCCEEDED']]);
    expect((await t.database.query<Json>(`select ticket_status from helpdesk_ticket where id = $1`, [refused.id]))[0]!.ticket_status).toBe('OPEN');
    expect((await ticketRow(changed.id)).priority).toBe('URGENT');
  });

  it('a batch whose transaction fails keeps nothing of it; taken over, its runs happen once', async () => {
    await deactivateAll();
    const ticket = await insertTicket(t, admin, { title: 'All or nothing' });
    await drain();
    const rule = await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title: 'All or nothing' }, actions: [{ type: 'notify', to: [watcher.id], message: 'Whole {{record.title}}' }] });
    // An event written directly (nothing wakes the app's runner), then a runner whose batch always fails at its end.
    const [event] = await t.database.query<{ id: string }>(
      `insert into automation_event (id, event, model, subject_id) values (gen_random_uuid(), 'ticket.created', 'ticket', $1) returning id`,
      [ticket.id],
    );
    const { deliveries } = t.app.automationRunner;
    const failing = createRuleRunner({
      db: t.database.db,
      helpdesk: t.app.helpdesk,
      notifications: t.app.notifications.writer,
      webhooks: { ...deliveries.queue, fanOutMany: () => Promise.reject(new Error('the connection was lost')) },
      log: () => undefined,
    });
    await failing.drain();
    const notes = () => t.database.query<Json>(`select description from notifications_notification where description = 'Whole All or nothing'`);
    expect(await runsOf(rule.id)).toHaveLength(0);
    expect(await notes()).toHaveLength(0);
    expect((await t.database.query<Json>(`select status from automation_event where id = $1`, [event!.id]))[0]!.status).toBe('RUNNING');
    // Its claim gone stale, the app's runner takes the event over and runs it once.
    await t.database.query(`update automation_event set heartbeat_at = now() - interval '1 hour' where id = $1`, [event!.id]);
    await drain();
    await drain();
    expect((await runsOf(rule.id)).map((r) => r.outcome)).toEqual(['SUCCEEDED']);
    expect(await notes()).toHaveLength(1);
    expect((await t.database.query<Json>(`select status from automation_event where id = $1`, [event!.id]))[0]!.status).toBe('DONE');
  });
});

describe('statements of a batch', () => {
  it("do not grow with the batch's events and runs (each kind of action is one group)", async () => {
    await deactivateAll();
    const subjects = [];
    for (let i = 0; i < 8; i++) subjects.push((await insertTicket(t, admin, { title: `Counted ${i}` })).id as string);
    await drain();
    const notifying = await createRule({
      trigger: ticketEvent('ticket.created'),
      conditions: { title__startswith: 'Counted' },
      actions: [
        { type: 'notify', to: [watcher.id, 'requester'], message: 'Counted {{record.title}}' },
        { type: 'email', to: ['desk@example.com', watcher.id], subject: 'Counted {{ticket.number}}', body: '{{record.title}}' },
      ],
    });
    const second = await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title__startswith: 'Counted' }, actions: [{ type: 'notify', to: [editor.id], message: 'Also' }] });
    // Events written directly (nothing wakes the app's runner); a runner of the test's own, counted.
    const runner = createRuleRunner({
      db: t.database.db,
      helpdesk: t.app.helpdesk,
      notifications: t.app.notifications.writer,
      webhooks: t.app.automationRunner.deliveries.queue,
      log: () => undefined,
    });
    const statementsFor = async (ids: string[]) => {
      await t.database.query(`insert into automation_event (id, event, model, subject_id) select gen_random_uuid(), 'ticket.created', 'ticket', unnest(string_to_array($1, ',')::uuid[])`, [
        ids.join(','),
      ]);
      const scope = { statements: 0 };
      await sqlCounter.run(scope, () => runner.drain());
      return scope.statements;
    };
    const two = await statementsFor(subjects.slice(0, 2));
    const six = await statementsFor(subjects.slice(2));
    expect(six).toBe(two);
    expect((await runsOf(notifying.id)).map((r) => r.outcome)).toEqual(Array(8).fill('SUCCEEDED'));
    expect(await runsOf(second.id)).toHaveLength(8);
    const [{ n }] = (await t.database.query<{ n: number }>(`select count(*)::int as n from notifications_notification where description like 'Counted %' and recipient_id = $1`, [watcher.id])) as [
      { n: number },
    ];
    expect(n).toBe(8);
  });
});

describe('statements of a batch that writes tickets', () => {
  it("do not grow with the tickets its set_fields and assign change (one group update per rule's change)", async () => {
    await deactivateAll();
    const subjects: string[] = [];
    for (let i = 0; i < 8; i++) subjects.push((await insertTicket(t, admin, { title: `Written ${i}`, priority: 'LOW', requester: watcher.id })).id as string);
    await drain();
    await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title__startswith: 'Written' }, actions: [{ type: 'set_fields', fields: { priority: 'HIGH', ticket_status: 'IN_PROGRESS' } }] });
    await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title__startswith: 'Written' }, actions: [{ type: 'assign', team: null, user: editor.id }] });
    // The app's runner stays out of it (the writes' ticket.updated events would wake it); a runner of the test's own, counted.
    await t.app.automationRunner.runner.stop();
    const runner = createRuleRunner({
      db: t.database.db,
      helpdesk: t.app.helpdesk,
      notifications: t.app.notifications.writer,
      webhooks: t.app.automationRunner.deliveries.queue,
      log: () => undefined,
    });
    const statementsFor = async (ids: string[]) => {
      // The ticket.updated events an earlier drain's writes raised are no rule's: left out of the count.
      await t.database.query(`update automation_event set status = 'DONE' where status = 'QUEUED'`);
      await t.database.query(`insert into automation_event (id, event, model, subject_id) select gen_random_uuid(), 'ticket.created', 'ticket', unnest(string_to_array($1, ',')::uuid[])`, [
        ids.join(','),
      ]);
      const scope = { statements: 0 };
      await sqlCounter.run(scope, () => runner.drain());
      return scope.statements;
    };
    try {
      const two = await statementsFor(subjects.slice(0, 2));
      const six = await statementsFor(subjects.slice(2));
      expect(six).toBe(two);
    } finally {
      t.app.automationRunner.runner.start();
    }
    const rows = await t.database.query<Json>(`select priority, ticket_status, assignee_id from helpdesk_ticket where id = any($1::uuid[])`, [subjects]);
    expect(rows).toEqual(Array(8).fill({ priority: 'HIGH', ticket_status: 'IN_PROGRESS', assignee_id: editor.id }));
    // Each ticket's change is in its history and raised its event, as a single update's would be.
    const [{ n: entries }] = (await t.database.query<{ n: number }>(`select count(*)::int as n from helpdesk_ticket_history where ticket_id = any($1::uuid[]) and field in ('priority', 'ticket_status', 'assignee') and not (field = 'ticket_status' and from_status is null)`, [subjects])) as [{ n: number }];
    expect(entries).toBe(8 * 3);
    const [{ n: events }] = (await t.database.query<{ n: number }>(`select count(*)::int as n from automation_event where subject_id = any($1::uuid[]) and event = 'ticket.updated' and depth = 1`, [subjects])) as [{ n: number }];
    expect(events).toBe(8 * 2);
  });
});

describe('schedules', () => {
  it('a due schedule fires once, acting on every record its conditions select, and moves to its next time', async () => {
    await deactivateAll();
    const rule = await createRule({
      trigger: { event: 'schedule', model: 'ticket', cron: '0 9 * * 1', timezone: 'Australia/Sydney' },
      conditions: { title__startswith: 'Weekly' },
      actions: [{ type: 'set_fields', fields: { priority: 'HIGH' } }],
    });
    const [{ next_run_at: planned }] = (await t.database.query<{ next_run_at: Date }>(`select next_run_at from automation_rule where id = $1`, [rule.id])) as [{ next_run_at: Date }];
    expect(new Date(planned).getTime()).toBeGreaterThan(Date.now());
    const a = await insertTicket(t, admin, { title: 'Weekly fridge', priority: 'LOW' });
    const b = await insertTicket(t, admin, { title: 'Weekly freezer', priority: 'LOW' });
    await insertTicket(t, admin, { title: 'Daily', priority: 'LOW' });
    await drain();
    expect(await runsOf(rule.id)).toHaveLength(0);
    await t.database.query(`update automation_rule set next_run_at = now() - interval '1 minute' where id = $1`, [rule.id]);
    await drain();
    await drain();
    const runs = await runsOf(rule.id);
    expect(new Set(runs.map((r) => r.subject.id))).toEqual(new Set([a.id, b.id]));
    expect(runs.every((r) => r.event === 'schedule' && r.outcome === 'SUCCEEDED')).toBe(true);
    expect((await ticketRow(a.id)).priority).toBe('HIGH');
    const [{ next_run_at: after }] = (await t.database.query<{ next_run_at: Date }>(`select next_run_at from automation_rule where id = $1`, [rule.id])) as [{ next_run_at: Date }];
    expect(new Date(after).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(after).getUTCDay()).toBeGreaterThanOrEqual(0);
  });
});

describe('rules on records', () => {
  it('record.created of a client runs the matching rule', async () => {
    await deactivateAll();
    const rule = await createRule({
      trigger: { event: 'record.created', model: 'client', cron: null, timezone: null },
      conditions: { name__icontains: 'aged care' },
      actions: [{ type: 'notify', to: [watcher.id], message: 'New client {{record.name}}' }],
    });
    const le = await insertLegalEntity(t, admin.token);
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Sunny Aged Care', address: buildAddress() });
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Office Park', address: buildAddress() });
    await drain();
    const runs = await runsOf(rule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ subject: { model: 'client', id: client.id }, outcome: 'SUCCEEDED' });
    const notes = await t.database.query<Json>(`select description from notifications_notification where recipient_id = $1 and description like 'New client%'`, [watcher.id]);
    expect(notes.map((n) => n.description)).toEqual(['New client Sunny Aged Care']);
  });
});

describe('two instances on one database', () => {
  let second: { app: FastifyInstance; database: Database; close(): Promise<void> };
  beforeAll(async () => {
    const database =
      t.database.engine === 'postgres' ? openPostgres(String((t.database.pool!.options as { connectionString: string }).connectionString), 3) : t.database;
    const app = await buildApp({ config: t.config, database, logger: false });
    await app.ready();
    second = {
      app,
      database,
      async close() {
        await app.close();
        if (database !== t.database) await database.close();
      },
    };
  });
  afterAll(() => second?.close());

  it('runs each rule once per event, whichever instance claims it', async () => {
    await deactivateAll();
    const rule = await createRule({ trigger: ticketEvent('ticket.created'), conditions: { title__startswith: 'Twice' }, actions: [{ type: 'notify', to: [watcher.id], message: 'Once: {{record.title}}' }] });
    const created = [];
    for (let i = 0; i < 8; i++) created.push(await insertTicket(t, admin, { title: `Twice ${i}` }));
    await Promise.all([drain(t.app), drain(second.app), drain(t.app), drain(second.app)]);
    const runs = await runsOf(rule.id);
    expect(runs).toHaveLength(8);
    expect(new Set(runs.map((r) => r.subject.id))).toEqual(new Set(created.map((c) => c.id)));
    const [{ n }] = (await t.database.query<{ n: number }>(`select count(*)::int as n from notifications_notification where description like 'Once: Twice %'`)) as [{ n: number }];
    expect(n).toBe(8);
    const [{ left }] = (await t.database.query<{ left: number }>(`select count(*)::int as left from automation_event where status <> 'DONE'`)) as [{ left: number }];
    expect(left).toBe(0);
  });
});

describe('events of the SLA sweep and of site checks reach rules', () => {
  it('ticket.sla_at_risk and ticket.sla_breached: the sweep moves tickets and their rules run', async () => {
    await deactivateAll();
    const atRisk = await createRule({ trigger: ticketEvent('ticket.sla_at_risk'), conditions: { title__startswith: 'Clock' }, actions: [{ type: 'notify', to: [watcher.id], message: 'At risk {{record.title}}' }] });
    const breached = await createRule({ trigger: ticketEvent('ticket.sla_breached'), conditions: { title__startswith: 'Clock' }, actions: [{ type: 'notify', to: [watcher.id], message: 'Breached {{record.title}}' }] });
    const soon = await insertTicket(t, admin, { title: 'Clock soon' });
    const late = await insertTicket(t, admin, { title: 'Clock late' });
    await t.database.query(`update helpdesk_ticket set sla_status = 'ON_TRACK', sla_risk_at = now() - interval '1 minute', sla_breach_at = now() + interval '1 hour' where id = $1`, [soon.id]);
    await t.database.query(`update helpdesk_ticket set sla_status = 'ON_TRACK', sla_risk_at = now() - interval '2 hours', sla_breach_at = now() - interval '1 minute' where id = $1`, [late.id]);
    await drain();
    expect(await t.app.slaSweep()).toMatchObject({ atRisk: 1, breached: 1 });
    await drain();
    expect((await runsOf(atRisk.id)).map((r) => [r.event, r.subject.id, r.outcome])).toEqual([['ticket.sla_at_risk', soon.id, 'SUCCEEDED']]);
    expect((await runsOf(breached.id)).map((r) => [r.event, r.subject.id, r.outcome])).toEqual([['ticket.sla_breached', late.id, 'SUCCEEDED']]);
  });

  it('sitecheck.failed (a run completed with a failed step) and sitecheck.missed (a run past its window) run their rules', async () => {
    await deactivateAll();
    const failedRule = await createRule({ trigger: ticketEvent('sitecheck.failed'), conditions: {}, actions: [{ type: 'notify', to: [watcher.id], message: 'Check failed' }] });
    const missedRule = await createRule({ trigger: ticketEvent('sitecheck.missed'), conditions: {}, actions: [{ type: 'notify', to: [watcher.id], message: 'Check missed' }] });
    const le = await insertLegalEntity(t, admin.token);
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Check Client', address: buildAddress() });
    const site = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
    const ok = async (method: 'POST', url: string, payload: Json = {}) => {
      const response = await t.request({ method, url, token: admin.token, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    const template = await ok('POST', '/api/sitechecks/templates/', { name: 'Door walk', steps: [{ key: 'door', label: 'Back door locked', kind: 'CHECK' }] });
    const failing = await ok('POST', '/api/sitechecks/runs/', { template: template.id, cost_centre: site.id });
    await ok('POST', `/api/sitechecks/runs/${failing.id}/answers/`, { key: 'door', value: false });
    await ok('POST', `/api/sitechecks/runs/${failing.id}/complete/`);
    const missing = await ok('POST', '/api/sitechecks/runs/', { template: template.id, cost_centre: site.id });
    await drain();
    expect((await runsOf(failedRule.id)).map((r) => [r.event, r.subject.model, r.subject.id, r.outcome])).toEqual([['sitecheck.failed', 'sitecheck_run', failing.id, 'SUCCEEDED']]);
    expect(await runsOf(missedRule.id)).toHaveLength(0);
    expect(await t.app.siteChecks.missRuns(new Date(Date.parse(missing.closes_at) + 1000))).toBeGreaterThanOrEqual(1);
    await drain();
    const missed = await runsOf(missedRule.id);
    expect(missed.map((r) => r.subject.id)).toContain(missing.id);
    expect(missed.every((r) => r.event === 'sitecheck.missed' && r.outcome === 'SUCCEEDED')).toBe(true);
  });
});
