import { ApiError } from '../api/http-client';

/** What to tell the user about a failed call: the API's own message when it gave one. */
export function apiErrorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** "Cannot delete this client: 2 cost centres and 1 contact person refer to it." -> ["2 cost centres", "1 contact person"] */
export function referrersOf(message: string): string[] {
  const match = /:\s*(.+?)\s+refers?\s+to\s+it\.?$/i.exec(message);
  if (!match) return [];
  return match[1]!
    .split(/,\s*|\s+and\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
}
