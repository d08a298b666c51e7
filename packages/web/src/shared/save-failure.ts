import { getConnectivity, NetworkError } from '../api/connectivity';
import { isChunkLoadError } from './chunk-load';

/** What a form says when its save never reached the server; what was typed stays in the form. */
export const OFFLINE_SAVE_TEXT = 'Not saved: you are offline or the server cannot be reached. What you typed is kept; save again when the connection is back.';

/** A failed save that is not the server's answer: no connection (the request, or code the form still had to load), or something else. */
export function saveFailureText(error: unknown): string {
  const offline = error instanceof NetworkError || isChunkLoadError(error) || !getConnectivity().browserOnline;
  return offline ? OFFLINE_SAVE_TEXT : 'Saving failed. Please try again.';
}
