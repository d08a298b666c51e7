/** How browsers and Vite word a code chunk that could not be loaded. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message));
}

/** Retries a failed dynamic import once (a network blip, a server restarting) before giving up. */
export async function importWithRetry<T>(loader: () => Promise<T>): Promise<T> {
  try {
    return await loader();
  } catch {
    return loader();
  }
}
