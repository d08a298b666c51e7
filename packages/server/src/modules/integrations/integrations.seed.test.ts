import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { integrationsDemoSeeder } from './integrations.seed';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
});
afterAll(() => t.close());

describe('demo data for the synced areas', () => {
  it('fills every read API with no connector configured, and can run twice', async () => {
    await integrationsDemoSeeder.run({ config: t.config, database: t.database, print: () => undefined });
    await integrationsDemoSeeder.run({ config: t.config, database: t.database, print: () => undefined });
    const count = async (url: string) =>
      (await t.request({ method: 'GET', url: `${url}?limit=1`, token: admin.token })).json().count;
    expect(await count('/api/google-sync/directory-users/site/')).toBe(40);
    expect(await count('/api/google-sync/directory-users/office/')).toBe(20);
    expect(await count('/api/google-sync/directory-groups/')).toBe(4);
    expect(await count('/api/dynamics/atlas-vend-invoice-jours/')).toBe(80);
    expect(await count('/api/dynamics/vendors-v3/')).toBeGreaterThan(0);
    expect(await count('/api/dynamics/financial-dimension-values/')).toBeGreaterThan(0);
    expect(await count('/api/buylink/invoices/')).toBe(120);
    expect(await count('/api/buylink/console-logs/')).toBeGreaterThan(0);
    expect(await count('/api/adp/employees/')).toBe(150);
    const managers = await t.request({
      method: 'GET',
      url: `/api/adp/employees/?filters=${encodeURIComponent('{"USERFIELDM1":"Site Manager"}')}&limit=1`,
      token: admin.token,
    });
    expect(managers.json().results[0].USERFIELDM1.site_contact).toBe(true);
  });
});
