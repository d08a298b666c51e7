import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedIn } from '../test/repository-sql';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { buildAddress, insertClient, insertIndustry, insertLegalEntity, insertRole } from '../test/factories/records';

/**
 * The SQL a list page runs, checked in (list-query/__snapshots__/*.sql), so a
 * change to the count probe, the page of ids or a hydration shows in review.
 * One list of each shape: a record entity written from one statement's rows
 * (clients; industries with a grouped count joined), one hydrated in batches
 * (client roles), filtered and searched, a nested owned list
 * (addresses), a synced table (buylink invoices), and a helpdesk list.
 */
let t: TestApp;
let admin: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const le = await insertLegalEntity(t, admin.token);
  const industry = await insertIndustry(t, admin.token, { legal_entity: le.id });
  await insertRole(t, admin.token, 'accounts');
  clientId = (
    await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, industry: industry.id, address: buildAddress() })
  ).id;
});
afterAll(() => t.close());

/** The statement texts one request ran (bound values left out: they hold random ids). */
async function statements(url: string): Promise<string> {
  const response = await t.request({ method: 'GET', url, token: admin.token, headers: { 'x-debug-sql': '1' } });
  expect(response.statusCode, url).toBe(200);
  const captured = JSON.parse(Buffer.from(String(response.headers['x-debug-sql']), 'base64').toString('utf8')) as {
    sql: string;
  }[];
  const text = captured.map((s, i) => `-- ${i + 1}\n${s.sql.replace(/\s+/g, ' ').trim()};`).join('\n');
  return `-- GET ${url.replace(clientId, '{client_id}')}\n${text}\n`;
}

describe('list page SQL', () => {
  it.each([
    ['clients', '/api/accounts/clients/?limit=10'],
    ['clients-filtered', '/api/accounts/clients/?search=a&ordering=name&limit=10'],
    ['industries', '/api/base/industries/?limit=10'],
    ['client-roles', '/api/accounts/roles/?limit=10'],
    ['client-addresses', '/api/accounts/clients/{client_id}/addresses/'],
    ['buylink-invoices', '/api/buylink/invoices/?limit=10'],
    ['helpdesk-tickets', '/api/helpdesk/tickets/?limit=10'],
  ])('%s', async (name, url) => {
    // Compared here, not with toMatchFileSnapshot (which writes a missing file or, under -u, a changed one).
    const file = path.join(path.dirname(new URL(import.meta.url).pathname), '__snapshots__', `list-page-sql.${name}.sql`);
    const { expected, actual } = checkedIn(file, await statements(url.replace('{client_id}', clientId)));
    expect(expected, `${file} is missing: run npm run sql:snapshots`).not.toBeNull();
    expect(actual.split('\n'), `the SQL changed: review it, run npm run sql:snapshots and commit the file`).toEqual(expected!.split('\n'));
  });
});
