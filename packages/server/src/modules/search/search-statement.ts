import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SearchResult } from '@ops/contract/search/search.schemas';
import type { VocabularyLookup } from './search-vocabulary';

/**
 * The SQL of one kind's part of the search statement: its candidates (found by words, codes and
 * corrections), their score and the texts a result shows. `search-kinds.ts` says, per kind, which
 * table and columns these read.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many rows of each kind are ranked at most: the substring matches and the fuzzy matches, each capped. */
export const SEARCH_CANDIDATES = 100;

export interface Candidates {
  table: PgTable;
  id: PgColumn;
  /** The columns the score, order and texts read (the id among them). */
  read: PgColumn[];
  /**
   * The record's name (or title), found by its words: `to_tsvector('simple', words)` has a GIN
   * index (migrations 0016, 0017) and its words are in the vocabulary `search_word`.
   */
  words: PgColumn | SQL;
  /** A stored `to_tsvector('simple', words)` with the GIN index on it, read instead of parsing the words of every candidate (articles: migration 0029). */
  vector?: PgColumn;
  /** Scored as substrings of the query (the name and codes). */
  contains: (PgColumn | SQL)[];
  /** Codes (account number, ABN, code, e-mail) matched as substrings through their trigram indexes. */
  codes?: PgColumn[];
  /** Extra matches (a ticket's number). */
  also?: SQL;
  /** The viewer's row scope. */
  scope?: SQL;
  /** The CTEs the scope reads (`name as (...)`), each defined once in the statement's WITH. */
  with?: SQL[];
}

/**
 * The rows to rank, as a derived table named like the kind's table (so the score, order and
 * texts written against the table's columns read it): up to SEARCH_CANDIDATES rows containing the
 * text (their name by its words, see `wordsContain`, or a code as a substring) and up to as many
 * holding a correction of each word of the query (`similarWords`), each with the columns the
 * ranking reads (no second lookup by id). Both are answered by GIN indexes of words (and trigrams
 * of codes), and the caps bound the similarity work of the ranking, which pg_trgm does row by row,
 * whatever the table size or however common the words are.
 *
 * Why words and not trigrams for names (bench/RESULTS.md, scale 10): the trigram index reads the
 * posting list of every trigram of the query, and for a typo'd query (`<%`, word similarity) counts
 * them for every row sharing a few: 50-180 ms a kind at 1M clients / 5M tickets, and the planner's
 * estimate of `<%` sent clients to a sequential scan. A word's posting list is read only where it
 * meets the rarest word of the query.
 */
function candidates(q: string, c: Candidates, lookup: VocabularyLookup): SQL {
  const scope = (condition: SQL) => (c.scope ? sql`(${condition}) and (${c.scope})` : condition);
  const pattern = `%${escapeLike(q)}%`;
  const matches = [
    wordsContain(q, c.words, lookup.prefix, c.vector),
    ...(c.codes ?? []).map((column) => sql`${column} ilike ${pattern}`),
    c.also,
  ].filter((condition): condition is SQL => !!condition);
  const read = sql.join(c.read, sql`, `);
  const parts: SQL[] = [];
  if (matches.length)
    parts.push(sql`(select ${read} from ${c.table} where ${scope(sql.join(matches, sql` or `))} limit ${SEARCH_CANDIDATES})`);
  if (lookup.words.length)
    parts.push(
      sql`(select ${read} from ${c.table} where ${scope(sql`${c.vector ?? sql`to_tsvector('simple', ${c.words})`} @@ (select query from search_similar)`)} limit ${SEARCH_CANDIDATES})`,
    );
  if (!parts.length) parts.push(sql`(select ${read} from ${c.table} where false)`);
  return sql`(${sql.join(parts, sql` union `)}) as ${c.table}`;
}

/**
 * "`column` contains `q`", answered through the words of the column (`to_tsvector('simple',
 * column)`, a GIN index) instead of its trigrams, or undefined when `q` has no word to look up
 * (punctuation only).
 *
 * Why: for `%privat hospitl%` the trigram index reads the whole posting list of every trigram of
 * "private" and "hospital", hundreds of thousands of entries each over 5M tickets, to find the few
 * thousand titles holding them all (and none holding the text): 73 ms. A word index answers the
 * same query from the lists of whole words, where GIN skips through the frequent lists to the
 * entries of the rarest word, and a word nobody wrote ("privat") has no list at all.
 *
 * The rows are still exactly the texts containing `q` (the LIKE is kept, as a filter the
 * planner cannot send to the trigram index: `lower(column) like lower(pattern)`), found through
 * what such a text must hold: each whitespace-separated word of `q` but the last appears as a
 * word of the text (parsed by the same parser, so "Mary's" or "ACC-7781" split alike); the last
 * word, which may be cut short while typing, starts a word of the text: looked up as the
 * vocabulary words it starts when it is letters, as a prefix when it holds digits (two or more
 * characters), else left to the LIKE. A query of one word looks it up as a prefix (plain letters
 * and digits, at least 3 long: a shorter prefix would read every word starting with it) or else
 * as a whole word. The one loss: a query whose first word starts inside a word of the text ("rivate
 * hosp" in "Private Hospital", "ering") is no longer a substring candidate; the similar-word
 * candidates still find most of them.
 */
function wordsContain(q: string, column: PgColumn | SQL, expanded: string | undefined, stored?: PgColumn): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  const last = words.pop() ?? '';
  const complete = words.join(' ');
  const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);
  const exact = hasWord(complete) ? sql`plainto_tsquery('simple', ${complete})` : undefined;
  // A prefix is looked up only when it is the whole query: GIN reads every word it starts in full
  // ("sta:*" at 5M tickets: 250 ms), where the LIKE below checks it on the rows of the other words.
  const prefix = exact
    ? undefined
    : /^[\p{L}\p{N}]{3,}$/u.test(last)
      ? sql`to_tsquery('simple', ${`${last}:*`})`
      : hasWord(last)
        ? sql`plainto_tsquery('simple', ${last})`
        : undefined;
  // The last word's vocabulary words (`similarWords`) join the index lookup as words, which GIN can
  // skip through beside the rarer ones, unlike a partial match ("sta:*" reads every word starting
  // with "sta" in full: 250 ms at 5M tickets). None or too many: the partial match after all (no
  // word has the prefix: an empty lookup; a word the vocabulary leaves out, non-ASCII letters: found).
  // A separate condition, so that the planner estimates the rows from the constant words (with the
  // lookup's result alone it guesses, and a guess of many rows sent 5M tickets to a sequential scan).
  const query = exact ?? prefix;
  if (!query) return undefined;
  const vector = stored ?? sql`to_tsvector('simple', ${column})`;
  // A last word with digits ("School 999619") has few words it may start: looked up as a prefix.
  const numbered = /^[\p{L}\p{N}]{2,}$/u.test(last) && /\p{N}/u.test(last);
  const lastWord =
    exact && expanded
      ? sql` and ${vector} @@ coalesce((select prefix from search_similar), to_tsquery('simple', ${`${expanded}:*`}))`
      : exact && numbered
        ? sql` and ${vector} @@ to_tsquery('simple', ${`${last}:*`})`
        : sql``;
  return sql`(${vector} @@ ${query}${lastWord} and lower(${column}) like lower(${`%${escapeLike(q)}%`}))`;
}

/** Best first: exact, then prefix, then substring matches, then by how alike the words are. */
function scoreOf(q: string, columns: (PgColumn | SQL)[]): SQL<number> {
  const prefix = `${escapeLike(q)}%`;
  const contains = `%${escapeLike(q)}%`;
  const parts = columns.map(
    (column) =>
      sql`(word_similarity(${q}, ${column}) + case when lower(${column}) = lower(${q}) then 2 when ${column} ilike ${prefix} then 1 when ${column} ilike ${contains} then 0.5 else 0 end)`,
  );
  return sql<number>`greatest(${sql.join(parts, sql`, `)})::float8`;
}

/** One row of the search statement: the kind, the record's id, up to three texts to present it, and its score. */
export interface Row {
  kind: string;
  id: string;
  a: string | null;
  b: string | null;
  c: string | null;
  score: number;
}

/** Where the kind's candidates come from (its table, matched columns, scope), and how they rank and show. */
export interface KindPlan extends Candidates {
  /** Added to the score (a ticket whose number is the query). */
  bonus?: SQL;
  /** Ties after the score. */
  order: (PgColumn | SQL)[];
  /** The texts a result is presented with. */
  texts: [PgColumn | SQL, (PgColumn | SQL)?, (PgColumn | SQL)?];
  present(row: Row): Omit<SearchResult, 'type' | 'id'>;
}

/** One kind's best MAX_SEARCH_RESULTS rows among its candidates, as a parenthesised member of the UNION ALL. */
export function kindQuery(type: string, q: string, plan: KindPlan, limit: number, lookup: VocabularyLookup): SQL {
  const base = scoreOf(q, plan.contains);
  const score = plan.bonus ? sql`(${plan.bonus} + ${base})::float8` : base;
  const [a, b, c] = plan.texts;
  const text = (expression: PgColumn | SQL | undefined) => (expression ? sql`(${expression})::text` : sql`null::text`);
  return sql`(select ${type}::text as kind, ${plan.id}::text as id, ${text(a)} as a, ${text(b)} as b, ${text(c)} as c, ${score} as score from ${candidates(q, plan, lookup)} order by ${score} desc, ${sql.join(plan.order, sql`, `)} limit ${limit})`;
}
