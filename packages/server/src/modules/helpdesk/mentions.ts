/** At most this many people are notified from one message's mentions. */
export const MAX_MENTIONS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user ids of the TipTap mention nodes in a rich-text document
 * (`{"type":"mention","attrs":{"id":"<uuid>","label":"..."}}`), in order, without repeats.
 * Anything that is not such a node (or not a uuid) is ignored; the walk is bounded.
 */
export function mentionedIds(document: unknown): string[] {
  const found = new Set<string>();
  let visited = 0;
  const walk = (node: unknown, depth: number) => {
    if (depth > 100 || found.size >= MAX_MENTIONS || ++visited > 100_000 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.type === 'mention') {
      const attrs = record.attrs as Record<string, unknown> | undefined;
      const id = attrs && typeof attrs === 'object' ? attrs.id : undefined;
      if (typeof id === 'string' && UUID.test(id)) found.add(id.toLowerCase());
    }
    if (Array.isArray(record.content)) walk(record.content, depth + 1);
  };
  walk(document, 0);
  return [...found];
}
