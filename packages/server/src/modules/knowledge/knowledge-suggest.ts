import { sql, type SQL } from 'drizzle-orm';
import { articleCategories, articles } from '../../db/schema/knowledge';
import { audienceOf, readerPlaceColumns } from './knowledge.resource';
import { wordCorrections, type VocabularyLookup } from '../search/index';

/** How many of the best matches by their words are ranked again with the title's likeness. */
const SUGGEST_RERANKED = 20;

/** How many words with digits a suggestion matches as typed at most (as many as the vocabulary looks up). */
const NUMBERED_WORDS = 6;

/**
 * The words of `q` holding a digit ("dishwasher3fa09b", "404", "a4"), as tsquery operands: two or
 * more letters and digits, at most NUMBERED_WORDS. The vocabulary holds words of letters only
 * (`vocabularyLookup` leaves these out: nothing to correct them to), yet the article's words hold
 * them as typed, so they are matched as typed; the last word of `q`, which may be cut short while
 * typing ("The dishwasher3f"), as a prefix when it is three or more long. Letters and digits only,
 * so safe in to_tsquery.
 */
export function numberedWords(q: string): string[] {
  const parts = q.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const last = parts.at(-1);
  const numbered = [...new Set(parts.filter((part) => part.length >= 2 && /\p{N}/u.test(part)))].slice(0, NUMBERED_WORDS);
  return numbered.map((word) => (word === last && word.length >= 3 ? `${word}:*` : word));
}

/**
 * The suggest statement (see `suggest`), also for bench/knowledge.ts's EXPLAIN. The typed words
 * are looked up in the vocabulary as search everything does (`wordCorrections`: a known word by
 * primary key, only an unknown one corrected), and an article matches when it holds any of them
 * that is not a common English word (PostgreSQL's `english` stop-list: "not", "the", "is", ...), so
 * "dishwasher not draining" reads the few hundred articles about dishwashers and draining, not the
 * thousands holding "not"; a title of common words only ("not working"... "is it on") matches on
 * all of them, so it still suggests something. Words with digits (`numberedWords`) are never common:
 * they join the rarer words as typed, so "The dishwasher3fa09b is broken" finds the article about
 * "dishwasher3fa09b" (with the vocabulary's words alone it read "the | broken", then only "broken").
 *
 * Every word first: when at least `limit` articles hold every rarer word typed (one of each word's
 * corrections), those are the best suggestions and only they are read and ranked; otherwise the
 * articles holding any of them are. A title of two rare words matched by any reads about ten times
 * the articles that hold both, and ranking each costs more than finding it (bench/RESULTS.md,
 * knowledge round three). The matches are ranked by the stored vector alone (a title word weighs
 * more: weight A), and only the best SUGGEST_RERANKED again with the title's trigram likeness, which
 * pg_trgm computes row by row. A `reader` (not an editor) reads only their audience's articles: their
 * places are read once (`reader_places`), and both scans match against those columns;
 * with the places' subqueries written into each scan the planner planned them twice, 13 ms a request.
 */
export function suggestStatement(
  q: string,
  lookup: VocabularyLookup,
  scope: SQL,
  limit: number,
  reader?: { id: string; userType: number },
): SQL {
  const numbered = numberedWords(q);
  const anyNumbered = numbered.length ? numbered.join(' | ') : null;
  const everyNumbered = numbered.length ? numbered.join(' & ') : null;
  // `rare`: not on the english stop-list (plainto_tsquery drops those words, leaving no operand).
  const corrections = sql`with v as (
        select x.n, x.word, numnode(plainto_tsquery('english', x.word)) > 0 as rare from (${wordCorrections(lookup)}) x),
      every_word as (select '(' || string_agg(distinct v.word, ' | ') || ')' as alternatives from v where v.rare group by v.n)
    select to_tsquery('simple', coalesce(
             nullif(concat_ws(' | ', (select string_agg(distinct v.word, ' | ') from v where v.rare), ${anyNumbered}::text), ''),
             (select string_agg(distinct v.word, ' | ') from v))) as query,
           case when (select count(*) from every_word) + ${numbered.length}::int > 1
             then to_tsquery('simple', concat_ws(' & ', (select string_agg(every_word.alternatives, ' & ') from every_word), ${everyNumbered}::text)) end as every`;
  const visible = reader ? sql`${scope} and ${audienceOf(reader.userType, 'reader_places')}` : scope;
  const rank = sql<number>`ts_rank(${articles.words}, c.query)`;
  const candidates = (
    match: SQL,
    gate: SQL,
  ) => sql`select ${articles.id} as id, ${articles.title} as title, left(${articles.bodyText}, 200) as excerpt,
          ${articles.categoryId} as category_id, ${rank} as rank
        from c, ${reader ? sql`reader_places, ` : sql``}${articles}
       where ${gate} and ${match} and ${visible}
       order by ${rank} desc, ${articles.title}, ${articles.id}
       limit ${SUGGEST_RERANKED}`;
  return sql`with c as materialized (${corrections}),${reader ? sql` reader_places as materialized (select ${readerPlaceColumns(reader.id)}),` : sql``}
    best_every as materialized (${candidates(sql`${articles.words} @@ c.every`, sql`c.every is not null`)}),
    best_any as (${candidates(sql`${articles.words} @@ c.query`, sql`c.query is not null and (select count(*) from best_every) < ${limit}`)}),
    best as (select * from best_every where (select count(*) from best_every) >= ${limit} union all select * from best_any)
    select best.id, best.title, best.excerpt, ${articleCategories.id} as category_id, ${articleCategories.name} as category_name,
           (best.rank + word_similarity(${q}, best.title))::float8 as score
      from best left join ${articleCategories} on ${articleCategories.id} = best.category_id
     order by score desc, best.title, best.id
     limit ${limit}`;
}
