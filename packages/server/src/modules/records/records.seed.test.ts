import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/factories/users';
import { insertUser } from '../../test/factories/users';
import { DEMO_PASSWORD, DEMO_USERS, seedRecordsDemo } from './records.seed';
import { seedScale } from './records.scale-seed';
import { bulkTableOf } from './records.tables';
import { withBulkSession } from '../../platform/bulk-load';
import { uuidv7 } from '../../db/ids';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedRecordsDemo({ config: t.config, database: t.database, print: (line) => lines.push(line) });
});
afterAll(() => t.close());

const count = async (table: string) => (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

describe('demo seeder', () => {
  it('loads a catering-and-care business of the promised size', async () => {
    expect(await count('base_legal_entity')).toBeGreaterThanOrEqual(5);
    expect(await count('accounts_client')).toBe(200);
    const costCentres = await count('operations_cost_centre');
    expect(costCentres).toBeGreaterThanOrEqual(450);
    expect(costCentres).toBeLessThanOrEqual(600);
    expect(await count('base_sub_industry')).toBeGreaterThan(await count('base_industry'));
    expect(await count('accounts_contact_relation')).toBeGreaterThan(0);
    expect(await count('operations_contact_relation')).toBeGreaterThan(0);
    // Every legal entity has an abbreviation, and coordinates sit in Australia.
    expect(
      (await t.database.query<{ n: number }>('select count(*)::int as n from base_legal_entity where abbr is null'))[0]!.n,
    ).toBe(0);
    const [box] = await t.database.query<{ minlat: string; maxlat: string; minlng: string; maxlng: string }>(
      'select min(latitude) as minlat, max(latitude) as maxlat, min(longitude) as minlng, max(longitude) as maxlng from records_address',
    );
    expect(Number(box!.minlat)).toBeGreaterThan(-44);
    expect(Number(box!.maxlat)).toBeLessThan(-10);
    expect(Number(box!.minlng)).toBeGreaterThan(112);
    expect(Number(box!.maxlng)).toBeLessThan(154);
  });

  it('keeps exactly one primary address per owner and one primary contact per type', async () => {
    const [duplicates] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from (select client_id, contact_type from records_contact where client_id is not null group by 1, 2 having sum(case when is_primary then 1 else 0 end) <> 1) d`,
    );
    expect(duplicates!.n).toBe(0);
  });

  it('creates a demo user of every type who can sign in with the shared password', async () => {
    expect(DEMO_USERS.map((u) => u.userType)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const user of DEMO_USERS) await signIn(t, user.email, DEMO_PASSWORD);
    // Seven scrypt sign-ins at OWASP's cost (N=2^17) take seconds each on a loaded 2-core machine.
  }, 120_000);

  it('scopes the demo site and operation users to their allocations', async () => {
    const admin = await insertUser(t, { superuser: true });
    const all = (await t.request({ method: 'GET', url: '/api/accounts/clients/?limit=1', token: admin.token })).json().count;
    for (const email of ['site.user@demo.example', 'ops.user@demo.example']) {
      const token = await signIn(t, email, DEMO_PASSWORD);
      const clients = (await t.request({ method: 'GET', url: '/api/accounts/clients/?limit=1', token })).json().count;
      const sites = (await t.request({ method: 'GET', url: '/api/operations/cost-centres/?limit=1', token })).json().count;
      expect(clients, email).toBeGreaterThan(0);
      expect(clients, email).toBeLessThan(all);
      expect(sites, email).toBeGreaterThan(0);
    }
    const markers = await t.request({ method: 'GET', url: '/api/directory/maps/cost-centres/?limit=1000', token: admin.token });
    expect(markers.json().count).toBeGreaterThan(400);
  });
});

describe('scale seed', () => {
  it('writes N x 100,000 clients with proportional rows in rounds, printing progress', async () => {
    const admin = await insertUser(t, { superuser: true });
    const before = await count('accounts_client');
    const indexes = async () =>
      t.database.query<{ name: string }>(
        `select indexname as name from pg_indexes where tablename in ('accounts_client', 'records_address') order by 1`,
      );
    const foreignKeys = async () =>
      t.database.query<{ name: string }>(
        `select conname as name from pg_constraint where contype = 'f' and conrelid = 'operations_cost_centre'::regclass order by 1`,
      );
    const [indexesBefore, foreignKeysBefore] = [await indexes(), await foreignKeys()];
    const progress: string[] = [];
    const result = await seedScale({
      database: t.database,
      scale: 0.003,
      ownerId: admin.id,
      print: (line) => progress.push(line),
      chunkClients: 100,
    });
    expect(result.clients).toBe(300);
    expect((await count('accounts_client')) - before).toBe(300);
    const chunks = progress.filter((line) => line.includes(' clients, '));
    expect(chunks).toHaveLength(3);
    // Indexes and foreign keys set aside for the load are all back.
    expect(await indexes()).toEqual(indexesBefore);
    expect(await foreignKeys()).toEqual(foreignKeysBefore);
    expect(indexesBefore.length).toBeGreaterThan(10);
    expect(chunks[2]).toMatch(/^seed: 300\/300 clients, [\d,]+ rows, [\d,]+ rows\/s/);
    expect(result.rows).toBeGreaterThan(300 * 10);
  });
});

describe('scale seed rounds', () => {
  it('tells the progress bar each round and writes the proportional rows', async () => {
    const admin = await insertUser(t, { superuser: true });
    const before = { clients: await count('accounts_client'), addresses: await count('records_address') };
    // The CLI's progress bar is told the clients of each round (and the round lines are not printed).
    const ticks: number[] = [];
    const printed: string[] = [];
    const result = await seedScale({
      database: t.database,
      scale: 0.002,
      ownerId: admin.id,
      print: (line) => printed.push(line),
      chunkClients: 150,
      progress: (clients) => ticks.push(clients),
    });
    expect(ticks).toEqual([150, 50]);
    expect(printed.filter((line) => line.includes(' clients, '))).toEqual([]);
    expect(result.clients).toBe(200);
    expect((await count('accounts_client')) - before.clients).toBe(200);
    // One head-office address per client and one per cost centre (2 and 3 per client in turn).
    expect((await count('records_address')) - before.addresses).toBe(200 + 500);
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from accounts_client c join records_address a on a.client_id = c.id where c.account_number like 'S%' and a.is_primary and a.latitude is not null`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(200);
  });

  it('writes text with tabs, newlines, backslashes and NULLs through COPY unchanged', async () => {
    const admin = await insertUser(t, { superuser: true });
    const name = 'Tab\there\nnew line \\N back\\slash\r end';
    await withBulkSession(t.database, (session) =>
      session.copy(bulkTableOf('legalEntity'), [
        { id: uuidv7(), name, abbr: null, createdById: admin.id, updatedById: admin.id },
        { id: uuidv7(), name: 'Second', createdById: admin.id, updatedById: admin.id },
      ]),
    );
    const rows = await t.database.query<{ name: string; abbr: string | null }>(
      `select name, abbr from base_legal_entity where name in ($1, 'Second') order by name`,
      [name],
    );
    expect(rows).toEqual([
      { name: 'Second', abbr: null },
      { name, abbr: null },
    ]);
  });
});
