import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db';
import type { Database } from '../platform/db';
import { pageRows, type ListRows, type PreparedSelect } from './list-rows';
import { compileItemWriter, rowColumns, type FlatRow, type ItemShape, type RowColumns } from './row-writer';
import { applySelect, type SelectTree } from './select';

/**
 * The row writer's array node: an item key built from columns PostgreSQL answers as arrays, with the
 * element order, values, empty list and null the hydrator builds, under `select` as applySelect
 * projects; and, through both drivers, the arrays `array_agg` answers for hostile text.
 */

/** Text the array syntax has to quote or escape, and text that only looks like syntax. */
const HOSTILE = [
  'NULL', 'null', 'Null', '', ' ', 'a b', ' lead', 'trail ', '{', '}', '{a,b}', ',', '"', '""', '\\', '\\"', '\\\\', "'",
  '\n', '\t', '\r', '\u000b', '\f', '\u0001', '\u001f', '\u007f', '\u2028', '\u2029', '😀', '中文', 'Zoë', '<tag>&', 'NULL ', '{}', '[1]',
];

const NO_WITHHELD = () => false;

function columnsOf(paths: string[]): RowColumns {
  return { index: new Map(paths.map((path, i) => [path, i])), decoders: paths.map(() => undefined) };
}

describe('the array node over rows', () => {
  const columns = columnsOf(['id', 'ids', 'names', 'notes', 'tags']);
  const shape: ItemShape = {
    id: { col: 'id' },
    role: { array: { id: 'ids', role: 'names', responsibility: 'notes' }, none: 'empty' },
    tags: { array: 'tags', none: 'null' },
  };
  const rows: FlatRow[] = [
    ['r1', ['b', 'a', 'c'], HOSTILE.slice(0, 3), HOSTILE.slice(3, 6), ['x', 'NULL', null]],
    ['r2', null, null, null, null],
    ['r3', [], [], [], []],
    ['r4', HOSTILE.map((_, i) => `id${i}`), HOSTILE, [...HOSTILE].reverse(), HOSTILE],
  ];
  /** What the hydrator builds from the same arrays (relationRoleRefs, the tags as they are). */
  const hydrated = (row: FlatRow) => {
    const [id, ids, names, notes, tags] = row as [string, string[] | null, string[] | null, string[] | null, (string | null)[] | null];
    return {
      id,
      role: ids ? ids.map((roleId, i) => ({ id: roleId, role: names![i], responsibility: notes![i] })) : [],
      tags,
    };
  };

  it('builds one object per index in the columns order, keys in the shape order, none as declared, empty as empty', () => {
    const write = compileItemWriter(shape, columns, null, []);
    for (const row of rows) {
      const item = write(row, NO_WITHHELD);
      expect(JSON.stringify(item)).toBe(JSON.stringify(hydrated(row)));
    }
    expect(write(rows[1]!, NO_WITHHELD)).toEqual({ id: 'r2', role: [], tags: null });
    expect(write(rows[2]!, NO_WITHHELD)).toEqual({ id: 'r3', role: [], tags: [] });
    expect((write(rows[0]!, NO_WITHHELD) as { role: { id: string }[] }).role.map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('writes what applySelect makes of the hydrated item, for selects into and around the array', () => {
    const selects: SelectTree[] = [
      { role: true },
      { role: { responsibility: true, id: true } },
      { tags: true, role: { role: true } },
      { role: { nothing: true }, id: true },
      { tags: { x: true } },
      { id: true },
    ];
    for (const select of selects) {
      const write = compileItemWriter(shape, columns, select, []);
      for (const row of rows) expect(JSON.stringify(write(row, NO_WITHHELD)), JSON.stringify(select)).toBe(JSON.stringify(applySelect(hydrated(row), select)));
    }
  });

  it('refuses columns that are not parallel instead of writing short elements', () => {
    const write = compileItemWriter(shape, columns, null, []);
    expect(() => write(['r5', ['a', 'b'], ['a'], ['a', 'b'], null], NO_WITHHELD)).toThrow(/names is not parallel to ids/);
    expect(() => write(['r6', ['a'], null, ['a'], null], NO_WITHHELD)).toThrow(/not parallel/);
  });

  it('names a missing column when it compiles', () => {
    expect(() => compileItemWriter({ role: { array: { id: 'nope' }, none: 'empty' } }, columns, null, [])).toThrow(/no column nope/);
  });
});

// Through the drivers: array_agg of text, varchar and uuid, decoded by PGlite or node-postgres.
const owners = pgTable('row_writer_owner', { id: uuid('id').primaryKey() });
const entries = pgTable('row_writer_entry', {
  ownerId: uuid('owner_id').notNull(),
  n: integer('n').notNull(),
  label: text('label'),
  code: varchar('code', { length: 40 }).notNull(),
  ref: uuid('ref').notNull(),
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.query(`create table row_writer_owner (id uuid primary key)`);
  await database.query(`create table row_writer_entry (owner_id uuid not null, n int not null, label text, code varchar(40) not null, ref uuid not null)`);
}, 60_000);
afterAll(() => database?.close());

describe('the array node through the driver', () => {
  it('answers the aggregated arrays with the order, values, nulls and empty lists the rows hold', async () => {
    // Owner 0 holds every hostile text, owner 1 a null element among others, owner 2 nothing.
    const ownerIds = [randomUUID(), randomUUID(), randomUUID()];
    const inserted: { ownerId: string; n: number; label: string | null; code: string; ref: string }[] = [];
    HOSTILE.forEach((label, i) => inserted.push({ ownerId: ownerIds[0]!, n: HOSTILE.length - i, label, code: [...HOSTILE].reverse()[i]!, ref: randomUUID() }));
    ['NULL', null, ''].forEach((label, i) => inserted.push({ ownerId: ownerIds[1]!, n: i, label, code: `c${i}`, ref: randomUUID() }));
    for (const id of ownerIds) await database.db.insert(owners).values({ id });
    await database.db.insert(entries).values(inserted);

    let prepared: PreparedSelect | undefined;
    const list: ListRows = {
      id: 'owner.id',
      shape: {
        id: { col: 'owner.id' },
        entries: { array: { ref: 'refs', label: 'labels', code: 'codes' }, none: 'empty' },
        labels: { array: 'labels', none: 'null' },
      },
      statement: (db) => {
        const grouped = db
          .select({
            ownerId: entries.ownerId,
            labels: sql<(string | null)[]>`array_agg(${entries.label} order by ${entries.n})`.as('labels'),
            codes: sql<string[]>`array_agg(${entries.code} order by ${entries.n})`.as('codes'),
            refs: sql<string[]>`array_agg(${entries.ref} order by ${entries.n})`.as('refs'),
          })
          .from(entries)
          .groupBy(entries.ownerId)
          .as('grouped');
        prepared = db
          .select({ owner: { id: owners.id }, labels: grouped.labels, codes: grouped.codes, refs: grouped.refs })
          .from(owners)
          .leftJoin(grouped, eq(grouped.ownerId, owners.id))
          .where(sql`${owners.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`)
          .prepare('row_writer_test') as unknown as PreparedSelect;
        return prepared;
      },
    };
    const rows = await pageRows(database.db, list, ownerIds);
    const write = compileItemWriter(list.shape, rowColumns((prepared as unknown as { fields: { path: string[]; field: unknown }[] }).fields), null, []);
    const written = rows.map((row) => write(row, NO_WITHHELD));

    // What a hydrator makes of the same rows read one by one in the aggregate's order.
    const expected = ownerIds.map((id) => {
      const mine = inserted.filter((e) => e.ownerId === id).sort((a, b) => a.n - b.n);
      return {
        id,
        entries: mine.map((e) => ({ ref: e.ref, label: e.label, code: e.code })),
        labels: mine.length ? mine.map((e) => e.label) : null,
      };
    });
    expect(written).toEqual(expected);
    expect(JSON.stringify(written)).toBe(JSON.stringify(expected));
    // The cases are there: a null element beside the text NULL, and an owner with no entries.
    expect((written[1] as { labels: unknown[] }).labels).toEqual(['NULL', null, '']);
    expect(written[2]).toEqual({ id: ownerIds[2], entries: [], labels: null });
  });
});
