/**
 * A DRF-shaped 400 body as dotted field paths: nested serializers answer
 * `{"address": {"country": [...]}, "contacts": {"1": {"contact_type": [...]}}}`,
 * which a form shows on `address.country` and `contacts.1.contact_type`.
 */
export function flattenApiErrors(body: unknown, prefix = ''): [string, string][] {
  if (!body || typeof body !== 'object') return [];
  if (Array.isArray(body)) {
    // A list of strings is the messages of one field; a list of objects is per item.
    if (body.every((item) => typeof item === 'string')) return body.length ? [[prefix.slice(0, -1) || 'non_field_errors', body[0] as string]] : [];
    return body.flatMap((item, index) => flattenApiErrors(item, `${prefix}${index}.`));
  }
  return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
    if (typeof value === 'string') return key === 'detail' && !prefix ? [['non_field_errors', value] as [string, string]] : [[`${prefix}${key}`, value] as [string, string]];
    return flattenApiErrors(value, `${prefix}${key}.`);
  });
}
