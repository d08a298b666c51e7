/** The text of a rich-text (TipTap/ProseMirror) document, for its words: text runs and mention labels, in order. */
export function documentText(document: unknown, max = 200_000): string {
  const parts: string[] = [];
  let length = 0;
  let visited = 0;
  const walk = (node: unknown, depth: number) => {
    if (depth > 100 || length > max || ++visited > 200_000 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.text === 'string') {
      parts.push(record.text);
      length += record.text.length + 1;
    }
    const attrs = record.attrs;
    const label = record.type === 'mention' && attrs && typeof attrs === 'object' ? (attrs as Record<string, unknown>).label : undefined;
    if (typeof label === 'string') parts.push(label);
    if (Array.isArray(record.content)) walk(record.content, depth + 1);
  };
  walk(document, 0);
  return parts.join(' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** JSON with object keys sorted, so two documents compare equal however their keys were ordered (jsonb reorders them). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The attachments a document's image nodes name (`{type: "image", attrs: {attachment: id}}`), and
 * whether an image node names none or something that is not an id (such a document is refused).
 */
export function documentImages(document: unknown): { ids: string[]; malformed: boolean } {
  const ids = new Set<string>();
  let malformed = false;
  let visited = 0;
  const walk = (node: unknown, depth: number) => {
    if (depth > 100 || ++visited > 200_000 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.type === 'image') {
      const attrs = record.attrs && typeof record.attrs === 'object' ? (record.attrs as Record<string, unknown>) : {};
      if (typeof attrs.attachment === 'string' && UUID.test(attrs.attachment)) ids.add(attrs.attachment.toLowerCase());
      else malformed = true;
    }
    if (Array.isArray(record.content)) walk(record.content, depth + 1);
  };
  walk(document, 0);
  return { ids: [...ids], malformed };
}
