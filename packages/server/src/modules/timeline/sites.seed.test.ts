import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { DEMO_SEEDERS } from '../../seed/demo-seed';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  for (const seeder of DEMO_SEEDERS) await seeder.run({ config: t.config, database: t.database, print: () => undefined });
}, 600_000);
afterAll(() => t.close());

describe('sites demo data', () => {
  it("fills the first demo site's timeline with every kind of entry", async () => {
    const [site] = await t.database.query<{ id: string; client_id: string }>(
      `select id, client_id from operations_cost_centre where code = 'CC00001'`,
    );
    const kinds = new Set<string>();
    let next: string | null = `/api/operations/cost-centres/${site!.id}/timeline/?limit=100`;
    while (next) {
      const response = await t.request({ method: 'GET', url: next.replace(/^https?:\/\/[^/]+/, ''), token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { next: string | null; results: { kind: string }[] };
      for (const entry of body.results) kinds.add(entry.kind);
      next = body.next;
    }
    expect([...kinds].sort()).toEqual(['audit', 'conversation', 'employee', 'invoice', 'spend', 'ticket']);
    const client = await t.request({
      method: 'GET',
      url: `/api/accounts/clients/${site!.client_id}/timeline/?kind=audit`,
      token: admin.token,
    });
    expect(client.json().results.length).toBeGreaterThan(1);
  });

  it('has allocations derived by the payroll and the directory, and drift between them and manual ones', async () => {
    const sources = await t.database.query<{ source: string }>(`select distinct source from records_allocation order by source`);
    expect(sources.map((s) => s.source)).toEqual(['DIRECTORY', 'MANUAL', 'PAYROLL']);
    const drift = (await t.request({ method: 'GET', url: '/api/identity/allocations/drift/', token: admin.token })).json();
    expect(new Set(drift.results.map((r: { kind: string }) => r.kind))).toEqual(new Set(['MISSING_MANUAL', 'NOT_DERIVED']));
  });
});
