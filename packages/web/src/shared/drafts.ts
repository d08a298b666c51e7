/**
 * Drafts of what a user typed and has not sent (a ticket reply, a help-drawer ticket), kept in
 * local storage per user and per place, so leaving the page or closing the tab loses nothing.
 * Storage may be full, disabled or tampered with: every read is checked and every failure is
 * silent (a draft is a convenience, never a reason for an error).
 */
const PREFIX = 'ops.draft.v1';
/** Drafts older than this are dropped when read. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
const MAX_DRAFT_BYTES = 512 * 1024;

interface Stored {
  savedAt: number;
  value: unknown;
}

export const draftKey = (userId: string, place: string) => `${PREFIX}:${userId}:${place}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The saved draft, if it is there, fresh and passes `accept` (a shape check of what was stored). */
export function loadDraft<T>(userId: string, place: string, accept: (value: unknown) => value is T, now = Date.now()): T | null {
  const store = storage();
  if (!store) return null;
  const key = draftKey(userId, place);
  try {
    const raw = store.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored> | null;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.savedAt !== 'number' || now - parsed.savedAt > DRAFT_MAX_AGE_MS || !accept(parsed.value)) {
      store.removeItem(key);
      return null;
    }
    return parsed.value;
  } catch {
    return null;
  }
}

/** Saves a draft; an empty one (`null`) removes it. Too large a draft is not kept. */
export function saveDraft(userId: string, place: string, value: unknown, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const key = draftKey(userId, place);
  try {
    if (value === null || value === undefined) {
      store.removeItem(key);
      return;
    }
    const raw = JSON.stringify({ savedAt: now, value } satisfies Stored);
    if (raw.length > MAX_DRAFT_BYTES) return;
    store.setItem(key, raw);
  } catch {
    // Quota exceeded or storage disabled: the draft just is not kept.
  }
}

export function clearDraft(userId: string, place: string): void {
  saveDraft(userId, place, null);
}

/** A rich-text document as the editor writes it (a JSON object with a `type`). */
export function isDocument(value: unknown): value is { type: string; content?: unknown[] } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';
}
