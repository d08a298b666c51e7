import { ApiError } from '../api/http-client';

/** What to tell the user about a failed call: the API's own message when it gave one. */
export function apiErrorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
