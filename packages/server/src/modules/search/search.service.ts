import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MAX_SEARCH_RESULTS, type SearchResult, type SearchResultType } from '@ops/contract/search/search.schemas';
import { SEARCH_PAGES } from '@ops/contract/search/search.pages';
import { users } from '../identity/index';
import { clients, contactPersons, costCentres } from '../records/index';
import { tickets } from '../helpdesk/index';
import { WORD_SIMILARITY_THRESHOLD, type Db } from '../../platform/db';
import type { ListViewer } from '../../list-query/list-resource';
import { clientsResource, contactPersonsResource, costCentresResource } from '../records/index';
import { ticketScopeCondition } from '../helpdesk/index';
import { rowsOf } from '../../list-query/list-page';

/** pg_trgm's word similarity threshold of every connection (`<%`), which the page list uses too. */
export { WORD_SIMILARITY_THRESHOLD };

interface Hit extends SearchResult {
  score: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many rows of each kind are ranked at most: the substring matches and the fuzzy matches, each capped. */
export const SEARCH_CANDIDATES = 100;

/** How many vocabulary words a query word is corrected to at most (the most similar first). */
export const SEARCH_CORRECTIONS = 5;

interface Candidates {
  table: PgTable;
  id: PgColumn;
  /** The columns the score, order and texts read (the id among them). */
  read: PgColumn[];
  /**
   * The record's name (or title), found by its words: `to_tsvector('simple', words)` has a GIN
   * index (migrations 0016, 0017) and its words are in the vocabulary `search_word`.
   */
  words: PgColumn | SQL;
  /** Scored as substrings of the query (the name and codes). */
  contains: (PgColumn | SQL)[];
  /** Codes (account number, ABN, code, e-mail) matched as substrings through their trigram indexes. */
  codes?: PgColumn[];
  /** Extra matches (a ticket's number). */
  also?: SQL;
  /** The viewer's row scope. */
  scope?: SQL;
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
    wordsContain(q, c.words, lookup.prefix),
    ...(c.codes ?? []).map((column) => sql`${column} ilike ${pattern}`),
    c.also,
  ].filter((condition): condition is SQL => !!condition);
  const read = sql.join(c.read, sql`, `);
  const parts: SQL[] = [];
  if (matches.length)
    parts.push(sql`(select ${read} from ${c.table} where ${scope(sql.join(matches, sql` or `))} limit ${SEARCH_CANDIDATES})`);
  if (lookup.words.length)
    parts.push(
      sql`(select ${read} from ${c.table} where ${scope(sql`to_tsvector('simple', ${c.words}) @@ (select query from search_similar)`)} limit ${SEARCH_CANDIDATES})`,
    );
  if (!parts.length) parts.push(sql`(select ${read} from ${c.table} where false)`);
  return sql`(${sql.join(parts, sql` union `)}) as ${c.table}`;
}

/** What the statement looks up in the vocabulary for a query (`vocabularyLookup`). */
interface VocabularyLookup {
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
 * The statement's one vocabulary lookup, `search_similar(prefix, query)`. `prefix`: the vocabulary
 * words the last word of a query of several may start (up to SEARCH_PREFIX_WORDS, else null).
 * `query`: a tsquery holding, for each word
 * of the query, any of the SEARCH_CORRECTIONS vocabulary words most like it (trigram similarity,
 * pg_trgm.similarity_threshold: "cateirng" -> catering, "hospitl" -> hospital; a word spelt right
 * is its own best correction) and any vocabulary word it is with two neighbouring letters swapped
 * (`swapsOf`: "smtih" -> smith). Every word must have a correction: when one has none ("banksia" where
 * no name holds it) the query is null and matches nothing, rather than finding whatever holds the
 * other words (docs/decisions.md). Vocabulary words are letters only, so they are safe in
 * to_tsquery. Materialised: computed once for every kind.
 */
function similarWords({ words, swaps, prefix }: VocabularyLookup): SQL {
  const expansion = prefix
    ? sql`select case when count(*) <= ${SEARCH_PREFIX_WORDS} then to_tsquery('simple', string_agg(e.word, ' | ')) end as prefix
          from (select s.word from search_word s where s.word like ${`${prefix}%`} limit ${SEARCH_PREFIX_WORDS + 1}) e`
    : sql`select null::tsquery as prefix`;
  return sql`search_similar as materialized (
    select (${expansion}) as prefix, (select case when count(*) = ${words.length} then to_tsquery('simple', string_agg(x.alternatives, ' & ')) end as query from (
      select '(' || string_agg(v.word, ' | ') || ')' as alternatives
        from unnest(string_to_array(${words.join(' ')}, ' '), string_to_array(${swaps.map((list) => list.join(' ')).join(',')}, ',')) with ordinality as w(typed, swaps, n)
        cross join lateral (
          (select s.word from search_word s where s.word % w.typed
            order by similarity(s.word, w.typed) desc, s.word limit ${SEARCH_CORRECTIONS})
          union
          select s.word from search_word s where s.word = any(string_to_array(w.swaps, ' '))
        ) v
       group by w.n
    ) x) as query
  )`;
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
function wordsContain(q: string, column: PgColumn | SQL, expanded: string | undefined): SQL | undefined {
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
  const vector = sql`to_tsvector('simple', ${column})`;
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

const TYPE_ORDER: SearchResultType[] = ['page', 'client', 'cost_centre', 'contact_person', 'ticket', 'user'];

/** Trigrams of a word as pg_trgm takes them (lower case, padded), for the page list kept in memory. */
function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** pg_trgm's word similarity in spirit: the share of the query's trigrams found in the text. */
function pageScore(q: string, text: string): number {
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  if (lower === needle) return 3;
  if (lower.startsWith(needle)) return 2;
  if (lower.includes(needle)) return 1.5;
  const query = trigrams(q);
  if (!query.size) return 0;
  const have = trigrams(text);
  let common = 0;
  for (const t of query) if (have.has(t)) common++;
  const similarity = common / query.size;
  return similarity >= WORD_SIMILARITY_THRESHOLD + 0.2 ? similarity : 0;
}

/** One row of the search statement: the kind, the record's id, up to three texts to present it, and its score. */
interface Row {
  kind: string;
  id: string;
  a: string | null;
  b: string | null;
  c: string | null;
  score: number;
}

/**
 * One kind of record the search finds: whether the viewer reads it, where its candidates come
 * from, how it is scored and ordered, the (up to three) texts it is presented with, and how a row
 * becomes a result. The table below is the whole of the search's knowledge of each kind.
 */
interface SearchKind {
  type: Exclude<SearchResultType, 'page'>;
  /** The kind's candidates, score and order for this viewer and query, or none when they may not read it. */
  plan(viewer: ListViewer, q: string): KindPlan | undefined;
}

/** Where the kind's candidates come from (its table, matched columns, scope), and how they rank and show. */
interface KindPlan extends Candidates {
  /** Added to the score (a ticket whose number is the query). */
  bonus?: SQL;
  /** Ties after the score. */
  order: (PgColumn | SQL)[];
  /** The texts a result is presented with. */
  texts: [PgColumn | SQL, (PgColumn | SQL)?, (PgColumn | SQL)?];
  present(row: Row): Omit<SearchResult, 'type' | 'id'>;
}

const humanise = (code: string | null) => (code ? code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ') : '');

const SEARCH_KINDS: SearchKind[] = [
  {
    type: 'client',
    plan: (viewer) => {
      if (!viewer.canRead('client')) return undefined;
      return {
        table: clients,
        id: clients.id,
        read: [clients.id, clients.name, clients.accountNumber, clients.abn],
        words: clients.name,
        contains: [clients.name, clients.accountNumber, clients.abn],
        codes: [clients.accountNumber, clients.abn],
        scope: clientsResource.rowScope?.(viewer),
        order: [clients.name, clients.id],
        texts: [clients.name, clients.accountNumber],
        present: (r) => ({ title: r.a ?? '', subtitle: r.b ? `Client · ${r.b}` : 'Client', url: `/clients/${r.id}` }),
      };
    },
  },
  {
    type: 'cost_centre',
    plan: (viewer) => {
      if (!viewer.canRead('costcentre')) return undefined;
      return {
        table: costCentres,
        id: costCentres.id,
        read: [costCentres.id, costCentres.name, costCentres.code],
        words: costCentres.name,
        contains: [costCentres.name, costCentres.code],
        codes: [costCentres.code],
        scope: costCentresResource.rowScope?.(viewer),
        order: [costCentres.name, costCentres.id],
        texts: [costCentres.name, costCentres.code],
        present: (r) => ({ title: r.a ?? '', subtitle: `Cost centre · ${r.b}`, url: `/cost-center/${r.id}` }),
      };
    },
  },
  {
    type: 'contact_person',
    plan: (viewer) => {
      if (!viewer.canRead('contactperson')) return undefined;
      return {
        table: contactPersons,
        id: contactPersons.id,
        read: [contactPersons.id, contactPersons.fullName, contactPersons.position, contactPersons.companyId],
        words: contactPersons.fullName,
        contains: [contactPersons.fullName],
        scope: contactPersonsResource.rowScope?.(viewer),
        order: [contactPersons.fullName, contactPersons.id],
        // The company's name by its key (one row per person found, at most 20).
        texts: [
          contactPersons.fullName,
          contactPersons.position,
          sql`(select ${clients.name} from ${clients} where ${clients.id} = ${contactPersons.companyId})`,
        ],
        present: (r) => ({
          title: r.a ?? '',
          subtitle: ['Contact person', r.b, r.c].filter(Boolean).join(' · '),
          url: `/contact-person/${r.id}`,
        }),
      };
    },
  },
  {
    // Staff with the ticket permission search every ticket; everyone else their own requests.
    type: 'ticket',
    plan: (viewer, q) => {
      const userId = viewer.user?.id;
      if (!userId) return undefined;
      const all = viewer.canRead('ticket');
      const number = /^#?(\d{1,9})$/.exec(q)?.[1];
      const isNumber = number ? sql`${tickets.number} = ${Number(number)}` : undefined;
      return {
        table: tickets,
        id: tickets.id,
        read: [tickets.id, tickets.number, tickets.title, tickets.ticketStatus, tickets.priority, tickets.createdAt],
        words: tickets.title,
        contains: [tickets.title],
        also: isNumber,
        // Operation and Site users' staff search is bound to their allocation like their ticket list.
        scope: all ? ticketScopeCondition(viewer.user) : sql`${tickets.requesterId} = ${userId}`,
        bonus: isNumber ? sql`case when ${isNumber} then 4 else 0 end` : undefined,
        order: [sql`${tickets.createdAt} desc`, tickets.id],
        texts: [sql`'#' || ${tickets.number} || ' ' || ${tickets.title}`, tickets.ticketStatus, tickets.priority],
        present: (r) => ({
          title: r.a ?? '',
          subtitle: `Ticket · ${humanise(r.b)} · ${humanise(r.c)}`,
          url: all ? `/all-tickets/${r.id}` : `/tickets/${r.id}`,
        }),
      };
    },
  },
  {
    type: 'user',
    plan: (viewer) => {
      if (!viewer.canRead('user')) return undefined;
      const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
      return {
        table: users,
        id: users.id,
        read: [users.id, users.firstName, users.lastName, users.email],
        words: fullName,
        contains: [fullName, users.email],
        codes: [users.email],
        scope: sql`${users.isActive}`,
        order: [users.firstName, users.lastName, users.id],
        texts: [sql`trim(${users.firstName} || ' ' || ${users.lastName})`, users.email],
        present: (r) => ({ title: r.a || r.b || '', subtitle: `Staff · ${r.b}`, url: `mailto:${r.b}` }),
      };
    },
  },
];

/** One kind's best MAX_SEARCH_RESULTS rows among its candidates, as a parenthesised member of the UNION ALL. */
function kindQuery(type: string, q: string, plan: KindPlan, limit: number, lookup: VocabularyLookup): SQL {
  const base = scoreOf(q, plan.contains);
  const score = plan.bonus ? sql`(${plan.bonus} + ${base})::float8` : base;
  const [a, b, c] = plan.texts;
  const text = (expression: PgColumn | SQL | undefined) => (expression ? sql`(${expression})::text` : sql`null::text`);
  return sql`(select ${type}::text as kind, ${plan.id}::text as id, ${text(a)} as a, ${text(b)} as b, ${text(c)} as c, ${score} as score from ${candidates(q, plan, lookup)} order by ${score} desc, ${sql.join(plan.order, sql`, `)} limit ${limit})`;
}

/**
 * Search everything (spec platform §13.2): each kind the viewer may read, inside their
 * allocation scope (the list engine's row scopes), at most 20 best first. One
 * statement: the vocabulary lookup of the query's words (`search_similar`, once), then a UNION ALL
 * of each kind's best 20 rows among its capped candidates (at most 200 rows), ranked together
 * with the pages (kept in memory). The vocabulary's `%` reads pg_trgm.similarity_threshold
 * (PostgreSQL's default 0.3, untouched), so no transaction or SET is needed around it.
 */
export function createSearchService(db: Db) {
  return {
    async search(viewer: ListViewer, rawQuery: string): Promise<SearchResult[]> {
      const q = rawQuery.trim();
      if (!q) return [];
      const limit = MAX_SEARCH_RESULTS;
      const hits: Hit[] = [];

      for (const page of SEARCH_PAGES) {
        if (page.permission && !viewer.canRead(page.permission)) continue;
        const score = Math.max(pageScore(q, page.title), pageScore(q, page.keywords ?? '') * 0.8);
        if (score > 0)
          hits.push({
            type: 'page',
            id: page.url,
            title: page.title,
            subtitle: page.section,
            url: page.url,
            score: score + 0.25,
          });
      }

      const plans = SEARCH_KINDS.flatMap((kind) => {
        const plan = kind.plan(viewer, q);
        return plan ? [{ kind, plan }] : [];
      });
      if (plans.length) {
        const lookup = vocabularyLookup(q);
        const kinds = sql.join(
          plans.map(({ kind, plan }) => kindQuery(kind.type, q, plan, limit, lookup)),
          sql` union all `,
        );
        const statement = lookup.words.length ? sql`with ${similarWords(lookup)} ${kinds}` : kinds;
        const rows = rowsOf<Row>(await db.execute(statement));
        for (const row of rows) {
          const { kind, plan } = plans.find((p) => p.kind.type === row.kind)!;
          hits.push({ type: kind.type, id: row.id, ...plan.present(row), score: Number(row.score) });
        }
      }

      return hits
        .sort(
          (a, b) =>
            b.score - a.score || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.title.localeCompare(b.title),
        )
        .slice(0, limit)
        .map(({ score: _score, ...result }) => result);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
