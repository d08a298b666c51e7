import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MAX_SEARCH_RESULTS, type SearchResult, type SearchResultType } from '@ops/contract/search/search.schemas';
import { SEARCH_PAGES } from '@ops/contract/search/search.pages';
import { users } from '../../db/schema/identity';
import { clients, contactPersons, costCentres } from '../../db/schema/records';
import { tickets } from '../../db/schema/helpdesk';
import type { Db } from '../../platform/db';
import type { ListViewer } from '../../list-query/list-resource';
import { clientsResource, contactPersonsResource, costCentresResource } from '../records/records.resource';
import { ticketScopeCondition } from '../helpdesk/ticket-sites';

/**
 * How alike a query and a word of a text must be (pg_trgm's word similarity,
 * 0..1) for a match beside plain substring matches: low enough that two
 * swapped letters still find the word ("cateirng" finds "Catering").
 */
export const WORD_SIMILARITY_THRESHOLD = 0.3;

interface Hit extends SearchResult {
  score: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many rows of each kind are ranked at most: the substring matches and the fuzzy matches, each capped. */
export const SEARCH_CANDIDATES = 100;

interface Candidates {
  table: PgTable;
  id: PgColumn;
  /** Matched by word similarity too (typos): the record's name. */
  fuzzy: PgColumn | SQL;
  /** Matched as substrings (names, codes, numbers, e-mails). */
  contains: (PgColumn | SQL)[];
  /** Extra matches (a ticket's number). */
  also?: SQL;
  /** The viewer's row scope. */
  scope?: SQL;
}

/**
 * `id in (...)` of the rows to rank: up to SEARCH_CANDIDATES rows containing the text and up to
 * as many with a word like it (`<%`, word similarity). Both are answered by GIN trigram indexes,
 * and the caps bound the similarity work, which pg_trgm does row by row, whatever the table size
 * or however common the words are (ranking every "hospital" of a million clients would not).
 */
function candidates(q: string, c: Candidates): SQL {
  const pattern = `%${escapeLike(q)}%`;
  const contains = sql.join(
    c.contains.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  );
  const scope = (condition: SQL) => (c.scope ? sql`(${condition}) and (${c.scope})` : condition);
  const substring = c.also ? sql`${contains} or ${c.also}` : contains;
  return sql`${c.id} in ((select ${c.id} from ${c.table} where ${scope(substring)} limit ${SEARCH_CANDIDATES}) union (select ${c.id} from ${c.table} where ${scope(sql`${q} <% ${c.fuzzy}`)} limit ${SEARCH_CANDIDATES}))`;
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

/**
 * Search everything (DESIGN 13.2): each kind the viewer may read, inside their
 * allocation scope (the list engine's row scopes), at most 20 best first. One
 * transaction of at most six statements: the word similarity threshold is set
 * for it alone, then one statement per kind.
 */
export function createSearchService(db: Db) {
  return {
    async search(viewer: ListViewer, rawQuery: string): Promise<SearchResult[]> {
      const q = rawQuery.trim();
      if (!q) return [];
      const limit = MAX_SEARCH_RESULTS;
      const userId = viewer.user?.id;
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

      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);

        if (viewer.canRead('client')) {
          const columns = [clients.name, clients.accountNumber, clients.abn];
          const score = scoreOf(q, columns);
          const rows = await tx
            .select({ id: clients.id, name: clients.name, accountNumber: clients.accountNumber, score })
            .from(clients)
            .where(
              candidates(q, {
                table: clients,
                id: clients.id,
                fuzzy: clients.name,
                contains: columns,
                scope: clientsResource.rowScope?.(viewer),
              }),
            )
            .orderBy(sql`${score} desc`, clients.name, clients.id)
            .limit(limit);
          for (const r of rows)
            hits.push({
              type: 'client',
              id: r.id,
              title: r.name,
              subtitle: r.accountNumber ? `Client · ${r.accountNumber}` : 'Client',
              url: `/clients/${r.id}`,
              score: Number(r.score),
            });
        }

        if (viewer.canRead('costcentre')) {
          const columns = [costCentres.name, costCentres.code];
          const score = scoreOf(q, columns);
          const rows = await tx
            .select({ id: costCentres.id, name: costCentres.name, code: costCentres.code, score })
            .from(costCentres)
            .where(
              candidates(q, {
                table: costCentres,
                id: costCentres.id,
                fuzzy: costCentres.name,
                contains: columns,
                scope: costCentresResource.rowScope?.(viewer),
              }),
            )
            .orderBy(sql`${score} desc`, costCentres.name, costCentres.id)
            .limit(limit);
          for (const r of rows)
            hits.push({
              type: 'cost_centre',
              id: r.id,
              title: r.name,
              subtitle: `Cost centre · ${r.code}`,
              url: `/cost-center/${r.id}`,
              score: Number(r.score),
            });
        }

        if (viewer.canRead('contactperson')) {
          const columns = [contactPersons.fullName];
          const score = scoreOf(q, columns);
          const rows = await tx
            .select({
              id: contactPersons.id,
              name: contactPersons.fullName,
              position: contactPersons.position,
              company: clients.name,
              score,
            })
            .from(contactPersons)
            .innerJoin(clients, sql`${clients.id} = ${contactPersons.companyId}`)
            .where(
              candidates(q, {
                table: contactPersons,
                id: contactPersons.id,
                fuzzy: contactPersons.fullName,
                contains: columns,
                scope: contactPersonsResource.rowScope?.(viewer),
              }),
            )
            .orderBy(sql`${score} desc`, contactPersons.fullName, contactPersons.id)
            .limit(limit);
          for (const r of rows)
            hits.push({
              type: 'contact_person',
              id: r.id,
              title: r.name,
              subtitle: ['Contact person', r.position, r.company].filter(Boolean).join(' · '),
              url: `/contact-person/${r.id}`,
              score: Number(r.score),
            });
        }

        // Staff with the ticket permission search every ticket; everyone else their own requests.
        if (userId) {
          const all = viewer.canRead('ticket');
          const number = /^#?(\d{1,9})$/.exec(q)?.[1];
          const columns = [tickets.title];
          const condition = candidates(q, {
            table: tickets,
            id: tickets.id,
            fuzzy: tickets.title,
            contains: columns,
            also: number ? sql`${tickets.number} = ${Number(number)}` : undefined,
            // Operation and Site users' staff search is bound to their allocation like their ticket list.
            scope: all ? ticketScopeCondition(viewer.user) : sql`${tickets.requesterId} = ${userId}`,
          });
          const score = number
            ? sql<number>`(case when ${tickets.number} = ${Number(number)} then 4 else 0 end + ${scoreOf(q, columns)})::float8`
            : scoreOf(q, columns);
          const rows = await tx
            .select({
              id: tickets.id,
              number: tickets.number,
              title: tickets.title,
              status: tickets.ticketStatus,
              priority: tickets.priority,
              score,
            })
            .from(tickets)
            .where(condition)
            .orderBy(sql`${score} desc`, sql`${tickets.createdAt} desc`, tickets.id)
            .limit(limit);
          for (const r of rows)
            hits.push({
              type: 'ticket',
              id: r.id,
              title: `#${r.number} ${r.title}`,
              subtitle: `Ticket · ${humanise(r.status)} · ${humanise(r.priority)}`,
              url: all ? `/all-tickets/${r.id}` : `/tickets/${r.id}`,
              score: Number(r.score),
            });
        }

        if (viewer.canRead('user')) {
          const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
          const columns = [fullName, users.email];
          const score = scoreOf(q, columns);
          const rows = await tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, score })
            .from(users)
            .where(
              candidates(q, { table: users, id: users.id, fuzzy: fullName, contains: columns, scope: sql`${users.isActive}` }),
            )
            .orderBy(sql`${score} desc`, users.firstName, users.lastName, users.id)
            .limit(limit);
          for (const r of rows)
            hits.push({
              type: 'user',
              id: r.id,
              title: `${r.firstName} ${r.lastName}`.trim() || r.email,
              subtitle: `Staff · ${r.email}`,
              url: `mailto:${r.email}`,
              score: Number(r.score),
            });
        }
      });

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

const humanise = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ');

export type SearchService = ReturnType<typeof createSearchService>;
