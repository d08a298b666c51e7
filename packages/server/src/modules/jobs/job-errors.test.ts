import { describe, expect, it } from 'vitest';
import { describeError } from '../../cli/command';
import { COMMON_ERRORS } from '../../platform/errors';
import { jobErrorsOf } from './job-errors';
import { JOBS_ERRORS } from './jobs.errors';

describe('catalogue errors read as field errors', () => {
  it("a module's 400 becomes a job error naming its field, not a bare refusal", () => {
    expect(jobErrorsOf(JOBS_ERRORS.onField('file', 'NO_HEADER_ROW'), { row: 3 })).toEqual([
      { row: 3, field: 'file', message: 'The file has no header row.' },
    ]);
    expect(jobErrorsOf(JOBS_ERRORS.error('IDS_AND_FILTERS'), { id: 'x' })).toEqual([
      { id: 'x', field: null, message: 'Give either ids or filters/search, not both.' },
    ]);
  });

  it("a module's 409 keeps its detail", () => {
    expect(jobErrorsOf(JOBS_ERRORS.error('ALREADY_UNDONE'), { row: 1 })).toEqual([
      { row: 1, field: null, message: 'This job has already been undone.' },
    ]);
  });

  it('the CLI prints the field and its message', () => {
    expect(describeError(COMMON_ERRORS.onField('resource', 'INVALID_CHOICE', 'bogus'))).toBe('resource: "bogus" is not a valid choice.');
  });
});
