import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { EXACT_COUNT_LIMIT } from './list-page';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Root', lastName: 'Admin', email: 'root@cursor.test' });
  // Repeated user types and names exercise the id tie-breaker and mixed directions.
  const specs = [
    ['Ada', 'Lovelace', 2],
    ['Alan', 'Turing', 4],
    ['Grace', 'Hopper', 4],
    ['Edsger', 'Dijkstra', 4],
    ['Barbara', 'Liskov', 2],
    ['Ada', 'Lovelace', 5],
    ['Ken', 'Thompson', 6],
  ] as const;
  for (const [i, [firstName, lastName, userType]] of specs.entries()) {
    await insertUser(t, { firstName, lastName, userType, email: `${firstName.toLowerCase()}${i}@cursor.test` });
  }
});
afterAll(() => t.close());

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: { email: string }[];
}

async function get(url: string): Promise<{ status: number; page: Page; statements: number; body: Record<string, unknown> }> {
  const response = await t.request({ method: 'GET', url, token: admin.token });
  return { status: response.statusCode, page: response.json(), body: response.json(), statements: Number(response.headers['x-sql-statements']) };
}
const relative = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe('keyset paging (cursor)', () => {
  it.each(['email', '-user_type,email', 'full_name', '-date_joined', 'last_name,-first_name'])(
    'walks forward and back through every row once, in the offset order (ordering=%s)',
    async (ordering) => {
      const all = (await get(`/api/identity/users/?ordering=${ordering}&limit=1000`)).page.results.map((r) => r.email);
      expect(all).toHaveLength(8);
      const forward: string[] = [];
      let link: string | null = `/api/identity/users/?ordering=${encodeURIComponent(ordering)}&limit=3&cursor=`;
      let last: Page | undefined;
      while (link) {
        const { status, page } = await get(link);
        expect(status).toBe(200);
        expect(page.count).toBe(8);
        forward.push(...page.results.map((r) => r.email));
        if (page.next) expect(new URL(page.next).searchParams.get('offset')).toBeNull();
        last = page;
        link = page.next ? relative(page.next) : null;
      }
      expect(forward).toEqual(all);
      const backward: string[] = [];
      let page: Page = last!;
      while (page.previous) {
        page = (await get(relative(page.previous))).page;
        backward.unshift(...page.results.map((r) => r.email));
      }
      // Back at the first page: it has no previous link, and the rows before the last page are all there.
      expect(backward).toEqual(all.slice(0, all.length - last!.results.length));
    },
  );

  it('starts a keyset walk at an offset', async () => {
    const byOffset = (await get('/api/identity/users/?ordering=email&limit=2&offset=4')).page;
    const byCursor = (await get('/api/identity/users/?ordering=email&limit=2&offset=4&cursor=')).page;
    expect(byCursor.results).toEqual(byOffset.results);
    expect(new URL(byCursor.next!).searchParams.get('cursor')).toBeTruthy();
    const next = (await get(relative(byCursor.next!))).page;
    expect(next.results).toEqual((await get('/api/identity/users/?ordering=email&limit=2&offset=6')).page.results);
  });

  it.each([
    ['not base64 JSON', 'nope!'],
    ['a cursor of another ordering', Buffer.from(JSON.stringify({ o: 'first_name,id', v: ['a', '00000000-0000-0000-0000-000000000000'], d: 'n' })).toString('base64url')],
    ['wrong number of values', Buffer.from(JSON.stringify({ o: 'email,id', v: ['a'], d: 'n' })).toString('base64url')],
    ['a value that is not text', Buffer.from(JSON.stringify({ o: 'email,id', v: [{ a: 1 }, 'x'], d: 'n' })).toString('base64url')],
    ['an unknown direction', Buffer.from(JSON.stringify({ o: 'email,id', v: ['a', 'b'], d: 'x' })).toString('base64url')],
  ])('refuses %s with 400 naming cursor', async (_name, cursor) => {
    const { status, body } = await get(`/api/identity/users/?ordering=email&cursor=${encodeURIComponent(cursor)}`);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['cursor']);
  });

  it('runs the same number of SQL statements whatever the page size', async () => {
    const first = await get('/api/identity/users/?ordering=email&limit=1&cursor=');
    const small = await get(relative(first.page.next!));
    const large = await get(relative(first.page.next!).replace('limit=1', 'limit=1000'));
    expect(large.status).toBe(200);
    expect(large.statements).toBe(small.statements);
  });
});

describe('count strategy', () => {
  const total = EXACT_COUNT_LIMIT + 50;
  beforeAll(async () => {
    await t.database.query(
      `insert into base_industry (id, name) select gen_random_uuid(), 'Bulk ' || lpad(n::text, 5, '0') from generate_series(1, ${total}) n`,
    );
    await t.database.query('analyze base_industry');
  });
  const industries = (query: string) => get(`/api/base/industries/?${query}`);
  const filters = (value: object) => `filters=${encodeURIComponent(JSON.stringify(value))}`;

  it(`counts exactly up to ${EXACT_COUNT_LIMIT.toLocaleString('en-AU')} matching rows`, async () => {
    const small = await industries(`${filters({ name__startswith: 'Bulk 0999' })}&limit=1`);
    expect(small.page.count).toBe(10);
    const edge = await industries(`${filters({ name__lte: `Bulk ${String(EXACT_COUNT_LIMIT).padStart(5, '0')}` })}&limit=1`);
    expect(edge.page.count).toBe(EXACT_COUNT_LIMIT);
  });

  it('answers the table size for an unfiltered list past the limit', async () => {
    const { page } = await industries('limit=1');
    expect(page.count).toBe(total);
  });

  it('answers an estimate, never below what was counted, for a large filtered set', async () => {
    const { page } = await industries(`${filters({ name__startswith: 'Bulk' })}&limit=1`);
    expect(page.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.count).toBeLessThanOrEqual(total);
  });

  it('orders a page the same way whether the filter matches up to the limit (matches sorted) or more (ordering walked)', async () => {
    const names = (page: { results: unknown[] }) => (page.results as { name: string }[]).map((row) => row.name);
    const counted = await industries(`${filters({ name__lte: `Bulk ${String(EXACT_COUNT_LIMIT).padStart(5, '0')}` })}&ordering=-name&limit=3&offset=2`);
    expect(names(counted.page)).toEqual(['Bulk 09998', 'Bulk 09997', 'Bulk 09996']);
    const walked = await industries(`${filters({ name__startswith: 'Bulk' })}&ordering=-name&limit=3&offset=2`);
    expect(names(walked.page)).toEqual([`Bulk ${total - 2}`, `Bulk ${total - 3}`, `Bulk ${total - 4}`]);
    const ascending = await industries(`${filters({ name__startswith: 'Bulk 0' })}&ordering=name&limit=2`);
    expect(names(ascending.page)).toEqual(['Bulk 00001', 'Bulk 00002']);
  });

  it('knows the last page by the rows, not the count', async () => {
    const { page } = await industries(`${filters({ name__startswith: 'Bulk' })}&ordering=name&limit=100&offset=${total - 30}`);
    expect(page.results).toHaveLength(30);
    expect(page.next).toBeNull();
    const before = await industries(`${filters({ name__startswith: 'Bulk' })}&ordering=name&limit=100&offset=${total - 130}`);
    expect(before.page.next).not.toBeNull();
  });
});
