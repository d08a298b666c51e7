import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileListQuery } from './compile-list-query';
import { SYSTEM_VIEWER } from './list-resource';
import { parseSelect } from './select';
import { usersResource } from '../modules/identity/users.resource';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';

const dialect = new PgDialect();
const render = (fragment: ReturnType<typeof sql>) => dialect.sqlToQuery(fragment);

describe('compiled SQL (snapshot: query changes show in review)', () => {
  it('compiles filters, traversal, search and ordering into bound parameters', () => {
    const plan = compileListQuery(usersResource, {
      filters: JSON.stringify({ email__icontains: "o'hara%", user_type__in: [2, 3], reporting_manager__email__iendswith: '@x.io', is_active: true }),
      search: 'ada  lovelace',
      ordering: '-date_joined,email',
      limit: '5000',
      offset: '10',
    }, undefined, SYSTEM_VIEWER);
    expect(plan.limit).toBe(1000);
    expect(plan.offset).toBe(10);
    const where = render(plan.where!);
    expect(where.sql).toMatchSnapshot();
    expect(where.params).toEqual(["%o'hara\\%%", 2, 3, '%@x.io', true, '%ada%', '%ada%', '%ada%', '%lovelace%', '%lovelace%', '%lovelace%']);
    expect(render(sql.join(plan.orderBy, sql`, `)).sql).toBe('"auth_user"."date_joined" desc, "auth_user"."email" asc, "auth_user"."id" asc');
  });
});

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
const people: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true, firstName: 'Root', lastName: 'Admin', email: 'root.admin@list.test' });
  manager = await insertUser(t, { firstName: 'Mona', lastName: 'Manager', email: 'mona.manager@boss.test', userType: 3 });
  const specs = [
    { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@list.test', userType: 2 },
    { firstName: 'Alan', lastName: 'Turing', email: 'alan_t@list.test', userType: 4 },
    { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test', userType: 5 },
    { firstName: 'Edsger', lastName: 'Dijkstra', email: 'EDSGER@list.test', userType: 6 },
  ];
  for (const spec of specs) people.push(await insertUser(t, spec));
  // Grace and Alan report to Mona: exercises relation traversal.
  await t.database.query(`update auth_user set reporting_manager_id = $1 where email in ('grace@navy.test', 'alan_t@list.test')`, [manager.id]);
  await t.database.query(`update auth_user set is_active = false where email = 'EDSGER@list.test'`);
});
afterAll(() => t.close());

async function list(query: Record<string, string>) {
  const qs = new URLSearchParams(query).toString();
  return t.request({ method: 'GET', url: `/api/identity/users/?${qs}`, token: admin.token });
}
async function emails(query: Record<string, string>) {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().results as { email: string }[]).map((r) => r.email).sort();
}
const f = (filters: object) => ({ filters: JSON.stringify(filters) });

describe('filters: every lookup', () => {
  it.each([
    ['exact', { email: 'ada@list.test' }, ['ada@list.test']],
    ['exact is case-sensitive', { email: 'ADA@list.test' }, []],
    ['iexact', { email__iexact: 'edsger@LIST.test' }, ['EDSGER@list.test']],
    ['contains', { email__contains: 'navy' }, ['grace@navy.test']],
    ['contains escapes _ and %', { email__contains: '_t@' }, ['alan_t@list.test']],
    ['icontains', { last_name__icontains: 'HOP' }, ['grace@navy.test']],
    ['startswith', { first_name__startswith: 'Al' }, ['alan_t@list.test']],
    ['istartswith', { first_name__istartswith: 'al' }, ['alan_t@list.test']],
    ['endswith', { email__endswith: 'navy.test' }, ['grace@navy.test']],
    ['iendswith', { email__iendswith: 'BOSS.TEST' }, ['mona.manager@boss.test']],
    ['in', { user_type__in: [4, 5] }, ['alan_t@list.test', 'grace@navy.test']],
    ['in (empty)', { user_type__in: [] }, []],
    ['gt', { user_type__gt: 5 }, ['EDSGER@list.test']],
    ['gte', { user_type__gte: 5 }, ['EDSGER@list.test', 'grace@navy.test']],
    ['lt', { user_type__lt: 2 }, ['root.admin@list.test']],
    ['lte', { user_type__lte: 2 }, ['ada@list.test', 'root.admin@list.test']],
    ['range', { user_type__range: [3, 4] }, ['alan_t@list.test', 'mona.manager@boss.test']],
    ['isnull false', { reporting_manager__isnull: false }, ['alan_t@list.test', 'grace@navy.test']],
    ['boolean exact', { is_active: false }, ['EDSGER@list.test']],
    ['uuid exact on a relation', { reporting_manager: 'MANAGER' }, ['alan_t@list.test', 'grace@navy.test']],
    ['relation traversal', { reporting_manager__first_name__icontains: 'mon' }, ['alan_t@list.test', 'grace@navy.test']],
    ['datetime gte', { date_joined__gte: '2000-01-01' }, 'ALL'],
    ['datetime lt', { date_joined__lt: '2000-01-01T00:00:00Z' }, []],
    ['several filters are ANDed', { user_type__in: [4, 5], email__icontains: 'navy' }, ['grace@navy.test']],
  ])('%s', async (_name, filters, expected) => {
    const resolved = JSON.parse(JSON.stringify(filters).replace('MANAGER', manager.id));
    const result = await emails(f(resolved));
    if (expected === 'ALL') expect(result.length).toBe(6);
    else expect(result).toEqual(expected);
  });
});

describe('filters: refusals answer 400 naming the parameter', () => {
  it.each([
    ['not JSON', '{nope'],
    ['a JSON array', '[1]'],
    ['JSON null', 'null'],
    ['undeclared field', '{"password__startswith":"scrypt"}'],
    ['unknown lookup', '{"email__regex":".*"}'],
    ['lookup not valid for the kind', '{"is_active__icontains":"t"}'],
    ['wrong value type', '{"user_type":"two"}'],
    ['bad uuid', '{"id":"1 or 1=1"}'],
    ['bad datetime', '{"date_joined__gt":"yesterday"}'],
    ['in needs a list', '{"user_type__in":3}'],
    ['range needs two', '{"user_type__range":[1]}'],
    ['isnull needs boolean', '{"reporting_manager__isnull":"maybe"}'],
    ['object value', '{"email":{"$ne":1}}'],
    ['null with a non-exact lookup', '{"email__icontains":null}'],
    ['traversal into an undeclared field', '{"reporting_manager__password":"x"}'],
    ['too many in values', JSON.stringify({ user_type__in: Array.from({ length: 1001 }, (_, i) => i) })],
  ])('%s', async (_name, filters) => {
    const response = await list({ filters });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['filters']);
  });
});

describe('ordering', () => {
  it('orders by several fields with direction, id breaking ties', async () => {
    const response = await list({ ordering: '-user_type,email' });
    const types = (response.json().results as { email: string }[]).map((r) => r.email);
    expect(types).toEqual(['EDSGER@list.test', 'grace@navy.test', 'alan_t@list.test', 'mona.manager@boss.test', 'ada@list.test', 'root.admin@list.test']);
  });
  it.each(['password', 'nope', '-', 'email;drop table auth_user'])('refuses %s', async (ordering) => {
    const response = await list({ ordering });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['ordering']);
  });
});

describe('search', () => {
  it('matches every word against any search field, case-insensitively', async () => {
    expect(await emails({ search: 'GRACE' })).toEqual(['grace@navy.test']);
    expect(await emails({ search: 'ada lovelace' })).toEqual(['ada@list.test']);
    expect(await emails({ search: 'ada hopper' })).toEqual([]);
    expect(await emails({ search: '%' })).toEqual([]);
    expect(await emails({ search: '   ' })).toHaveLength(6);
  });
  it('matches a word of one or two characters at the start of a word in a search field, longer words anywhere', async () => {
    expect(await emails({ search: 'HO' })).toEqual(['grace@navy.test']);
    // "ad" starts Ada, ada@ and the "admin" after the dot and the last name Admin; "ra" and "ce" only sit inside words.
    expect(await emails({ search: 'ad' })).toEqual(['ada@list.test', 'root.admin@list.test']);
    expect(await emails({ search: 'ra' })).toEqual([]);
    expect(await emails({ search: 'ce' })).toEqual([]);
    expect(await emails({ search: 'race' })).toEqual(['grace@navy.test']);
    expect(await emails({ search: 'alan T' })).toEqual(['alan_t@list.test']);
    expect(await emails({ search: 't' })).toHaveLength(6);
    // Regular-expression characters are matched as themselves.
    for (const search of ['.', '(', '[a', '\\', '.*', '^', '$']) expect(await emails({ search }), search).toEqual([]);
  });
});

describe('select', () => {
  it('takes a path inside a field already selected whole (`created_by,created_by.full_name`) as that field', () => {
    expect(parseSelect('created_by,created_by.full_name,owner.id')).toEqual({ created_by: true, owner: { id: true } });
  });
  it('returns only the selected fields', async () => {
    const response = await list({ select: 'email', ordering: 'email', limit: '1' });
    expect(response.json().results).toEqual([{ email: 'EDSGER@list.test' }]);
  });
  it.each(['password', 'email.domain', 'id,,', 'a b'])('refuses %s', async (select) => {
    const response = await list({ select });
    if (select === 'id,,') {
      expect(response.statusCode).toBe(200);
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['select']);
  });
});

describe('pagination', () => {
  it('pages with absolute next/previous links that keep the other parameters', async () => {
    const first = (await list({ ordering: 'email', limit: '2', search: 'test' })).json();
    expect(first.count).toBe(6);
    expect(first.previous).toBeNull();
    const next = new URL(first.next);
    expect(next.protocol).toBe('http:');
    expect(next.pathname).toBe('/api/identity/users/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ ordering: 'email', limit: '2', offset: '2', search: 'test' });
    const second = (await t.request({ method: 'GET', url: next.pathname + next.search, token: admin.token })).json();
    expect(second.results).toHaveLength(2);
    expect(new URL(second.previous).searchParams.get('offset')).toBeNull();
    const last = (await list({ ordering: 'email', limit: '2', offset: '4' })).json();
    expect(last.next).toBeNull();
    expect(last.results).toHaveLength(2);
  });

  it('clamps limit to 1000 and refuses negative or non-numeric values', async () => {
    expect((await list({ limit: '100000' })).statusCode).toBe(200);
    const bads: Record<string, string>[] = [{ limit: '-1' }, { limit: 'ten' }, { offset: '-5' }, { offset: '1.5' }];
    for (const bad of bads) {
      const response = await list(bad);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(Object.keys(bad));
    }
  });

  it('runs the same number of SQL statements whatever the page size', async () => {
    const small = await list({ limit: '1' });
    const large = await list({ limit: '1000' });
    expect(small.headers['x-sql-statements']).toBeDefined();
    expect(large.headers['x-sql-statements']).toBe(small.headers['x-sql-statements']);
    expect(Number(small.headers['x-sql-statements'])).toBeLessThanOrEqual(5);
  });
});
