import { z } from 'zod';

/** DRF-shaped error bodies. */
export const detailErrorSchema = z.object({ detail: z.string() });
export const fieldErrorsSchema = z.record(z.string(), z.unknown()).describe('Field name to list of messages; non_field_errors for the whole request.');

export const ERROR_MESSAGES = {
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  badCredentials: 'Unable to log in with provided credentials.',
  throttled: 'Request was throttled. Expected available in {seconds} seconds.',
  required: 'This field is required.',
  csrfMissing: 'CSRF Failed: CSRF token missing.',
  csrfIncorrect: 'CSRF Failed: CSRF token incorrect.',
} as const;
