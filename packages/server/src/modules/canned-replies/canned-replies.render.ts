import { CANNED_REPLY_FALLBACKS, type CannedReplyVariable } from '@ops/contract/helpdesk/canned-replies';

/** `{{name}}` or `{{name|fallback}}`; the fallback is plain words (no braces or bars). */
const PLACEHOLDER = /\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*(?:\|([^{}|]*))?\}\}/g;
const MAX_NODES = 100_000;

const fallbackOf = (name: string): string | undefined =>
  Object.hasOwn(CANNED_REPLY_FALLBACKS, name) ? CANNED_REPLY_FALLBACKS[name as CannedReplyVariable] : undefined;

/** A dropped placeholder leaves no double space and no space before punctuation. */
const tidy = (text: string) => text.replace(/ {2,}/g, ' ').replace(/ ([,.;:!?)])/g, '$1');

/**
 * A rich-text document with `{{variable}}` placeholders filled in, in text nodes only (marks and
 * every other attribute are copied as they are). Values come from a Map, never from an object
 * keyed by the user's text, and nothing is evaluated; unknown placeholders stay as written. An
 * empty value takes the reply's own fallback (`{{cost_centre.name|the kitchen}}`), else the
 * variable's (CANNED_REPLY_FALLBACKS).
 */
export function fillPlaceholders(
  document: unknown,
  values: ReadonlyMap<CannedReplyVariable | string, string>,
): Record<string, unknown> {
  let visited = 0;
  const fill = (text: string) => {
    let dropped = false;
    const filled = text.replace(PLACEHOLDER, (whole, name: string, own: string | undefined) => {
      const value = values.get(name);
      if (value === undefined) return whole;
      if (value.trim()) return value;
      const fallback = own !== undefined ? own.trim() : (fallbackOf(name) ?? '');
      if (!fallback) dropped = true;
      return fallback;
    });
    return dropped ? tidy(filled) : filled;
  };
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
    if (record.type === 'text' && typeof record.text === 'string') out.text = fill(record.text);
    return out;
  };
  const result = copy(document, 0);
  return result && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : {};
}
