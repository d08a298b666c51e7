import type { Db } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import { searchStatement, type SearchPlan } from './search-kinds';
import type { Row } from './search-statement';

/** Search everything's one statement (`searchStatement`). */
export function createSearchRepository(db: Db) {
  return {
    async matches(q: string, plans: SearchPlan[], limit: number): Promise<Row[]> {
      if (!plans.length) return [];
      return rowsOf<Row>(await db.execute(searchStatement(q, plans, limit)));
    },
  };
}
