import { ValidationError } from '../platform/errors';

/** A position in a keyset-paged list: the ordering values (as text) of the row to page from. */
export interface Cursor {
  values: (string | null)[];
  direction: 'next' | 'previous';
}

export function encodeCursor(plan: { orderingKey: string }, values: (string | null)[], direction: Cursor['direction']): string {
  return Buffer.from(JSON.stringify({ o: plan.orderingKey, v: values, d: direction === 'next' ? 'n' : 'p' })).toString(
    'base64url',
  );
}

export function decodeCursor(raw: string, orderingKey: string, terms: number): Cursor {
  const invalid = () => ValidationError.field('cursor', 'Invalid cursor.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const token = parsed as { o?: unknown; v?: unknown; d?: unknown };
  if (!token || typeof token !== 'object' || token.o !== orderingKey || (token.d !== 'n' && token.d !== 'p')) throw invalid();
  if (
    !Array.isArray(token.v) ||
    token.v.length !== terms ||
    !token.v.every((v) => v === null || (typeof v === 'string' && v.length <= 1000 && !v.includes('\u0000')))
  ) {
    throw invalid();
  }
  return { values: token.v as (string | null)[], direction: token.d === 'n' ? 'next' : 'previous' };
}
