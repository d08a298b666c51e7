import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { cannedRepliesDemoSeeder } from './canned-replies.seed';

let t: TestApp;
let admin: TestUser;
let colleague: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  colleague = await insertUser(t, { userType: 2 });
  const ctx = { config: t.config, database: t.database, print: () => undefined };
  await cannedRepliesDemoSeeder.run(ctx);
  await cannedRepliesDemoSeeder.run(ctx); // a second run adds nothing
});
afterAll(() => t.close());

describe('canned replies demo data', () => {
  it('gives the agents own and shared canned replies, once', async () => {
    const replies = (await t.request({ method: 'GET', url: '/api/helpdesk/canned-replies/', token: admin.token })).json();
    const shared = replies.results.filter((r: { shared: boolean }) => r.shared);
    expect(shared.length).toBe(3);
    expect(shared.every((r: { owner: { id: string } }) => r.owner.id === colleague.id)).toBe(true);
    expect(
      replies.results.filter((r: { owner: { id: string }; shared: boolean }) => !r.shared && r.owner.id === admin.id).length,
    ).toBe(2);
    expect((await t.database.query<{ n: number }>('select count(*)::int as n from helpdesk_canned_reply'))[0]!.n).toBe(6);
  });
});
