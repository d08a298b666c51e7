import { onlineManager } from '@tanstack/react-query';

/** Whether the browser has a network and whether our API answered the last time we asked. */
export interface Connectivity {
  browserOnline: boolean;
  apiReachable: boolean;
}

/** A request that never got an answer (no network, server down, connection dropped). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Can't reach the server.", { cause });
    this.name = 'NetworkError';
  }
}

const PROBE_URL = '/healthz';
const FIRST_PROBE_MS = 1_000;
const MAX_PROBE_MS = 15_000;

let state: Connectivity = { browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine, apiReachable: true };
const listeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probeDelay = FIRST_PROBE_MS;

function set(next: Partial<Connectivity>) {
  const merged = { ...state, ...next };
  if (merged.browserOnline === state.browserOnline && merged.apiReachable === state.apiReachable) return;
  state = merged;
  for (const listener of listeners) listener();
}

export const getConnectivity = (): Connectivity => state;

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function probe() {
  probeTimer = null;
  if (!state.browserOnline) return; // the browser's `online` event starts probing again
  try {
    const response = await fetch(PROBE_URL, { cache: 'no-store' });
    if (response.ok) {
      probeDelay = FIRST_PROBE_MS;
      set({ apiReachable: true });
      return;
    }
  } catch {
    // still unreachable
  }
  probeDelay = Math.min(probeDelay * 2, MAX_PROBE_MS);
  probeTimer = setTimeout(() => void probe(), probeDelay);
}

/** A request failed without an answer: the API counts as unreachable until a probe of /healthz succeeds. */
export function markApiUnreachable() {
  set({ apiReachable: false });
  if (!probeTimer) probeTimer = setTimeout(() => void probe(), probeDelay);
}

/** A request got an answer (any status): the server is there. */
export function markApiReachable() {
  if (!state.apiReachable) set({ apiReachable: true });
}

/**
 * Listens to the browser's online/offline events and tells TanStack Query we are online only when
 * both the browser and our API are: queries pause while either is down and refetch on reconnect.
 */
export function installConnectivity() {
  if (typeof window === 'undefined') return;
  const onOnline = () => {
    set({ browserOnline: true });
    if (!state.apiReachable) void probe();
  };
  const onOffline = () => set({ browserOnline: false });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(state.browserOnline && state.apiReachable);
    const unsubscribe = subscribeConnectivity(update);
    update();
    return unsubscribe;
  });
}
