import { DateTime } from 'luxon';
import type { SiteCheckDay, SiteCheckOpenRun, SiteCheckRunStatus } from '@ops/contract/sitechecks/sitechecks';
import { APP_SETTING_DEFAULTS } from '@ops/contract/identity/identity.schemas';
import type { DbOrTx } from '../../platform/db';
import { viewerOf } from '../../list-query/scope-mask';
import type { ListViewer } from '../../list-query/list-resource';
import { siteCheckRuns } from '../../db/schema/sitechecks';
import { createSiteChecksRepository } from './sitechecks.repository';
import { costCentreScope } from './sitechecks.resource';

/** The app's time zone: schedules without one, users without an app setting. */
export const defaultTimeZone = () => process.env.DEFAULT_TIMEZONE || APP_SETTING_DEFAULTS.timezone;

/** At most this many open runs of one site are listed (a report page, not a list). */
export const OPEN_RUNS_LIMIT = 50;

/**
 * What other modules read of site checks (the face's port): a site's runs open now, for the QR
 * code's report page, and today's figures at the viewer's sites, for the home dashboard. Both are
 * limited to the cost centres in the viewer's allocation, as the run list is; the caller checks the
 * read permission on runs.
 */
export function createSiteCheckReads(db: DbOrTx) {
  const repository = createSiteChecksRepository(db);
  return {
    /** The runs of a cost centre whose window is open at `at`, closing soonest first (empty outside the viewer's scope): one statement. */
    async openRunsAt(viewer: ListViewer, costCentreId: string, at: Date): Promise<SiteCheckOpenRun[]> {
      const rows = await repository.openRunsAt(costCentreId, at, costCentreScope(siteCheckRuns.costCentreId, viewer), OPEN_RUNS_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        template: { id: r.templateId, name: r.templateName },
        status: r.status as SiteCheckRunStatus,
        due_at: r.dueAt.toISOString(),
        closes_at: r.closesAt.toISOString(),
      }));
    },

    /** Runs due on the day of `at` in `timeZone` at the viewer's sites, by outcome: one statement. */
    async day(viewer: ListViewer, timeZone: string, at: Date): Promise<SiteCheckDay> {
      let start = DateTime.fromJSDate(at, { zone: timeZone });
      if (!start.isValid) start = DateTime.fromJSDate(at, { zone: 'UTC' });
      start = start.startOf('day');
      const figures = await repository.dayFigures(start.toJSDate(), start.plus({ days: 1 }).toJSDate(), costCentreScope(siteCheckRuns.costCentreId, viewer));
      return { day: start.toISODate()!, ...figures };
    },

    /** Today's runs at the user's sites (the "Site checks" card), today in their app setting's zone (else the app's): two statements. */
    async today(user: { id: string; userType: number; isSuperuser: boolean }, at: Date): Promise<SiteCheckDay> {
      const zone = (await repository.userTimeZone(user.id)) ?? defaultTimeZone();
      return this.day(viewerOf(user), zone, at);
    },
  };
}

export type SiteCheckReads = ReturnType<typeof createSiteCheckReads>;
