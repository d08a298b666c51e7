import { describe, expect, it } from 'vitest';
import { flattenApiErrors } from './api-errors';

describe('API field errors', () => {
  it('names nested fields with dotted paths', () => {
    expect(
      flattenApiErrors({
        name: ['This field may not be blank.', 'second'],
        address: { country: ['This field is required.'] },
        contacts: { '1': { contact_type: ['"FAX" is not a valid choice.'] } },
        roles: [{}, { role: ['Bad.'] }],
        non_field_errors: ['Nope.'],
      }),
    ).toEqual([
      ['name', 'This field may not be blank.'],
      ['address.country', 'This field is required.'],
      ['contacts.1.contact_type', '"FAX" is not a valid choice.'],
      ['roles.1.role', 'Bad.'],
      ['non_field_errors', 'Nope.'],
    ]);
  });

  it('reads a detail answer as a form-wide message', () => {
    expect(flattenApiErrors({ detail: 'Cannot delete.' })).toEqual([['non_field_errors', 'Cannot delete.']]);
    expect(flattenApiErrors(null)).toEqual([]);
  });
});
