import { describe, expect, it } from 'vitest';
import { referrersOf } from '../../shared/api-error-message';
import type { FieldSpec } from './components/RecordFormDialog';
import { addressLine, formValuesOf } from './record-values';

const source = { endpoint: { path: '/x/' } as never, label: () => '' };
const fields: FieldSpec[] = [
  { section: 'Account' },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'owner', label: 'Owner', kind: 'relation', source },
  { name: 'role', label: 'Roles', kind: 'relation', source, multiple: true },
  { name: 'active', label: 'Active', kind: 'boolean' },
  { name: 'employees', label: 'Employees', kind: 'number' },
];

describe('form values from field specs', () => {
  it('starts a create form blank, then applies the page defaults', () => {
    expect(formValuesOf(fields, null, { owner: 'u1', active: true })).toEqual({ name: '', owner: 'u1', role: [], active: true, employees: '' });
  });

  it('starts an edit form from the record: references become ids, missing values blanks, and defaults do not apply', () => {
    const record = { name: 'Acme', owner: { id: 'u2', full_name: 'Ann' }, role: [{ id: 'r1' }, { id: 'r2' }], active: false, employees: null, other: 'x' };
    expect(formValuesOf(fields, record, { active: true })).toEqual({ name: 'Acme', owner: 'u2', role: ['r1', 'r2'], active: false, employees: '' });
  });
});

describe('409 referrers', () => {
  it('names each kind of record the API says still refers to the one being deleted', () => {
    expect(referrersOf('Cannot delete this legal entity: 2 clients and 1 cost centre refer to it.')).toEqual(['2 clients', '1 cost centre']);
    expect(referrersOf('Cannot delete this client: 1 cost centre, 2 contact persons and 1 contact relation refer to it.')).toEqual(['1 cost centre', '2 contact persons', '1 contact relation']);
    expect(referrersOf('Cannot delete this industry: 1 sub-industry refers to it.')).toEqual(['1 sub-industry']);
  });

  it('names none when the message has another shape', () => {
    expect(referrersOf('This record is still referenced by other records.')).toEqual([]);
  });
});

describe('address line', () => {
  it('joins the parts that are set', () => {
    expect(addressLine({ street_address: '1 Hay St', locality: 'Perth', state: '', postal_code: '6000' })).toBe('1 Hay St, Perth, 6000');
    expect(addressLine(null)).toBe('');
  });
});
