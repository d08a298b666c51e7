import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { seedScale } from '../modules/records/records.scale-seed';
import { loadConfig } from './config';
import { debugSqlHeader } from './debug-sql';

type Captured = { sql: string; params: unknown[] }[];
const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Captured;

describe('debugSqlHeader', () => {
  const statements: Captured = [
    { sql: 'select 1', params: [] },
    {
      sql: `select * from t where id = any(string_to_array($1, ','))`,
      params: [Array.from({ length: 300 }, (_, i) => `id-${i}`).join(',')],
    },
    { sql: 'select 3', params: ['x'] },
  ];

  it('keeps every statement without a ceiling', () => {
    const header = debugSqlHeader(statements, 0);
    expect(decode(header.value)).toEqual(statements);
    expect(header.omitted).toBe(0);
  });

  it('keeps the leading statements that fit, whole, and counts the ones left off', () => {
    const header = debugSqlHeader(statements, 1024);
    expect(header.value.length).toBeLessThanOrEqual(1024);
    expect(decode(header.value)).toEqual(statements.slice(0, 1));
    expect(header.omitted).toBe(2);
  });

  it('answers an empty list when not even the first statement fits', () => {
    const header = debugSqlHeader(statements, 4);
    expect(decode(header.value)).toEqual([]);
    expect(header.omitted).toBe(3);
  });
});

describe('X-Debug-SQL over HTTP with the default ceiling', () => {
  let t: TestApp;
  let admin: TestUser;
  let base: string;

  beforeAll(async () => {
    // The default ceiling, not the test app's "none".
    t = await createTestApp({ debugSqlHeaderBytes: loadConfig().debugSqlHeaderBytes });
    admin = await insertUser(t, { superuser: true });
    await seedScale({ database: t.database, scale: 0.003, ownerId: admin.id, print: () => undefined });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers a page of 300 clients with a header Node fetch can read (it overflowed 16 KiB before)', async () => {
    const response = await fetch(`${base}/api/accounts/clients/?limit=300`, {
      headers: { authorization: `Token ${admin.token}`, 'x-debug-sql': '1' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { results: unknown[] }).results).toHaveLength(300);
    const header = response.headers.get('x-debug-sql') ?? '';
    expect(header.length).toBeLessThanOrEqual(12 * 1024);
    const kept = decode(header);
    const omitted = Number(response.headers.get('x-debug-sql-omitted'));
    expect(omitted).toBeGreaterThan(0);
    expect(kept.length + omitted).toBe(Number(response.headers.get('x-sql-statements')));
    for (const statement of kept) expect(statement).toEqual({ sql: expect.any(String), params: expect.any(Array) });
  });
});
