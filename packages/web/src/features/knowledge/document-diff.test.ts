import { describe, expect, it } from 'vitest';
import { diffTexts, diffVersions, documentPlainText, groupChanges } from './document-diff';

const p = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe('documentPlainText', () => {
  it('writes each block on a line, list items with their marks, mentions by name', () => {
    const body = doc(
      p('Check every label.'),
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [p('Milk')] },
          { type: 'listItem', content: [p('Nuts')] },
        ],
      },
      {
        type: 'orderedList',
        content: [
          { type: 'listItem', content: [p('Call')] },
          { type: 'listItem', content: [p('Write')] },
        ],
      },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Ask ' },
          { type: 'mention', attrs: { id: 'x', label: 'Ada' } },
          { type: 'hardBreak' },
          { type: 'text', text: 'then log it' },
        ],
      },
      { type: 'paragraph' },
    );
    expect(documentPlainText(body)).toBe('Check every label.\n- Milk\n- Nuts\n1. Call\n2. Write\nAsk @Ada\nthen log it');
  });

  it('reads anything that is not a document as no text', () => {
    expect(documentPlainText(null)).toBe('');
    expect(documentPlainText('doc')).toBe('');
    expect(documentPlainText({ type: 'doc', content: 'x' })).toBe('');
  });
});

describe('diffVersions', () => {
  it('names the inserted and deleted words in reading order', () => {
    const older = { title: 'Allergens', body: doc(p('Check every label twice.')) };
    const newer = { title: 'Allergens', body: doc(p('Check every new label.'), p('Log it.')) };
    const { parts, inserted, deleted } = diffVersions(older, newer);
    expect(parts.filter((part) => part.kind === 'inserted').map((part) => part.text.trim())).toEqual(
      expect.arrayContaining(['new']),
    );
    expect(
      parts
        .filter((part) => part.kind === 'deleted')
        .map((part) => part.text.trim())
        .join(' '),
    ).toContain('twice');
    expect(inserted).toBeGreaterThanOrEqual(3);
    expect(deleted).toBeGreaterThanOrEqual(1);
    // Reading only the unchanged and inserted runs gives the newer text back; unchanged and deleted the older.
    const read = (kind: 'inserted' | 'deleted') =>
      parts
        .filter((part) => part.kind !== kind)
        .map((part) => part.text)
        .join('');
    expect(read('deleted')).toBe('Allergens\n\nCheck every new label.\nLog it.');
    expect(read('inserted')).toBe('Allergens\n\nCheck every label twice.');
  });

  it('compares titles too, and finds nothing between equal versions', () => {
    const one = { title: 'Deliveries', body: doc(p('Sign the note.')) };
    expect(diffVersions(one, { ...one, title: 'Deliveries and returns' }).inserted).toBe(2);
    const same = diffVersions(one, one);
    expect(same.inserted + same.deleted).toBe(0);
    expect(same.parts).toEqual([{ kind: 'same', text: 'Deliveries\n\nSign the note.' }]);
  });

  it('compares by lines when asked: a changed line is one deletion and one insertion', () => {
    const parts = diffTexts('a\nb\nc\n', 'a\nB\nc\n', 'lines');
    expect(parts).toEqual([
      { kind: 'same', text: 'a\n' },
      { kind: 'deleted', text: 'b\n' },
      { kind: 'inserted', text: 'B\n' },
      { kind: 'same', text: 'c\n' },
    ]);
  });
});

describe('groupChanges', () => {
  it('reads neighbouring changes as one deletion then one insertion', () => {
    expect(diffTexts('the red big dog', 'the blue small dog')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'deleted', text: 'red big' },
      { kind: 'inserted', text: 'blue small' },
      { kind: 'same', text: ' dog' },
    ]);
  });

  it('keeps each side exact, and leaves insertions alone when nothing between them was deleted', () => {
    const older = 'stops mid-cycle or leaks, follow';
    const newer = 'stops mid-cycle, leaks or shows an error code, follow';
    const parts = diffTexts(older, newer);
    const read = (kind: 'inserted' | 'deleted') =>
      parts
        .filter((part) => part.kind !== kind)
        .map((part) => part.text)
        .join('');
    expect(read('deleted')).toBe(newer);
    expect(read('inserted')).toBe(older);
    expect(
      groupChanges([
        { kind: 'inserted', text: 'x' },
        { kind: 'same', text: ' ' },
        { kind: 'inserted', text: 'y' },
      ]),
    ).toEqual([
      { kind: 'inserted', text: 'x' },
      { kind: 'same', text: ' ' },
      { kind: 'inserted', text: 'y' },
    ]);
  });
});
