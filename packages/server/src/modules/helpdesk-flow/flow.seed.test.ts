import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { helpdeskDemoSeeder } from '../helpdesk/helpdesk.seed';
import { helpdeskDemoTickets, helpdeskFlowTickets } from '../helpdesk/index';
import { createHelpdeskFlowDemoSeeder } from './flow.seed';

const helpdeskFlowDemoSeeder = createHelpdeskFlowDemoSeeder(helpdeskDemoTickets, helpdeskFlowTickets);

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  process.env.SLA_SWEEP_CRON = 'off';
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const ctx = { config: t.config, database: t.database, print: () => undefined };
  await helpdeskDemoSeeder.run(ctx);
  await helpdeskFlowDemoSeeder.run(ctx);
  await helpdeskFlowDemoSeeder.run(ctx); // a second run changes nothing
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, token: admin.token }).then((r) => r.json());

describe('help desk flow demo data', () => {
  it('has teams with members, rules and policies (once)', async () => {
    const teams = await get('/api/helpdesk/teams/');
    expect(teams.results.map((r: { name: string }) => r.name).sort()).toEqual([
      'Care Services Desk',
      'IT & Systems',
      'Kitchen & Catering Support',
    ]);
    expect(teams.results.every((r: { members: string[] }) => r.members.length > 0)).toBe(true);
    expect((await get('/api/helpdesk/routing-rules/')).count).toBe(5);
    expect((await get('/api/helpdesk/sla-policies/')).count).toBe(3);
  });

  it('shows breached, at-risk and on-track tickets, all routed to a team', async () => {
    for (const status of ['BREACHED', 'AT_RISK', 'ON_TRACK']) {
      const list = await get(
        `/api/helpdesk/tickets/?filters=${encodeURIComponent(JSON.stringify({ sla_status: status }))}&ordering=due_at`,
      );
      expect({ status, some: list.count > 0 }).toEqual({ status, some: true });
    }
    const unrouted = await get(
      `/api/helpdesk/tickets/?filters=${encodeURIComponent(JSON.stringify({ team__isnull: true, ticket_status__in: ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'REOPENED'] }))}`,
    );
    expect(unrouted.count).toBe(0);
  });
});
