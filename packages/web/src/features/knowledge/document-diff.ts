import { diffLines, diffWordsWithSpace } from 'diff';

// The diff between two versions of an article (spec platform §14.2): the plain text of each TipTap
// document, one line per block (paragraph, list item, heading), compared by words or by lines with
// the `diff` package. Pure, so it is tested apart from the page (document-diff.test.ts).

const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'blockquote', 'codeBlock', 'horizontalRule', 'taskItem', 'tableRow']);

type Node = { type?: unknown; text?: unknown; content?: unknown; attrs?: { label?: unknown; id?: unknown } };

/** A TipTap document as plain text: each block a line, a list item marked "- ", a mention as "@Name", a hard break a new line. */
export function documentPlainText(doc: unknown): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim() !== '') lines.push(line.replace(/\s+$/, ''));
    line = '';
  };
  const walk = (value: unknown, depth: number, bullet: string) => {
    if (!value || typeof value !== 'object' || depth > 50) return;
    const node = value as Node;
    const type = typeof node.type === 'string' ? node.type : '';
    if (typeof node.text === 'string') line += node.text;
    else if (type === 'mention') line += `@${typeof node.attrs?.label === 'string' ? node.attrs.label : ''}`;
    else if (type === 'hardBreak') flush();
    const children = Array.isArray(node.content) ? node.content : [];
    if (type === 'listItem') {
      flush();
      line = bullet;
    } else if (BLOCKS.has(type)) flush();
    children.forEach((child, index) => {
      const childBullet = type === 'orderedList' ? `${index + 1}. ` : type === 'bulletList' ? '- ' : bullet;
      // A list item's first paragraph continues the bullet's line; the next ones are lines of their own.
      if (type === 'listItem' && index === 0 && child && typeof child === 'object' && (child as Node).type === 'paragraph') {
        for (const inner of Array.isArray((child as Node).content) ? ((child as Node).content as unknown[]) : [])
          walk(inner, depth + 2, childBullet);
        flush();
        return;
      }
      walk(child, depth + 1, childBullet);
    });
    if (BLOCKS.has(type)) flush();
  };
  walk(doc, 0, '- ');
  flush();
  return lines.join('\n');
}

export type DiffMode = 'words' | 'lines';

/** One run of text: unchanged, only in the newer version (inserted), or only in the older one (deleted). */
export interface DiffPart {
  kind: 'same' | 'inserted' | 'deleted';
  text: string;
}

/** The changes from `older` to `newer` (title and body), as runs of text in reading order. */
export function diffTexts(older: string, newer: string, mode: DiffMode = 'words'): DiffPart[] {
  const changes = mode === 'lines' ? diffLines(older, newer) : diffWordsWithSpace(older, newer);
  const parts = changes
    .filter((change) => change.value !== '')
    .map((change): DiffPart => ({ kind: change.added ? 'inserted' : change.removed ? 'deleted' : 'same', text: change.value }));
  return groupChanges(parts);
}

/**
 * Neighbouring changes read as one: a run of insertions and deletions, with only spaces unchanged
 * between them, becomes one deletion then one insertion ("[− leaks or −][+ , leaks or shows +]"
 * rather than a word-by-word patchwork). The spaces go to both sides, so each side still reads back
 * its version exactly.
 */
export function groupChanges(parts: DiffPart[]): DiffPart[] {
  const grouped: DiffPart[] = [];
  let index = 0;
  while (index < parts.length) {
    const part = parts[index]!;
    if (part.kind === 'same') {
      grouped.push(part);
      index += 1;
      continue;
    }
    let deleted = '';
    let inserted = '';
    let kinds = 0;
    let end = index;
    while (end < parts.length) {
      const current = parts[end]!;
      if (current.kind === 'same') {
        // Spaces between two changes join the group; anything else ends it.
        const next = parts[end + 1];
        if (!/^\s+$/.test(current.text) || !next || next.kind === 'same') break;
        deleted += current.text;
        inserted += current.text;
      } else if (current.kind === 'deleted') {
        deleted += current.text;
        kinds |= 1;
      } else {
        inserted += current.text;
        kinds |= 2;
      }
      end += 1;
    }
    // Only insertions (or only deletions) with spaces between: kept as they were, the spaces unchanged.
    if (kinds === 3) grouped.push({ kind: 'deleted', text: deleted }, { kind: 'inserted', text: inserted });
    else grouped.push(...parts.slice(index, end));
    index = end;
  }
  return grouped;
}

export interface VersionText {
  title: string;
  body: unknown;
}

/** The text a version is compared by: its title as the first line, then its body. */
export const versionText = (version: VersionText): string => `${version.title}\n\n${documentPlainText(version.body)}`;

/** The diff between two versions, and how many words were inserted and deleted. */
export function diffVersions(older: VersionText, newer: VersionText, mode: DiffMode = 'words') {
  const parts = diffTexts(versionText(older), versionText(newer), mode);
  const count = (kind: DiffPart['kind']) =>
    parts.filter((part) => part.kind === kind).reduce((sum, part) => sum + (part.text.match(/\S+/g)?.length ?? 0), 0);
  return { parts, inserted: count('inserted'), deleted: count('deleted') };
}
