import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { seedScale } from './records.scale-seed';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  // 600 synthetic clients (with legal entity, industry, sub-industry, addresses and contacts) so a page of 500 is full.
  await seedScale({ database: t.database, scale: 0.006, ownerId: admin.id, print: () => undefined });
});
afterAll(() => t.close());

interface Captured {
  sql: string;
  params: unknown[];
}

/** The statements one request ran, as the server captured them in the request's SQL scope. */
async function capture(url: string) {
  const response = await t.request({ method: 'GET', url, token: admin.token, headers: { 'x-debug-sql': '1' } });
  expect(response.statusCode, url).toBe(200);
  const statements = JSON.parse(Buffer.from(String(response.headers['x-debug-sql']), 'base64').toString('utf8')) as Captured[];
  expect(Number(response.headers['x-sql-statements'])).toBe(statements.length);
  return { body: response.json() as { count: number; results: Record<string, unknown>[] }, statements };
}

describe('client list statements', () => {
  it('runs the same statements for pages of 1, 50 and 500 clients with nested legal entity and industry', async () => {
    const filters = (await capture('/api/accounts/clients/?limit=1')).body.results[0] as {
      legal_entity: { id: string };
      industry: { id: string };
    };
    for (const query of [
      'ordering=name',
      `filters=${encodeURIComponent(JSON.stringify({ legal_entity: filters.legal_entity.id, industry: filters.industry.id }))}`,
      'search=1',
      'ordering=name&cursor=',
    ]) {
      const pages = [];
      for (const limit of [1, 50, 500])
        pages.push({ limit, ...(await capture(`/api/accounts/clients/?${query}&limit=${limit}`)) });
      for (const page of pages) {
        expect(page.body.results.length, `${query} limit ${page.limit}`).toBe(Math.min(page.limit, page.body.count));
        for (const client of page.body.results) {
          expect(client.legal_entity, query).toMatchObject({ id: expect.any(String), name: expect.any(String) });
          expect(client.industry, query).toMatchObject({ id: expect.any(String), name: expect.any(String) });
        }
      }
      expect(pages[2]!.body.results.length, query).toBeGreaterThan(50);
      // Same number of statements and the same statement texts: only the bound values (limit, ids) differ.
      const texts = pages.map((page) => page.statements.map((s) => s.sql));
      expect(texts[0]!.length, query).toBeGreaterThan(0);
      expect(texts[0]!.length, query).toBeLessThanOrEqual(6);
      expect(texts[1], query).toEqual(texts[0]);
      expect(texts[2], query).toEqual(texts[0]);
    }
  });
});

describe('statements per request (issue 20): detail 1, list 2, none for a cached token', () => {
  it('answers a client detail in one statement and a missing one (404) in one', async () => {
    const [first] = (await capture('/api/accounts/clients/?limit=1')).body.results as { id: string }[];
    // Warm: the token is in the credential cache from the requests above, and stays there.
    for (let i = 0; i < 2; i++) {
      const response = await t.request({ method: 'GET', url: `/api/accounts/clients/${first!.id}/`, token: admin.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: first!.id, legal_entity: { id: expect.any(String) } });
      expect(Number(response.headers['x-sql-statements'])).toBe(1);
    }
    const missing = await t.request({ method: 'GET', url: '/api/accounts/clients/00000000-0000-4000-8000-000000000000/', token: admin.token });
    expect(missing.statusCode).toBe(404);
    expect(Number(missing.headers['x-sql-statements'])).toBe(1);
  });

  it("answers a corporate user's client detail in one statement, the record's: token and permissions from their caches, the ETag from that row", async () => {
    const [first] = (await capture('/api/accounts/clients/?limit=1')).body.results as { id: string }[];
    const staff = await insertUser(t); // type 2, the default group's permissions (not a superuser)
    const url = `/api/accounts/clients/${first!.id}/`;
    const warm = await t.request({ method: 'GET', url, token: staff.token });
    expect(warm.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const response = await t.request({ method: 'GET', url, token: staff.token, headers: { 'x-debug-sql': '1' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toMatch(new RegExp(`^"accounts_client-${first!.id}-\\d+"$`));
      const statements = JSON.parse(Buffer.from(String(response.headers['x-debug-sql']), 'base64').toString('utf8')) as Captured[];
      expect(statements.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 60))).toHaveLength(1);
      expect(statements[0]!.sql).toMatch(/from "accounts_client"/);
      expect(statements[0]!.sql).not.toMatch(/auth_token|auth_permission|auth_group/);
    }
  });

  it('answers client list pages (ordered, filtered, searched, by cursor, deep offset) in at most two statements', async () => {
    const sample = (await capture('/api/accounts/clients/?limit=1')).body.results[0] as { legal_entity: { id: string } };
    for (const query of [
      'ordering=name',
      '',
      `filters=${encodeURIComponent(JSON.stringify({ legal_entity: sample.legal_entity.id }))}`,
      'search=1',
      'ordering=name&cursor=',
      'ordering=-name&offset=400',
    ]) {
      const { statements } = await capture(`/api/accounts/clients/?${query}&limit=50`);
      expect(statements.length, query).toBeLessThanOrEqual(2);
      expect(statements.some((s) => /auth_token/.test(s.sql)), query).toBe(false);
    }
  });

  it('a token signed in anew costs one lookup on its first request only', async () => {
    const fresh = await insertUser(t, { superuser: true });
    const first = await t.request({ method: 'GET', url: '/api/accounts/clients/?limit=5', token: fresh.token });
    const second = await t.request({ method: 'GET', url: '/api/accounts/clients/?limit=5', token: fresh.token });
    expect(first.statusCode).toBe(200);
    expect(Number(first.headers['x-sql-statements'])).toBe(3);
    expect(Number(second.headers['x-sql-statements'])).toBe(2);
  });
});

describe('cost centre statements', () => {
  it('answers cost centre list pages in at most two statements and a detail in one, with its relations embedded', async () => {
    await capture('/api/operations/cost-centres/?limit=1'); // the token is cached from here on
    for (const query of ['', 'ordering=name', 'ordering=-created_at&offset=20', 'ordering=name&cursor=']) {
      const { body, statements } = await capture(`/api/operations/cost-centres/?${query}&limit=50`);
      expect(body.results.length, query).toBeGreaterThan(0);
      expect(statements.length, query).toBeLessThanOrEqual(2);
      for (const item of body.results) {
        expect(item.legal_entity, query).toMatchObject({ id: expect.any(String), name: expect.any(String) });
        expect(item.client, query).toMatchObject({ id: expect.any(String), name: expect.any(String), account_number: expect.any(String) });
        expect(item.primary_contacts, query).toEqual(expect.objectContaining({ email: expect.toBeOneOf([null, expect.any(String)]) }));
      }
    }
    const [first] = (await capture('/api/operations/cost-centres/?limit=1')).body.results as { id: string }[];
    const detail = await t.request({ method: 'GET', url: `/api/operations/cost-centres/${first!.id}/`, token: admin.token });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: first!.id, created_by: { id: admin.id } });
    expect(Number(detail.headers['x-sql-statements'])).toBe(1);
  });
});
