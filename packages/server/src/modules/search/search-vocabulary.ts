import { sql, type SQL } from 'drizzle-orm';

/** How many vocabulary words a query word is corrected to at most (the most similar first). */
export const SEARCH_CORRECTIONS = 5;

/** What the statement looks up in the vocabulary for a query (`vocabularyLookup`). */
export interface VocabularyLookup {
  /** The words to correct: runs of three or more letters, lower case, at most six. */
  words: string[];
  /** For each word, the spellings with two neighbouring letters swapped back ("smtih" -> smith, "gmama" -> gamma). */
  swaps: string[][];
  /** The last word of a query of several, when it is three or more letters: the words it may start. */
  prefix?: string;
}

export function vocabularyLookup(q: string): VocabularyLookup {
  // Words as the vocabulary holds them: tokens of letters only (a token with digits, "VwF5EB0A",
  // is never in it, so it cannot need a correction; the ranking still reads it).
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => /^\p{L}{3,}$/u.test(word));
  const typed = q.split(/\s+/).filter(Boolean);
  const last = typed.at(-1)?.toLowerCase();
  const prefix = typed.length > 1 && last && /^\p{L}{3,}$/u.test(last) ? last : undefined;
  const distinct = [...new Set(words)].slice(0, 6);
  return { words: distinct, swaps: distinct.map(swapsOf), prefix };
}

/**
 * The word with each pair of neighbouring letters swapped: the commonest typo, and the one trigram
 * similarity misses in a short word (two swapped letters change three of its trigrams: "smtih" and
 * "smith" are 0.2 alike, under the 0.3 a correction needs). Looked up exactly in the vocabulary.
 */
export function swapsOf(word: string): string[] {
  const letters = [...word];
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    swaps.add(swapped.join(''));
  }
  return [...swaps];
}

/** How many vocabulary words a typed prefix is expanded to at most; beyond, the prefix is left to the LIKE. */
export const SEARCH_PREFIX_WORDS = 50;

/**
 * Rows `(n, word)`: for the n-th word of the query, the vocabulary words it stands for. A word the
 * vocabulary holds stands for itself alone, found through the primary key; only a word it does not
 * hold is corrected: to the SEARCH_CORRECTIONS words most like it by trigram similarity (`%`,
 * pg_trgm.similarity_threshold, through the trigram index: "cateirng" -> catering, "hospitl" ->
 * hospital) and to any vocabulary word it is with two neighbouring letters swapped (`swapsOf`:
 * "smtih" -> smith, each swap looked up by primary key).
 *
 * Each word is a subquery of its own with the word bound as a value, and "is it known" is an
 * uncorrelated EXISTS, which PostgreSQL runs once as an InitPlan gating the correction: for a known
 * word the trigram search never runs. Over `unnest(...)` columns the planner had planned blind, a
 * sequential scan for `%` and the trigram index (not the primary key) for `=`: 600 ms of a 910 ms
 * suggest statement (bench/RESULTS.md, "Knowledge round three").
 */
export function wordCorrections({ words, swaps }: VocabularyLookup): SQL {
  if (!words.length) return sql`select null::int as n, null::text as word where false`;
  const parts = words.map((typed, n) => {
    const known = sql`exists (select 1 from search_word k where k.word = ${typed})`;
    const similar = sql`(select s.word from search_word s where s.word % ${typed} order by similarity(s.word, ${typed}) desc, s.word limit ${SEARCH_CORRECTIONS})`;
    const swapped = (swaps[n] ?? []).map((swap) => sql` union (select s.word from search_word s where s.word = ${swap})`);
    return sql`(select ${n}::int as n, c.word from (
        select ${typed}::text as word where ${known}
        union all
        select v.word from (${similar}${sql.join(swapped, sql``)}) v where not ${known}) c)`;
  });
  return sql.join(parts, sql` union all `);
}

/**
 * The statement's one vocabulary lookup, `search_similar(prefix, query)`. `prefix`: the vocabulary
 * words the last word of a query of several may start (up to SEARCH_PREFIX_WORDS, else null).
 * `query`: a tsquery holding, for each word of the query, any of the words `wordCorrections` gives
 * it. Every word must have one: when one has none ("banksia" where no name holds it) the query is
 * null and matches nothing, rather than finding whatever holds the other words (docs/decisions.md).
 * Vocabulary words are letters only, so they are safe in to_tsquery. Materialised: computed once
 * for every kind.
 */
export function similarWords(lookup: VocabularyLookup): SQL {
  const { words, prefix } = lookup;
  const expansion = prefix
    ? sql`select case when count(*) <= ${SEARCH_PREFIX_WORDS} then to_tsquery('simple', string_agg(e.word, ' | ')) end as prefix
          from (select s.word from search_word s where s.word like ${`${prefix}%`} limit ${SEARCH_PREFIX_WORDS + 1}) e`
    : sql`select null::tsquery as prefix`;
  return sql`search_similar as materialized (
    select (${expansion}) as prefix, (select case when count(*) = ${words.length} then to_tsquery('simple', string_agg(x.alternatives, ' & ')) end as query from (
      select '(' || string_agg(v.word, ' | ') || ')' as alternatives
        from (${wordCorrections(lookup)}) v
       group by v.n
    ) x) as query
  )`;
}
