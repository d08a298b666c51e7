import { describe, expect, it } from 'vitest';
import { diffSnapshots, snapshotOf, type Snapshot } from './audit';

/** The comparison the audit trail has always made: a field changed when its JSON changed. */
function byJson(before: Snapshot | null, after: Snapshot | null) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const old = before ? (before[key] ?? null) : null;
    const next = after ? (after[key] ?? null) : null;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[key] = [old, next];
  }
  return changes;
}

describe('audit snapshots', () => {
  it('diffSnapshots names exactly the fields whose JSON differs, for every kind of value a snapshot holds', () => {
    const values: unknown[] = [
      null, undefined, '', 'a', 'A', '0', 0, -0, 1, 1.5, NaN, Infinity, -Infinity, true, false,
      [], [1], ['a'], {}, { a: 1 }, { a: 1, b: null }, { b: null, a: 1 }, '2026-11-26T00:00:00.000Z',
    ];
    const before: Snapshot = {};
    const after: Snapshot = {};
    let field = 0;
    for (const a of values)
      for (const b of values) {
        before[`f${field}`] = a;
        after[`f${field}`] = b;
        field += 1;
      }
    after.only_after = 'x';
    before.only_before = 1;
    expect(diffSnapshots(before, after)).toEqual(byJson(before, after));
    expect(diffSnapshots(null, after)).toEqual(byJson(null, after));
    expect(diffSnapshots(before, null)).toEqual(byJson(before, null));
    // NaN and null are both `null` in JSON: not a change; 0 and -0 neither.
    expect(diffSnapshots({ n: NaN, z: 0 }, { n: null, z: -0 })).toEqual({});
  });

  it('snapshotOf answers API field names and JSON values without the audit columns, extra fields last', () => {
    const at = new Date('2026-11-26T01:02:03.456Z');
    const row = { id: 'x', createdAt: at, updatedAt: at, createdById: 'u', updatedById: 'u', accountNumber: 'A-1', legalEntityId: 'le', numberOfEmployees: null, startsOn: at };
    expect(snapshotOf(row, { address: { city: 'Perth' } })).toEqual({
      account_number: 'A-1',
      legal_entity: 'le',
      number_of_employees: null,
      starts_on: '2026-11-26T01:02:03.456Z',
      address: { city: 'Perth' },
    });
    expect(Object.keys(snapshotOf({ bId: 1, aName: 2 }, { c: 3 }))).toEqual(['b', 'a_name', 'c']);
  });
});
