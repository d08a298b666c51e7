import { and, or, sql, type SQL } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { ValidationError } from '../platform/errors';
import { SYSTEM_VIEWER, type ListResource, type ListViewer } from './list-resource';
import { escapeLike, resolveField } from './list-filters';

// `search`: every word matches one of the resource's search fields.

const MAX_SEARCH_WORDS = 10;

/**
 * Search words shorter than this match the start of a word (`12` finds "Hospital 12" and "1203",
 * not "412"): a trigram index cannot find substrings under three characters, so a substring match
 * on a short word rechecked every row the other words left (14.7x slower at 1M clients than at
 * 10k). A word start is a trigram (" 12") the same index serves. Longer words match anywhere.
 */
export const SHORT_SEARCH_WORD = 3;
/** What starts a word for a short search word: the field's start or one of these (a small set keeps the regex indexable). */
const WORD_START = "(^|[- ./,&()'@_#+:;])";

/** A search word that names a whole number (at most 9 digits, so it fits an integer column). */
const SEARCH_NUMBER = /^#?(\d{1,9})$/;

function escapeRegex(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}-]/g, (c) => `\\${c}`);
}

export function compileSearch(resource: ListResource, raw: string | undefined, viewer: ListViewer): SQL | undefined {
  if (raw?.includes('\u0000')) throw ValidationError.field('search', ERROR_MESSAGES.nullCharacters);
  const words = (raw ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (!words.length || !resource.search.length) return undefined;
  const targets = resource.search.flatMap((path) => {
    const resolved = resolveField(resource, path.split('__'), viewer);
    if (resolved) return [resolved];
    // A declared path the viewer may not traverse simply does not take part in their search.
    if (resolveField(resource, path.split('__'), SYSTEM_VIEWER)) return [];
    throw new Error(`${resource.name}: search field ${path} is not declared`);
  });
  if (!targets.length) return sql`false`;
  return and(
    ...words.map((word) => {
      const short = [...word].length < SHORT_SEARCH_WORD;
      const pattern = short ? `${WORD_START}${escapeRegex(word)}` : `%${escapeLike(word.slice(0, 200))}%`;
      const whole = SEARCH_NUMBER.exec(word);
      return or(
        ...targets.map((t) => {
          // A number field matches a whole number, written `1042` or `#1042` (ticket numbers), through its index.
          if (t.field.kind === 'number') return whole ? t.wrap(sql`${t.field.column} = ${Number(whole[1])}`) : sql`false`;
          // Text columns stay uncast so a trigram index on the column can serve the match.
          const column = t.field.kind === 'text' ? sql`${t.field.column}` : sql`${t.field.column}::text`;
          return t.wrap(short ? sql`${column} ~* ${pattern}` : sql`${column} ilike ${pattern}`);
        }),
      )!;
    }),
  );
}
