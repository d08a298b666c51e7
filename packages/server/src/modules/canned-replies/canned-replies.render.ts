import type { CannedReplyVariable } from '@ops/contract/helpdesk/canned-replies';

const PLACEHOLDER = /\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*\}\}/g;
const MAX_NODES = 100_000;

/**
 * A rich-text document with `{{variable}}` placeholders filled in, in text nodes only (marks and
 * every other attribute are copied as they are). Values come from a Map, never from an object
 * keyed by the user's text, and nothing is evaluated; unknown placeholders stay as written.
 */
export function fillPlaceholders(
  document: unknown,
  values: ReadonlyMap<CannedReplyVariable | string, string>,
): Record<string, unknown> {
  let visited = 0;
  const copy = (node: unknown, depth: number): unknown => {
    if (depth > 120 || ++visited > MAX_NODES) return null;
    if (Array.isArray(node)) return node.map((child) => copy(child, depth + 1));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === '__proto__') continue;
      out[key] = copy(value, depth + 1);
    }
    const record = node as Record<string, unknown>;
    if (record.type === 'text' && typeof record.text === 'string') {
      out.text = record.text.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
    }
    return out;
  };
  const result = copy(document, 0);
  return result && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : {};
}
