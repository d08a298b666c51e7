import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection
 * left alive before it collects again. Left to itself, on a machine with
 * more than 2 GB of memory, V8 allows up to 4x the live heap: a server with
 * ~50 MB alive grew its heap past 200 MB under load and kept the pages
 * (issue 20 item 4, bench/RESULTS.md). 50% (V8's own range for small devices
 * is 30-100%) keeps it near 1.5x; a full collection of a heap that size is
 * mostly concurrent marking. HEAP_GROWING_PERCENT overrides it; 0 leaves V8's
 * own factor.
 *
 * Set at run time with v8.setFlagsFromString, not on the node command line: V8
 * reads this flag at every collection, so it applies however the server is
 * started (npm start, the container, `node dist/main.js`) and to its worker
 * threads, which share the process's flags.
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 50;

export function tuneHeap(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.HEAP_GROWING_PERCENT?.trim();
  const percent = raw ? Number(raw) : DEFAULT_HEAP_GROWING_PERCENT;
  if (!Number.isInteger(percent) || percent < 0 || percent > 1000)
    throw new Error(`HEAP_GROWING_PERCENT must be a whole number from 0 to 1000 (got "${raw}")`);
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
