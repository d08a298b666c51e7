import { afterEach, describe, expect, it } from 'vitest';
import { canTransition, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories/users';
import { helpdeskDemoSeeder } from './helpdesk.seed';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const seed = (app: TestApp) => helpdeskDemoSeeder.run({ config: app.config, database: app.database, print: () => undefined });

describe('help desk demo data', () => {
  it('creates its own demo people when only the admin exists, and tickets whose history follows the workflow', async () => {
    t = await createTestApp();
    const admin = await insertUser(t, { superuser: true });
    await seed(t);
    const people = await t.database.query<{ email: string }>(
      `select email from auth_user where email like '%@demo.example' order by email`,
    );
    expect(people.map((p) => p.email)).toEqual([
      'care.worker@demo.example',
      'helpdesk.agent@demo.example',
      'kitchen.lead@demo.example',
      'site.manager@demo.example',
    ]);

    const all = await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1000', token: admin.token });
    expect(all.json().count).toBe(36);
    expect(new Set(all.json().results.map((r: { ticket_status: string }) => r.ticket_status)).size).toBeGreaterThanOrEqual(4);
    const mine = await t.request({ method: 'GET', url: '/api/helpdesk/my-tickets/', token: admin.token });
    expect(mine.json().count).toBeGreaterThan(0);

    for (const ticket of all.json().results as { id: string; ticket_status: TicketStatus }[]) {
      const history = (
        await t.request({ method: 'GET', url: `/api/helpdesk/tickets/${ticket.id}/history/`, token: admin.token })
      ).json().results;
      expect(history[0]).toMatchObject({ from_status: null, to_status: 'OPEN' });
      for (const entry of history.slice(1)) expect(canTransition(entry.from_status, entry.to_status)).toBe(true);
      expect(history.at(-1).to_status).toBe(ticket.ticket_status);
    }
    const conversations = await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_conversation');
    expect(Number(conversations[0]!.n)).toBeGreaterThan(30);
    const counts = await t.request({ method: 'GET', url: '/api/notifications/counts/', token: admin.token });
    expect(counts.json().active).toBeGreaterThan(0);
  });

  it('uses existing users of other modules instead of creating its own', async () => {
    t = await createTestApp();
    await insertUser(t, { superuser: true });
    const requester = await insertUser(t, { userType: 5 });
    await seed(t);
    const ours = await t.database.query<{ n: number }>(
      `select count(*)::int as n from auth_user where email like '%@demo.example'`,
    );
    expect(Number(ours[0]!.n)).toBe(0);
    const theirs = await t.request({ method: 'GET', url: '/api/helpdesk/my-tickets/', token: requester.token });
    expect(theirs.json().count).toBeGreaterThan(0);
  });
});
