import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { helpdeskDemoSeeder } from './helpdesk.seed';
import { helpdeskSitesDemoSeeder } from './helpdesk-sites.seed';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const le = await insertLegalEntity(t, admin.token);
  const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id });
  for (let i = 0; i < 3; i++) await insertCostCentre(t, admin.token, { client: client.id, legal_entity: le.id });
  const ctx = { config: t.config, database: t.database, print: () => undefined };
  await helpdeskDemoSeeder.run(ctx);
  await helpdeskSitesDemoSeeder.run(ctx);
  await helpdeskSitesDemoSeeder.run(ctx); // a second run adds nothing (it finds the sites it gave)
});
afterAll(() => t.close());

describe('help desk sites demo data', () => {
  it('gives tickets sites and internal notes with mentions (notified)', async () => {
    const all = (await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1000', token: admin.token })).json();
    const withSite = all.results.filter((r: { cost_centre: unknown; client: unknown }) => r.cost_centre && r.client);
    expect(withSite.length).toBe(24);

    const notes = await t.database.query<{
      ticket_id: string;
      message: { content: { content: { type: string; attrs?: { id: string } }[] }[] };
    }>('select ticket_id, message from helpdesk_conversation where internal');
    expect(notes.length).toBeGreaterThanOrEqual(2);
    const mentionedIds = notes.map((n) => n.message.content[0]!.content[0]!.attrs!.id);
    const notified = await t.database.query<{ recipient_id: string; target_id: string }>(
      `select recipient_id, target_id from notifications_notification where verb = 'mentioned you' order by timestamp`,
    );
    expect(notified.map((n) => n.recipient_id).sort()).toEqual([...mentionedIds].sort());
    // Requesters never see the notes.
    const requesterSide = await t.database.query<{ n: number }>(
      `select count(*)::int as n from notifications_notification n join helpdesk_ticket t on t.id = n.target_id::uuid where n.verb = 'mentioned you' and n.recipient_id = t.requester_id`,
    );
    expect(requesterSide[0]!.n).toBe(0);

    // Canned replies are the canned-replies module's own step (canned-replies.seed.ts).
    expect((await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_canned_reply'))[0]!.n).toBe(0);
  });
});
