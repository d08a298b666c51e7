import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, DRAFT_MAX_AGE_MS, draftKey, isDocument, loadDraft, saveDraft } from './drafts';

const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Half a reply' }] }] };
const isString = (value: unknown): value is string => typeof value === 'string';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('draft store', () => {
  it('keeps a draft per user and place until it is cleared', () => {
    saveDraft('user-a', 'reply:t1', doc);
    expect(loadDraft('user-a', 'reply:t1', isDocument)).toEqual(doc);
    // Another user on the same browser, or another ticket, sees nothing.
    expect(loadDraft('user-b', 'reply:t1', isDocument)).toBeNull();
    expect(loadDraft('user-a', 'reply:t2', isDocument)).toBeNull();
    clearDraft('user-a', 'reply:t1');
    expect(loadDraft('user-a', 'reply:t1', isDocument)).toBeNull();
    expect(localStorage.getItem(draftKey('user-a', 'reply:t1'))).toBeNull();
  });

  it('saving an empty draft removes it', () => {
    saveDraft('user-a', 'p', 'text', 1);
    saveDraft('user-a', 'p', null);
    expect(loadDraft('user-a', 'p', isString)).toBeNull();
  });

  it('drops drafts that are stale, malformed or of the wrong shape', () => {
    saveDraft('u', 'old', 'text', 1_000);
    expect(loadDraft('u', 'old', isString, 1_000 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem(draftKey('u', 'old'))).toBeNull();
    localStorage.setItem(draftKey('u', 'bad-json'), '{not json');
    expect(loadDraft('u', 'bad-json', isString)).toBeNull();
    localStorage.setItem(draftKey('u', 'wrong'), JSON.stringify({ savedAt: Date.now(), value: { __proto__: { type: 'x' } } }));
    expect(loadDraft('u', 'wrong', isDocument)).toBeNull();
    localStorage.setItem(draftKey('u', 'null'), 'null');
    expect(loadDraft('u', 'null', isString)).toBeNull();
  });

  it('never throws when storage refuses to write (quota, private mode)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => saveDraft('u', 'p', 'text')).not.toThrow();
    expect(loadDraft('u', 'p', isString)).toBeNull();
  });

  it('does not keep a draft too large for storage', () => {
    saveDraft('u', 'big', 'x'.repeat(600 * 1024));
    expect(loadDraft('u', 'big', isString)).toBeNull();
  });
});
