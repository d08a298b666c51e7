import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { multipart } from './test/factories/helpdesk';
import type { RouteTableEntry } from './platform/route';

/**
 * Prototype pollution as a class: every place a caller's text becomes a property
 * name (select paths, filter and label keys, ordering terms, page settings,
 * multipart field names, query-string keys) is fed `__proto__`, `constructor`
 * and `prototype`, on every list endpoint of the contract catalogue, and the
 * server process must come out with `Object.prototype` unchanged. The app runs
 * in this process (inject), so its prototypes are this test's prototypes.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
});
afterAll(() => t?.close());

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];

/** Own keys of Object.prototype and what a fresh object inherits, to compare before and after. */
function prototypeState() {
  const inherited: string[] = [];
  for (const key in {}) inherited.push(key);
  return {
    own: Reflect.ownKeys(Object.prototype).map(String).sort(),
    inherited,
    polluted: ({} as Record<string, unknown>).polluted,
    arrayOwn: Reflect.ownKeys(Array.prototype).map(String).sort(),
  };
}

const isListEndpoint = (entry: RouteTableEntry) => {
  const query = entry.endpoint.query;
  return entry.method === 'GET' && query instanceof z.ZodObject && 'select' in query.shape && 'filters' in query.shape;
};

function sampleUrl(entry: RouteTableEntry): string {
  const shape = entry.endpoint.params instanceof z.ZodObject ? (entry.endpoint.params.shape as Record<string, z.ZodType>) : {};
  return entry.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const schema = shape[name];
    return schema instanceof z.ZodEnum ? String(schema.options[0]) : randomUUID();
  });
}

const hostileSelects = [
  '__proto__.polluted',
  'constructor.prototype.polluted',
  '__proto__',
  'constructor',
  'prototype',
  'id,__proto__.polluted.x',
  'toString',
  'hasOwnProperty.x',
];
const hostileFilters = [
  '{"__proto__":{"polluted":true}}',
  '{"__proto__":"x"}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"constructor__prototype__polluted":true}',
  '{"__proto____polluted":1}',
  '{"toString":1}',
];
const hostileOrderings = ['__proto__', '-__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const hostileLabels = ['{"__proto__":{"polluted":"x"}}', '{"__proto__":"x"}', '{"constructor":"x"}'];
const hostileQueryStrings = [
  '__proto__[polluted]=1',
  '__proto__=x',
  'constructor[prototype][polluted]=1',
  'constructor.prototype.polluted=1',
  '__proto__.polluted=1',
];

describe('prototype pollution', () => {
  it('leaves Object.prototype untouched after prototype keys in every user-named property on every list endpoint', async () => {
    const before = prototypeState();
    const lists = t.app.routeTable.filter(isListEndpoint);
    expect(lists.length).toBeGreaterThan(20);
    const badStatus: string[] = [];
    const send = async (url: string, options: Record<string, unknown> = {}) => {
      const response = await t.request({ method: 'GET', url, token: admin.token, ...options });
      if (response.statusCode >= 500) badStatus.push(`${url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      return response;
    };
    for (const entry of lists) {
      const base = sampleUrl(entry);
      const q = (params: Record<string, string>) => `${base}?${new URLSearchParams(params).toString()}`;
      for (const select of hostileSelects) await send(q({ select }));
      for (const filters of hostileFilters) await send(q({ filters }));
      for (const ordering of hostileOrderings) await send(q({ ordering }));
      for (const labels of hostileLabels) await send(q({ format: 'csv', labels }));
      for (const raw of hostileQueryStrings) await send(`${base}?${raw}`);
    }
    // Page settings carry filters, sorting and renaming maps keyed by the caller.
    const settings = [
      {
        page: 'CLIENTS',
        page_setting: JSON.parse(
          '{"filters":{"__proto__":{"polluted":true}},"renaming":{"__proto__":"x"},"sorting":[],"visible_fields":[]}',
        ),
      },
      {
        page: 'BRANDS',
        page_setting: { filters: { constructor: { prototype: { polluted: true } } }, renaming: { constructor: 'x' } },
      },
    ];
    for (const payload of settings) {
      for (const method of ['POST', 'PUT'] as const) {
        const url = method === 'POST' ? '/api/identity/page-setting/' : `/api/identity/page-setting/${randomUUID()}/`;
        const response = await t.request({
          method,
          url,
          token: admin.token,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        if (response.statusCode >= 500) badStatus.push(`${method} ${url}: ${response.statusCode}`);
      }
    }
    // Multipart bodies name their own fields.
    const multipartRoutes = t.app.routeTable.filter((e) => e.endpoint.multipart);
    expect(multipartRoutes.length).toBeGreaterThan(0);
    for (const entry of multipartRoutes) {
      for (const name of [...FORBIDDEN, '__proto__[polluted]', 'constructor[prototype][polluted]']) {
        const body = multipart(JSON.parse(`{${JSON.stringify(name)}:"x","title":"t"}`) as Record<string, string>);
        const response = await t.request({
          method: entry.method,
          url: sampleUrl(entry),
          token: admin.token,
          payload: body.payload,
          headers: body.headers,
        });
        if (response.statusCode >= 500)
          badStatus.push(
            `${entry.method} ${entry.path} multipart ${name}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(prototypeState()).toEqual(before);
    expect(badStatus).toEqual([]);
  }, 300_000);

  it('answers 400 naming the parameter when select, filters, ordering or labels name a prototype key', async () => {
    const url = '/api/accounts/clients/';
    const cases: [string, Record<string, string>][] = [
      ['select', { select: '__proto__.polluted' }],
      ['select', { select: 'constructor.prototype' }],
      ['select', { select: 'id,prototype' }],
      ['filters', { filters: '{"__proto__":{"polluted":true}}' }],
      ['filters', { filters: '{"constructor__prototype":1}' }],
      ['ordering', { ordering: '-__proto__' }],
      ['ordering', { ordering: 'constructor' }],
      ['labels', { format: 'csv', labels: '{"__proto__":"x"}' }],
    ];
    for (const [parameter, params] of cases) {
      const response = await t.request({
        method: 'GET',
        url: `${url}?${new URLSearchParams(params).toString()}`,
        token: admin.token,
      });
      expect(response.statusCode, `${JSON.stringify(params)}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(params)).toEqual([parameter]);
    }
    for (const name of FORBIDDEN) {
      const body = multipart(JSON.parse(`{${JSON.stringify(name)}:"x","phone":"1"}`) as Record<string, string>);
      const response = await t.request({
        method: 'PATCH',
        url: '/api/identity/profile/',
        token: admin.token,
        payload: body.payload,
        headers: body.headers,
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().non_field_errors[0], name).toContain('not allowed');
    }
  });
});
