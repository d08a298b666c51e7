import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderableFields } from '@ops/contract/common/list-query';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { buildAddress, insertClient, insertLegalEntity } from '../test/factories/records';
import type { RouteTableEntry } from '../platform/route';

/**
 * Ordering follows DRF's default: every scalar field a list item shows can be
 * used in `ordering`, ascending and descending, on every list of the route
 * table (the rule is `orderableFields` of the contract, which the web grid's
 * sortable columns read too).
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const entity = await insertLegalEntity(t, admin.token);
  for (const [name, employees] of [
    ['Bravo', 40],
    ['Alpha', 40],
    ['Charlie', 5],
  ] as const) {
    await insertClient(t, admin.token, {
      owner: admin.id,
      legal_entity: entity.id,
      name: `${name} Foods`,
      number_of_employees: employees,
      address: buildAddress(),
    });
  }
});
afterAll(() => t?.close());

/** The item schema of a list endpoint's 200 answer (`{count, next, previous, results: [item]}`). */
function itemOf(entry: RouteTableEntry): z.ZodType | undefined {
  const page = entry.endpoint.responses[200];
  if (!(page instanceof z.ZodObject)) return undefined;
  const results = (page.shape as Record<string, z.ZodType>).results;
  return results instanceof z.ZodArray ? (results.element as z.ZodType) : undefined;
}

const isList = (entry: RouteTableEntry) =>
  entry.method === 'GET' && entry.endpoint.query instanceof z.ZodObject && 'ordering' in entry.endpoint.query.shape;

describe('ordering', () => {
  it('orders clients by number_of_employees, then name descending', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/accounts/clients/?ordering=number_of_employees,-name',
      token: admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.map((c: { name: string }) => c.name)).toEqual(['Charlie Foods', 'Bravo Foods', 'Alpha Foods']);
  });

  it('accepts every scalar field a list shows, both ways, on every list route', async () => {
    const lists = t.app.routeTable.filter(isList).filter((entry) => !entry.path.includes('{'));
    expect(lists.length).toBeGreaterThan(15);
    const failures: string[] = [];
    let checked = 0;
    for (const entry of lists) {
      const item = itemOf(entry);
      if (!item) throw new Error(`${entry.path}: no list item schema`);
      for (const field of orderableFields(item)) {
        for (const term of [field, `-${field}`]) {
          const response = await t.request({ method: 'GET', url: `${entry.path}?ordering=${term}&limit=5`, token: admin.token });
          checked += 1;
          if (response.statusCode !== 200)
            failures.push(`${entry.path}?ordering=${term}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  }, 300_000);

  it('still refuses a nested object, an unknown field and a field the item does not show', async () => {
    for (const term of ['legal_entity', 'primary_address', 'nope', '-created_by']) {
      const response = await t.request({ method: 'GET', url: `/api/accounts/clients/?ordering=${term}`, token: admin.token });
      expect(response.statusCode, term).toBe(400);
      expect(Object.keys(response.json())).toEqual(['ordering']);
    }
  });
});
