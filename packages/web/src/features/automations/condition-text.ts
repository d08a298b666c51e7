import { humaniseCode, humaniseField } from '../../shared/humanise';
import { lookupWord, splitFilterKey } from '../../shared/ui/list-page/list-filters';

/** A value as a person reads it: a code (HIGH, IN_PROGRESS) by its label, the rest as written. */
const valueText = (value: unknown): string =>
  typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value) ? humaniseCode(value) : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A rule's conditions (the list engine's filters) in the words of the list's filter chips, one line
 * each: `{ priority__in: ['HIGH', 'URGENT'] }` reads "Priority is any of High, Urgent".
 */
export function conditionsText(conditions: Record<string, unknown> | null | undefined): string {
  const entries = Object.entries(conditions ?? {});
  if (!entries.length) return 'Always';
  return entries
    .map(([key, value]) => {
      const { field, lookup } = splitFilterKey(key);
      if (lookup === 'isnull') return `${humaniseField(field)} ${value ? 'is empty' : 'is not empty'}`;
      const values = Array.isArray(value) ? value.map(valueText).join(lookup === 'range' ? ' and ' : ', ') : valueText(value);
      return `${humaniseField(field)} ${lookupWord(lookup)} ${values}`;
    })
    .join('\n');
}
