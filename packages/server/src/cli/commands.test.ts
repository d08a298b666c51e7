import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { CommandError } from './command';
import { COMMANDS } from './commands';

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
    await COMMANDS['seed-demo']!({ config: t.config, database: t.database, print: (line) => printed.push(line) }, [
      '--only',
      'integrations',
    ]);
    expect(printed).toEqual([expect.stringMatching(/^demo data: integrations /)]);
    const count = async (url: string) =>
      (await t.request({ method: 'GET', url: `${url}?limit=1`, token: admin.token })).json().count;
    expect(await count('/api/google-sync/directory-groups/')).toBeGreaterThan(0);
    expect(await count('/api/accounts/clients/')).toBe(0);
  });

  it('takes a comma-separated list and runs the seeders in their own order, whatever the order given', async () => {
    const printed: string[] = [];
    await COMMANDS['seed-demo']!({ config: t.config, database: t.database, print: (line) => printed.push(line) }, [
      '--only',
      'helpdesk, integrations',
    ]);
    expect(printed).toEqual([
      expect.stringMatching(/^demo data: integrations /),
      expect.stringMatching(/^demo data: help desk tickets /),
    ]);
    expect(
      (await t.request({ method: 'GET', url: '/api/helpdesk/tickets/?limit=1', token: admin.token })).json().count,
    ).toBeGreaterThan(0);
    expect((await t.request({ method: 'GET', url: '/api/accounts/clients/?limit=1', token: admin.token })).json().count).toBe(0);
  });

  it('refuses a key no seeder has, naming it and the known ones, and runs nothing', async () => {
    const printed: string[] = [];
    const run = COMMANDS['seed-demo']!({ config: t.config, database: t.database, print: (line) => printed.push(line) }, [
      '--only',
      'records,nothing',
    ]);
    await expect(run).rejects.toThrow(CommandError);
    await expect(run).rejects.toThrow(
      '--only takes a comma-separated list of records, integrations, helpdesk, helpdesk-sites, canned-replies, helpdesk-flow, sites (unknown: nothing)',
    );
    expect(printed).toEqual([]);
  });

  it('refuses an empty list', async () => {
    await expect(
      COMMANDS['seed-demo']!({ config: t.config, database: t.database, print: () => undefined }, ['--only', ' , ']),
    ).rejects.toThrow(/^--only takes/);
  });
});
