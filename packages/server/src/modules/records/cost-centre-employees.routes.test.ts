import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertClient, insertCostCentre, insertLegalEntity } from '../../test/factories/records';
import { seedIntegrationRows } from '../../test/factories/integrations';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  await seedIntegrationRows(t);
});
afterAll(() => t.close());

describe("a cost centre's payroll employees", () => {
  it('are the synced employees whose CostCentre is its code', async () => {
    const [busiest] = await t.database.query<{ code: string; n: number }>(
      `select cost_centre_code as code, count(*)::int as n from adp_employee where cost_centre_code <> '' group by 1 order by 2 desc limit 1`,
    );
    expect(busiest, 'the demo payroll rows name cost centres').toBeDefined();
    const legalEntity = await insertLegalEntity(t, admin.token);
    const client = await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity.id });
    const site = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: legalEntity.id, code: busiest!.code });
    const other = await insertCostCentre(t, admin.token, { client: client.id, legal_entity: legalEntity.id });

    const response = await t.request({
      method: 'GET',
      url: `/api/operations/cost-centres/${site.id}/employees/?limit=1000`,
      token: admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.count).toBe(busiest!.n);
    expect(page.results.every((e: { CostCentre: string }) => e.CostCentre === busiest!.code)).toBe(true);
    expect(page.results[0]).toHaveProperty('EmpCode');

    const none = await t.request({
      method: 'GET',
      url: `/api/operations/cost-centres/${other.id}/employees/`,
      token: admin.token,
    });
    expect(none.json().count).toBe(0);
  });

  it('answer 404 for a cost centre that does not exist', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/operations/cost-centres/0199aaaa-0000-7000-8000-000000000000/employees/',
      token: admin.token,
    });
    expect(response.statusCode).toBe(404);
  });
});
