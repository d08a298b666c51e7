import { sql, type SQL } from 'drizzle-orm';
import { articleCategories, articles } from '../../db/schema/knowledge';
import { SEARCH_CORRECTIONS, searchWords, type VocabularyLookup } from '../search/index';

/** How many of the best matches by their words are ranked again with the title's likeness. */
const SUGGEST_RERANKED = 20;

/**
 * The suggest statement (see `suggest`), also for bench/knowledge.ts's EXPLAIN. Each typed word's
 * corrections are a subquery of their own with the word bound as a value, so the planner reads the
 * vocabulary through its trigram index (`%`) and its primary key (the swaps): the same lookup over
 * `unnest(...)` columns was planned blind, a sequential scan for `%` and the trigram index for `=`
 * (600 ms of a 910 ms statement at 17,600 words, bench/RESULTS.md). The swaps are looked up one by
 * one by primary key: given `word = any(array)`, the planner still chose the trigram index (250 ms). The matches are ranked by the
 * stored vector alone (a title word weighs more: weight A), and only the best SUGGEST_RERANKED again
 * with the title's trigram likeness, which pg_trgm computes row by row.
 */
export function suggestStatement(q: string, lookup: VocabularyLookup, scope: SQL, limit: number): SQL {
  const perWord = lookup.words.map((typed, index) => {
    const swaps = lookup.swaps[index] ?? [];
    const similar = sql`(select s.word from ${searchWords} s where s.word % ${typed} order by similarity(s.word, ${typed}) desc, s.word limit ${SEARCH_CORRECTIONS})`;
    return swaps.length ? sql`${similar} union (select x.word from unnest(${`{${swaps.join(',')}}`}::text[]) x(word) where exists (select 1 from ${searchWords} s where s.word = x.word))` : similar;
  });
  const corrections = sql`select to_tsquery('simple', string_agg(distinct v.word, ' | ')) as query from (${sql.join(perWord, sql` union `)}) v`;
  const rank = sql<number>`ts_rank(${articles.words}, c.query)`;
  return sql`with c as materialized (${corrections}),
    best as (
      select ${articles.id} as id, ${articles.title} as title, left(${articles.bodyText}, 200) as excerpt, ${articles.categoryId} as category_id, ${rank} as rank
        from c, ${articles}
       where c.query is not null and ${articles.words} @@ c.query and ${scope}
       order by ${rank} desc, ${articles.title}, ${articles.id}
       limit ${SUGGEST_RERANKED})
    select best.id, best.title, best.excerpt, ${articleCategories.id} as category_id, ${articleCategories.name} as category_name,
           (best.rank + word_similarity(${q}, best.title))::float8 as score
      from best left join ${articleCategories} on ${articleCategories.id} = best.category_id
     order by score desc, best.title, best.id
     limit ${limit}`;
}
