/**
 * The knox token, kept in localStorage so a sign-in survives reloads and is
 * shared by every tab of the app until it expires or the user signs out.
 * Removing it in one tab fires a `storage` event in the others, which is how
 * Sign Out reaches every open tab (docs/decisions.md, "Sign out").
 */
const STORAGE_KEY = 'ops.auth';
const CHANNEL_NAME = 'ops.auth';

export interface StoredToken {
  token: string;
  expiry: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: StoredToken | null | undefined;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

function read(): StoredToken | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof parsed.token !== 'string' || typeof parsed.expiry !== 'string') return null;
    if (Date.parse(parsed.expiry) <= Date.now()) return null;
    return { token: parsed.token, expiry: parsed.expiry };
  } catch {
    return null;
  }
}

function notify() {
  cached = read();
  listeners.forEach((listener) => listener());
}

export function getStoredToken(): StoredToken | null {
  if (cached === undefined) cached = read();
  // An expired token counts as signed out without waiting for the server's 401.
  if (cached && Date.parse(cached.expiry) <= Date.now()) cached = null;
  return cached;
}

export function getToken(): string | null {
  return getStoredToken()?.token ?? null;
}

export function storeToken(value: StoredToken) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  notify();
  channel?.postMessage({ type: 'signed-in' });
}

export function clearToken() {
  const had = localStorage.getItem(STORAGE_KEY) !== null;
  localStorage.removeItem(STORAGE_KEY);
  notify();
  if (had) channel?.postMessage({ type: 'signed-out' });
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) notify();
  });
  // BroadcastChannel covers browsers that do not deliver storage events to
  // tabs of the same origin in some private modes; either path just re-reads.
  channel?.addEventListener('message', () => notify());
}
