import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { allocate, insertBrand, insertClient, insertLegalEntity } from '../test/factories/records';
import { seedScale } from '../modules/records/records.scale-seed';
import { ENTITIES } from '../modules/records/records.entities';
import { createRecordsRepository } from '../modules/records/records.repository';
import { hydrateRecords } from '../modules/records/records.hydration';
import { compileListQuery } from './compile-list-query';
import { exportColumns, exportRowReader } from './csv-export';
import { exportRowBatches, flatColumns } from './export-rows';
import type { ListViewer } from './list-resource';
import { maskOutOfScope, viewerOf } from './scope-mask';
import { SYSTEM_VIEWER } from './list-resource';

let t: TestApp;
let admin: TestUser;
let site: ListViewer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const siteUser = await insertUser(t, { userType: 5 });
  await seedScale({ database: t.database, scale: 0.002, ownerId: admin.id, print: () => undefined });
  // A client in the site user's scope whose parent and master record are not (withheld in exports).
  const mine = await insertLegalEntity(t, admin.token, { name: 'Scoped Entity' });
  const outside = await insertClient(t, admin.token, {
    owner: admin.id,
    legal_entity: (await insertLegalEntity(t, admin.token)).id,
    name: 'Outside',
  });
  await insertClient(t, admin.token, {
    owner: admin.id,
    legal_entity: mine.id,
    name: 'Inside',
    parent: outside.id,
    master_record: outside.id,
  });
  await insertBrand(t, admin.token, { legal_entity: mine.id });
  await allocate(t, siteUser.id, { legalEntityId: mine.id });
  site = viewerOf({ id: siteUser.id, userType: 5, isSuperuser: false });
}, 120_000);
afterAll(() => t.close());

type EntityKey = keyof typeof ENTITIES;
const FLAT: EntityKey[] = ['legalEntity', 'industry', 'subIndustry', 'client', 'contactPerson', 'brand', 'costCentre'];

/** Every row of an export of `entity`'s list in the given columns, read flat or (flatExport off) hydrated. */
async function exported(entity: EntityKey, viewer: ListViewer, columns: string[], flat: boolean) {
  const declared = ENTITIES[entity].resource;
  const resource = flat ? declared : { ...declared, flatExport: false };
  const db = t.database.db;
  const repository = createRecordsRepository(db);
  const plan = compileListQuery(resource, {}, declared.rowScope?.(viewer), viewer);
  let hydrated = 0;
  const load = async (ids: string[]) => {
    hydrated += ids.length;
    const byId = new Map(
      (await hydrateRecords(repository, entity, ids)).map((item) => [(item as { id: string }).id, item as unknown]),
    );
    return maskOutOfScope(
      db,
      declared,
      viewer,
      ids.map((id) => byId.get(id)).filter((item) => item !== undefined),
    );
  };
  const rows: unknown[][] = [];
  for await (const batch of exportRowBatches(
    db,
    resource,
    plan,
    viewer,
    load,
    columns,
    exportRowReader(resource.itemSchema, columns, null),
  ))
    // An absent related record reads undefined from an item, null in SQL: both are written as an empty cell.
    rows.push(...batch.map((row) => row.map((value) => value ?? null)));
  return { rows, hydrated };
}

describe('flat export rows (export-rows.ts)', () => {
  for (const entity of FLAT) {
    it(`reads every plain column of ${entity} in SQL, cell for cell what the hydrated list items hold`, async () => {
      const resource = ENTITIES[entity].resource;
      // The item's columns the flat statement can read (lists and embedded addresses cannot).
      const columns = exportColumns(resource.itemSchema, null).filter((column) => flatColumns(resource, [column]) !== null);
      expect(columns.length).toBeGreaterThan(3);
      for (const viewer of [SYSTEM_VIEWER, site]) {
        const flat = await exported(entity, viewer, columns, true);
        const items = await exported(entity, viewer, columns, false);
        expect(flat.hydrated).toBe(0);
        if (viewer === SYSTEM_VIEWER) expect(items.rows.length).toBeGreaterThan(0);
        expect(flat.rows).toEqual(items.rows);
      }
    }, 60_000);
  }

  it('withholds a related record outside the viewer scope as the list does (its id stays)', async () => {
    const { rows } = await exported('client', site, ['name', 'parent.id', 'parent.name', 'master_record.account_number'], true);
    const inside = rows.find((row) => row[0] === 'Inside')!;
    expect(inside[1]).toEqual(expect.any(String));
    expect(inside.slice(2)).toEqual([null, null]);
  });
});
