import { NetworkError } from '../api/connectivity';
import type { ErrorScreenKind } from '../shared/ui/ErrorScreen';
import { isChunkLoadError } from '../shared/chunk-load';

// Shared with forms that load code lazily (their schemas); the router and its error screen use them here.
export { importWithRetry, isChunkLoadError } from '../shared/chunk-load';

/**
 * What a page error means to the user. A chunk that fails to load while the server answers is an
 * old page asking for files a new deploy replaced; while it does not answer, it is the connection.
 */
export function classifyRouteError(error: unknown, serverAnswers: boolean): ErrorScreenKind {
  if (error instanceof NetworkError) return 'unreachable';
  if (isChunkLoadError(error)) return serverAnswers ? 'new-version' : 'unreachable';
  return 'crash';
}
