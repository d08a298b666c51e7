import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { COMMANDS, CommandError } from './commands';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
});
afterAll(() => t.close());

describe('seed-demo command', () => {
  it('loads only the seeders named by --only', async () => {
    const printed: string[] = [];
    await COMMANDS['seed-demo']!({ config: t.config, database: t.database, print: (line) => printed.push(line) }, ['--only', 'integrations']);
    expect(printed).toEqual([expect.stringMatching(/^demo data: integrations /)]);
    const count = async (url: string) => (await t.request({ method: 'GET', url: `${url}?limit=1`, token: admin.token })).json().count;
    expect(await count('/api/google-sync/directory-groups/')).toBeGreaterThan(0);
    expect(await count('/api/accounts/clients/')).toBe(0);
  });

  it('refuses a name no seeder has', async () => {
    await expect(COMMANDS['seed-demo']!({ config: t.config, database: t.database, print: () => undefined }, ['--only', 'nothing'])).rejects.toThrow(CommandError);
  });
});
