import type { JobError } from '@ops/contract/jobs/jobs.schemas';
import { ApiError, mapDatabaseError, ValidationError, type FieldErrors } from '../../platform/errors';
import { JOBS_ERRORS } from './jobs.errors';

type Where = { row: number } | { id: string };

function flatten(errors: FieldErrors, prefix = ''): { field: string | null; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const field = key === 'non_field_errors' ? (prefix ? prefix.slice(0, -1) : null) : `${prefix}${key}`;
    if (Array.isArray(value)) return value.map((message) => ({ field, message }));
    return flatten(value, `${prefix}${key}.`);
  });
}

/**
 * A failure of one record or row as job errors, one per field: validation
 * errors name their fields, database constraint errors are mapped as the API
 * maps them, anything else is named without internals. Unexpected errors
 * (connection loss, bugs) are rethrown so the job stops instead of skipping rows.
 */
export function jobErrorsOf(error: unknown, where: Where): JobError[] {
  let mapped: unknown = error;
  if (!(error instanceof ApiError)) {
    const cause = (error as { cause?: unknown })?.cause;
    const pg = (cause && typeof cause === 'object' && 'code' in cause ? cause : error) as { code?: string };
    mapped = typeof pg?.code === 'string' ? mapDatabaseError(pg) : undefined;
    if (!mapped) throw error;
  }
  if (mapped instanceof ValidationError) return flatten(mapped.fields).map((entry) => ({ ...where, ...entry }));
  const api = mapped as ApiError;
  const message = typeof api.body.detail === 'string' ? api.body.detail : `Refused (${api.statusCode}).`;
  return [{ ...where, field: null, message: api.statusCode === 404 ? JOBS_ERRORS.message('NOT_IN_ALLOCATION') : message }];
}
