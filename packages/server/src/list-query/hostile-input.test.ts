import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';

/**
 * Property-based: whatever a caller puts in filters, ordering, select, search,
 * limit and offset, the list engine answers 200 or 400, never 500, and a
 * caller-scoped list never shows another user's rows.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t, { userType: 2 });
  stranger = await insertUser(t, { userType: 2 });
  for (const page of ['CLIENTS', 'BRANDS', 'MENU']) {
    await t.request({ method: 'POST', url: '/api/identity/page-setting/', token: stranger.token, payload: { page } });
  }
  await t.request({ method: 'POST', url: '/api/identity/page-setting/', token: owner.token, payload: { page: 'MENU' } });
});
afterAll(() => t.close());

const fieldNames = ['id', 'email', 'first_name', 'user_type', 'is_active', 'date_joined', 'reporting_manager', 'page', 'layout', 'user', 'password', 'user_id', "'; drop table auth_user; --", 'page__user__email', '__', ''];
const lookups = ['', '__exact', '__iexact', '__icontains', '__in', '__range', '__isnull', '__gt', '__lte', '__regex', '__contains__in'];
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom("' or 1=1 --", '%', '_', '\\', '\u0000', '🍲 café', 'null', '[]', '{}', '1e309', '-0', 'NaN', '0x10'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const filterObject = fc.dictionary(
  fc.tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...lookups)).map(([f, l]) => f + l),
  nasty,
  { maxKeys: 4 },
);
const rawFilters = fc.oneof(filterObject.map((o) => JSON.stringify(o)), fc.string(), fc.constantFrom('null', '[]', '"x"', '{"a":', '1', JSON.stringify({ a: { b: { c: { d: [1, [2, [3]]] } } } })));
const ordering = fc.array(fc.tuple(fc.constantFrom('', '-', '--', '+'), fc.constantFrom(...fieldNames)).map(([d, f]) => d + f), { maxLength: 4 }).map((a) => a.join(','));
const select = fc.array(fc.constantFrom(...fieldNames, 'page_setting', 'page_setting.filters', 'a.b.c.d.e.f', 'id.x'), { maxLength: 4 }).map((a) => a.join(','));
const numberish = fc.oneof(fc.nat().map(String), fc.integer().map(String), fc.constantFrom('', '1.5', 'abc', '99999999999999999999', '-0', ' 5'));

const query = fc.record(
  { filters: rawFilters, ordering, select, search: fc.string(), limit: numberish, offset: numberish },
  { requiredKeys: [] },
);

describe('list engine under hostile input', () => {
  it('never answers 500 on the users list', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const qs = new URLSearchParams(params as Record<string, string>).toString();
        const response = await t.request({ method: 'GET', url: `/api/identity/users/?${qs}`, token: owner.token });
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 200) expect(JSON.stringify(response.json())).not.toContain('scrypt$');
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it("never shows another user's page settings, whatever the filters", async () => {
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const qs = new URLSearchParams(params as Record<string, string>).toString();
        const response = await t.request({ method: 'GET', url: `/api/identity/page-setting/?${qs}`, token: owner.token });
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 200) {
          for (const row of response.json().results as { user?: string }[]) {
            if (row.user !== undefined) expect(row.user).toBe(owner.id);
          }
          expect(response.json().count).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it.each([
    ['search', 'search=a%00b'],
    ['filter value', `filters=${encodeURIComponent(JSON.stringify({ email__icontains: 'a\u0000b' }))}`],
  ])('refuses a NUL character in the %s with 400', async (_name, qs) => {
    const response = await t.request({ method: 'GET', url: `/api/identity/users/?${qs}`, token: owner.token });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['deeply nested JSON', `{"email":${'['.repeat(2000)}${']'.repeat(2000)}}`],
    ['a huge in-list', JSON.stringify({ user_type__in: Array.from({ length: 50_000 }, (_, i) => i) })],
    ['many filters', JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`email__icontains${'_'.repeat(i % 3)}${i}`, 'x'])))],
  ])('answers 400 for %s', async (_name, filters) => {
    const response = await t.request({ method: 'GET', url: `/api/identity/users/?filters=${encodeURIComponent(filters)}`, token: owner.token });
    expect(response.statusCode).toBe(400);
  });
});
