import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import type { SearchPlan } from './search-kinds';
import { kindQuery, type Row } from './search-statement';
import { similarWords, vocabularyLookup } from './search-vocabulary';

/** Search everything's one statement: the vocabulary lookup of the query's words, then each kind's best `limit`. */
export function createSearchRepository(db: Db) {
  return {
    async matches(q: string, plans: SearchPlan[], limit: number): Promise<Row[]> {
      if (!plans.length) return [];
      const lookup = vocabularyLookup(q);
      const kinds = sql.join(
        plans.map(({ kind, plan }) => kindQuery(kind.type, q, plan, limit, lookup)),
        sql` union all `,
      );
      const ctes = [...(lookup.words.length ? [similarWords(lookup)] : []), ...plans.flatMap(({ plan }) => (plan.with ? [plan.with] : []))];
      return rowsOf<Row>(await db.execute(ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${kinds}` : kinds));
    },
  };
}
