import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketChanges } from '@ops/contract/helpdesk/helpdesk.schemas';
import { sqlCounter, type DbOrTx } from '../../platform/db';
import type { AuthUser } from '../../platform/auth';
import { rowsOf } from '../../list-query/list-page';
import { ruleContext } from '../automations/automation-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';
import { buildAddress, insertClient, insertIndustry, insertLegalEntity } from '../../test/factories/records';

/**
 * The set-based update of a group of tickets (updateManyWithin, what an automation's grouped
 * set_fields and assign go through) against the per-ticket update (updateWithin) on the same data.
 */
let t: TestApp;
let admin: TestUser;
let actor: AuthUser;
let agent: TestUser;
let other: TestUser;
let requester: TestUser;
let watcher: TestUser;
let teamA: string;
let teamB: string;
const tickets: string[] = [];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ALWAYS_HOURS = { timezone: 'UTC', days: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]])) };

async function call(method: 'POST' | 'PATCH', url: string, payload: unknown): Promise<Json> {
  const response = await t.request({ method, url, token: admin.token, payload: payload as never });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

beforeAll(async () => {
  process.env.SLA_SWEEP_CRON = 'off';
  t = await createTestApp({ automationPollMs: 3_600_000 });
  admin = await insertUser(t, { superuser: true, firstName: 'Ada', lastName: 'Admin' });
  actor = (await t.database.query<Json>(`select id, email, first_name as "firstName", last_name as "lastName", is_superuser as "isSuperuser", is_active as "isActive", user_type as "userType" from auth_user where id = $1`, [admin.id]))[0] as AuthUser;
  agent = await insertUser(t, { userType: 2, firstName: 'Agnes', lastName: 'Agent' });
  other = await insertUser(t, { userType: 2, firstName: 'Otto', lastName: 'Other' });
  requester = await insertUser(t, { userType: 6, firstName: 'Rita', lastName: 'Requester' });
  watcher = await insertUser(t, { userType: 2, firstName: 'Wes', lastName: 'Watcher' });
  teamA = (await call('POST', '/api/helpdesk/teams/', { name: 'Kitchen', members: [agent.id, other.id], assignment: 'MANUAL' })).id;
  teamB = (await call('POST', '/api/helpdesk/teams/', { name: 'Facilities', members: [other.id], assignment: 'MANUAL' })).id;
  const industry = (await insertIndustry(t, admin.token)).id as string;
  const policy = (position: number, fields: Json, minutes: number) =>
    call('POST', '/api/helpdesk/sla-policies/', {
      name: `Policy ${position}`,
      position,
      ticket_type: null,
      priority: null,
      industry: null,
      first_response_minutes: minutes,
      resolution_minutes: minutes * 4,
      business_hours: ALWAYS_HOURS,
      holidays: [],
      ...fields,
    });
  // Three policies the tickets fall under differently before and after their change.
  await policy(1, { industry, priority: 'URGENT' }, 15);
  await policy(2, { priority: 'URGENT' }, 30);
  await policy(3, { ticket_type: 'ISSUE' }, 60);
  const le = (await insertLegalEntity(t, admin.token)).id as string;
  const client = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le, name: 'Sunny Aged Care', address: buildAddress() })).id as string;
  await t.database.query(`update accounts_client set industry_id = $1 where id = $2`, [industry, client]);
  // Different types, priorities, teams, sites, assignees, statuses and watchers.
  const specs: Json[] = [
    { ticket_type: 'INCIDENT', priority: 'LOW' },
    { ticket_type: 'ISSUE', priority: 'MEDIUM', requester: requester.id },
    { ticket_type: 'INCIDENT', priority: 'HIGH', client, assignee: other.id, requester: requester.id },
    { ticket_type: 'ISSUE', priority: 'URGENT' },
    { ticket_type: 'INCIDENT', priority: 'MEDIUM', client, requester: requester.id },
    { ticket_type: 'SERVICE_REQUEST', priority: 'LOW', requester: requester.id },
  ];
  for (const [i, spec] of specs.entries()) tickets.push((await insertTicket(t, admin, { title: `Grouped ${i}`, ...spec })).id);
  await call('PATCH', `/api/helpdesk/tickets/${tickets[1]}/`, { team: teamB });
  await call('PATCH', `/api/helpdesk/tickets/${tickets[4]}/`, { ticket_status: 'IN_PROGRESS' });
  await call('PATCH', `/api/helpdesk/tickets/${tickets[5]}/`, { ticket_status: 'ON_HOLD' });
  for (const id of [tickets[0], tickets[2], tickets[5]]) await t.request({ method: 'POST', url: '/api/notifications/watches/', token: watcher.token, payload: { model: 'ticket', id } });
});
afterAll(() => t.close());

/** What a change left, new rows' ids and clock times left out (they differ between any two runs). */
async function outcome(tx: DbOrTx, ids: string[]) {
  const list = ids.join(',');
  // Sorted whole, so rows that differ only in their (random) ids' order compare alike.
  const read = async (statement: ReturnType<typeof sql>) => rowsOf<Json>(await tx.execute(statement)).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return {
    tickets: (await read(sql`select * from helpdesk_ticket where id = any(string_to_array(${list}, ',')::uuid[]) order by id`)).map(({ updated_at, ...row }): Json => ({
      ...row,
      updated: updated_at !== null,
    })),
    history: await read(sql`
      select ticket_id, field, from_status, to_status, from_value, to_value, reason, changed_by_id from helpdesk_ticket_history
       where ticket_id = any(string_to_array(${list}, ',')::uuid[]) and changed_at = now()
       order by ticket_id, field, from_value, to_value`),
    events: await read(sql`
      select event, model, subject_id, changed_fields, depth, origin_rules, rule_id, status from automation_event
       where subject_id = any(string_to_array(${list}, ',')::uuid[]) and created_at = now()
       order by subject_id, changed_fields::text`),
    notifications: await read(sql`
      select recipient_id, actor_id, level, verb, kind, description, target_type, target_id, target_text,
             action_object_type, action_object_id, action_object_text, data, unread, deleted
        from notifications_notification
       where target_id = any(string_to_array(${list}, ',')) and timestamp = now()
       order by target_id, verb, recipient_id`),
  };
}

class Rollback extends Error {}
/** `work` in a transaction whose outcome is read and then rolled back, so both paths start from the same rows. */
async function rolledBack(work: (tx: DbOrTx) => Promise<void>) {
  let seen: Awaited<ReturnType<typeof outcome>> | undefined;
  await t.database.db
    .transaction(async (tx) => {
      await work(tx);
      seen = await outcome(tx, tickets);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return seen!;
}

const CHANGES: TicketChanges[] = [
  { priority: 'URGENT' },
  { ticket_status: 'IN_PROGRESS' },
  { team: '', assignee: '' },
  { ticket_type: 'ISSUE', title: 'Grouped, renamed' },
];
const context = { depth: 1, originRules: ['0190a0a0-0000-7000-8000-00000000abcd'] };

describe('a group update of tickets', () => {
  it('leaves the same tickets, history, events and notifications as one update per ticket', async () => {
    const changes = CHANGES.map((c) => (c.team === '' ? { team: teamA, assignee: agent.id } : c));
    const single = await rolledBack(async (tx) => {
      for (const change of changes)
        for (const id of tickets) await ruleContext.run(context, () => t.app.helpdesk.updateWithin(tx, actor, id, change));
    });
    const grouped = await rolledBack(async (tx) => {
      for (const change of changes) await ruleContext.run(context, () => t.app.helpdesk.updateManyWithin(tx, actor, [...tickets].reverse(), change));
    });
    // The data says something happened: SLA policies re-matched, history and watchers' notifications written.
    expect(new Set(grouped.tickets.map((row) => row.sla_policy_id)).size).toBeGreaterThan(1);
    expect(grouped.tickets.every((row) => row.version > 1 && row.updated_by_id === admin.id)).toBe(true);
    expect(grouped.history.length).toBeGreaterThan(tickets.length * 3);
    // One event per ticket and change, but for the ticket already URGENT and the one already IN_PROGRESS.
    expect(grouped.events).toHaveLength(tickets.length * changes.length - 2);
    expect(grouped.notifications.filter((n) => n.kind === 'watched_change' && n.recipient_id === watcher.id)).toHaveLength(3 * changes.length);
    expect(grouped.notifications.some((n) => n.verb === 'assigned')).toBe(true);
    expect(grouped.notifications.some((n) => n.verb === 'changed status' && n.recipient_id === requester.id)).toBe(true);
    expect(grouped).toEqual(single);
  });

  it('is refused whole when one ticket cannot take the change, and nothing of it stays', async () => {
    const before = await t.database.query<Json>(`select id, version, ticket_status from helpdesk_ticket where id = any($1::uuid[]) order by id`, [tickets]);
    // ON_HOLD cannot go back to OPEN: the group is refused as the single update of that ticket is.
    const refused = t.database.db.transaction((tx) => t.app.helpdesk.updateManyWithin(tx, actor, tickets, { ticket_status: 'OPEN' }));
    await expect(refused).rejects.toThrow();
    expect(await t.database.query<Json>(`select id, version, ticket_status from helpdesk_ticket where id = any($1::uuid[]) order by id`, [tickets])).toEqual(before);
  });

  it('sends as many statements for many tickets as for two', async () => {
    const same: string[] = [];
    for (let i = 0; i < 8; i++) same.push((await insertTicket(t, admin, { title: `Counted ${i}`, ticket_type: 'INCIDENT', priority: 'LOW', requester: requester.id })).id);
    const statementsFor = async (ids: string[], change: TicketChanges) => {
      const scope = { statements: 0 };
      await sqlCounter.run(scope, () => t.database.db.transaction((tx) => t.app.helpdesk.updateManyWithin(tx, actor, ids, change)));
      return scope.statements;
    };
    for (const change of [{ priority: 'URGENT' }, { team: teamA, assignee: agent.id }, { ticket_status: 'IN_PROGRESS' }] as TicketChanges[])
      expect(await statementsFor(same.slice(2), change)).toBe(await statementsFor(same.slice(0, 2), change));
    const rows = await t.database.query<Json>(`select priority, assignee_id, ticket_status from helpdesk_ticket where id = any($1::uuid[])`, [same]);
    expect(rows.every((row) => row.priority === 'URGENT' && row.assignee_id === agent.id && row.ticket_status === 'IN_PROGRESS')).toBe(true);
  });
});
