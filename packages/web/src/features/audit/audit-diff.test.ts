import { describe, expect, it } from 'vitest';
import { diffLines, diffSummary } from './audit-diff';

describe('audit diff', () => {
  it('reads an update as before → after per field', () => {
    expect(diffLines({ name: ['Acme', 'Acme Ltd'], phone: [null, '0400'] })).toEqual([
      { field: 'name', before: 'Acme', after: 'Acme Ltd' },
      { field: 'phone', before: '—', after: '0400' },
    ]);
    expect(diffSummary({ name: ['Acme', 'Acme Ltd'] })).toBe('name: Acme → Acme Ltd');
  });

  it('reads what a non-change action recorded as plain values', () => {
    expect(diffSummary({ reason: 'bad password', attempts: 3 })).toBe('reason: bad password; attempts: 3');
    expect(diffLines({ tags: { a: 1 } })).toEqual([{ field: 'tags', after: '{"a":1}' }]);
  });

  it('has no lines for an entry without changes', () => {
    expect(diffLines({})).toEqual([]);
    expect(diffSummary(null)).toBe('');
  });
});
