import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { costCentres } from '../records/index';

/** The two reads of a site's report page and its QR code. */
export function createSiteReportRepository(db: DbOrTx) {
  return {
    /** A site's id and name, for whoever scanned its code (no scope: the name is printed beside the code). */
    async siteName(id: string): Promise<{ id: string; name: string } | undefined> {
      const [site] = await db.select({ id: costCentres.id, name: costCentres.name }).from(costCentres).where(eq(costCentres.id, id)).limit(1);
      return site;
    },

    /** A site's id and code if `scope` (the caller's allocation) lets it through. */
    async siteCode(id: string, scope: SQL | undefined): Promise<{ id: string; code: string } | undefined> {
      const [site] = await db
        .select({ id: costCentres.id, code: costCentres.code })
        .from(costCentres)
        .where(and(eq(costCentres.id, id), scope))
        .limit(1);
      return site;
    },
  };
}
