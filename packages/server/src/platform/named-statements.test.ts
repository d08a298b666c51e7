import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { buildAddress, insertClient, insertLegalEntity } from '../test/factories/records';
import { insertTicket } from '../test/factories/helpdesk';
import { createRecordPagesRepository } from '../modules/records/record-pages.repository';
import { createHelpdeskRepository } from '../modules/helpdesk/helpdesk.repository';
import type { Db } from './db';

/**
 * The hot lookups by primary key run as named statements that PostgreSQL plans once per connection:
 * after its first five executions the plan cache keeps a generic plan (pg_prepared_statements
 * counts them), so a request binds and executes without planning the joins again. One connection,
 * so the statements and their counters are the ones this test ran.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('named statements reuse a generic plan (PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  let connection: pg.PoolClient;
  let db: Db;
  let clientId: string;
  let ticketIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await insertUser(t, { superuser: true });
    const le = await insertLegalEntity(t, admin.token);
    clientId = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, address: buildAddress() })).id;
    ticketIds = [];
    for (let i = 0; i < 3; i++) ticketIds.push((await insertTicket(t, admin)).id);
    connection = await t.database.pool!.connect();
    db = drizzle({ client: connection }) as unknown as Db;
  });
  afterAll(async () => {
    connection?.release();
    await t?.close();
  });

  const plans = async (prefix: string) => {
    const { rows } = await connection.query<{ name: string; generic_plans: string; custom_plans: string }>(
      'select name, generic_plans, custom_plans from pg_prepared_statements where name like $1',
      [`${prefix}%`],
    );
    expect(rows, prefix).toHaveLength(1);
    return { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) };
  };

  it('a client detail is one statement built once, planned generically from its sixth execution', async () => {
    const repository = createRecordPagesRepository(db);
    for (let i = 0; i < 8; i++) {
      const rows = await repository.clientPage([clientId], undefined, true);
      expect(rows.map((row) => row.client.id)).toEqual([clientId]);
    }
    const counted = await plans('records_client_detail_');
    expect(counted.generic).toBeGreaterThan(0);
    expect(counted.custom).toBeLessThanOrEqual(5);
  });

  it('a page of ticket list items is one named statement with a generic plan, whatever its ids', async () => {
    const repository = createHelpdeskRepository(db);
    for (let i = 0; i < 8; i++) {
      const page = i % 2 ? ticketIds : ticketIds.slice(0, 1);
      const views = await repository.ticketListViews(page);
      expect(views.map((view) => view.id).sort()).toEqual([...page].sort());
    }
    const counted = await plans('helpdesk_ticket_list_');
    expect(counted.generic).toBeGreaterThan(0);
    expect(counted.custom).toBeLessThanOrEqual(5);
  });
});
