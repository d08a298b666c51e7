import { MAX_SEARCH_RESULTS, type SearchResult, type SearchResultType } from '@ops/contract/search/search.schemas';
import type { Db } from '../../platform/db';
import type { ListViewer } from '../../list-query/list-resource';
import { pageResults, type ScoredResult } from './search-pages';
import { searchPlans } from './search-kinds';
import { createSearchRepository } from './search.repository';

const TYPE_ORDER: SearchResultType[] = ['page', 'client', 'cost_centre', 'contact_person', 'ticket', 'article', 'user'];

/**
 * Search everything (spec platform §13.2): each kind the viewer may read, inside their
 * allocation scope (the list engine's row scopes), at most 20 best first. One
 * statement: the vocabulary lookup of the query's words (`search_similar`, once), then a UNION ALL
 * of each kind's best 20 rows among its capped candidates (at most 200 rows), ranked together
 * with the pages (kept in memory). The vocabulary's `%` reads pg_trgm.similarity_threshold
 * (PostgreSQL's default 0.3, untouched), so no transaction or SET is needed around it.
 */
export function createSearchService(db: Db) {
  const repository = createSearchRepository(db);
  return {
    async search(viewer: ListViewer, rawQuery: string): Promise<SearchResult[]> {
      const q = rawQuery.trim();
      if (!q) return [];
      const limit = MAX_SEARCH_RESULTS;
      const hits: ScoredResult[] = pageResults(viewer, q);

      const plans = searchPlans(viewer, q);
      for (const row of await repository.matches(q, plans, limit)) {
        const { kind, plan } = plans.find((p) => p.kind.type === row.kind)!;
        hits.push({ type: kind.type, id: row.id, ...plan.present(row), score: Number(row.score) });
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
