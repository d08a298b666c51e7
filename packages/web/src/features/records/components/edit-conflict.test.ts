import { describe, expect, it } from 'vitest';
import type { FieldSpec } from './record-fields';
import { conflictsOf, defaultSide, settledValues } from './edit-conflict';

const fields: FieldSpec[] = [
  { section: 'Main' },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'website', label: 'Website', kind: 'url' },
  { name: 'note', label: 'Note', kind: 'multiline' },
  { name: 'owner', label: 'Owner', kind: 'relation', source: { path: '/api/identity/users/', labelOf: () => '' } as never },
];
const base = { name: 'Acme', website: '', note: 'old', owner: 'u1' };

describe('edit conflicts', () => {
  it('lists only the fields where what I typed and what they saved differ, with who changed each', () => {
    const theirs = { ...base, name: 'Acme Ltd', note: 'theirs' };
    const mine = { ...base, name: 'Acme Group', website: 'https://acme.test', note: 'theirs' };
    const conflicts = conflictsOf(fields, base, theirs, mine);
    expect(conflicts.map((c) => [c.field.name, c.changedByThem, c.changedByMe])).toEqual([
      ['name', true, true],
      ['website', false, true],
    ]);
    // Both typed the same note: nothing to decide there.
    expect(conflicts.map((c) => c.field.name)).not.toContain('note');
  });

  it('keeps my changes and their changes by default, and follows each choice', () => {
    const theirs = { ...base, name: 'Acme Ltd', owner: 'u2' };
    const mine = { ...base, website: 'https://acme.test' };
    const conflicts = conflictsOf(fields, base, theirs, mine);
    expect(Object.fromEntries(conflicts.map((c) => [c.field.name, defaultSide(c)]))).toEqual({ name: 'theirs', website: 'mine', owner: 'theirs' });
    expect(settledValues(theirs, conflicts, {})).toEqual({ name: 'Acme Ltd', website: 'https://acme.test', note: 'old', owner: 'u2' });
    // Taking back their owner change and dropping my website: as chosen.
    expect(settledValues(theirs, conflicts, { owner: 'mine', website: 'theirs' })).toEqual({ name: 'Acme Ltd', website: '', note: 'old', owner: 'u1' });
  });

  it("treats '' and null as the same value, as the API does", () => {
    expect(conflictsOf(fields, base, { ...base, website: null }, base)).toEqual([]);
  });
});
