import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reportQrEndpoints } from '@ops/contract/helpdesk/canned-replies';
import { route } from '../../platform/route';
import { notFound } from '../../platform/errors';
import { publicUrlOf } from '../../platform/public-url';
import { listViewer } from '../../list-query/list-viewer';
import type { ListViewer } from '../../list-query/list-resource';
import { costCentresResource } from '../records/index';
import { createSiteCheckReads } from '../sitechecks/index';
import { createSiteReportRepository } from './site-report.repository';

/** Side of the printed code in pixels: sharp on an A6 label at 300 dpi. */
export const REPORT_QR_SIZE = 600;

/** The web address a cost centre's code opens: the help drawer with that site set. */
export const reportPath = (costCentreId: string) => `/report?cost_centre=${encodeURIComponent(costCentreId)}`;

/**
 * Scan-to-report (spec platform §13.1): a PNG QR code per cost centre, drawn by the chart renderer's worker
 * pool (Operation and Site users get codes only for cost centres in their allocation), and the name
 * of the site a code names (with its site check runs due now, for those who do them), for the
 * report page of whoever scanned it.
 */
export const siteReportPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createSiteReportRepository(app.database.db);
    const siteChecks = createSiteCheckReads(app.database.db);
    const siteInScope = async (viewer: ListViewer, id: string) => Boolean(await repository.siteCode(id, costCentresResource.rowScope?.(viewer)));
    // Whoever scans a site's code may read that site's name (it is printed beside the code anyway),
    // without read access to cost centres: the rest of the record stays behind its permission.
    // With read on site check runs and the site in their allocation, the scanner also sees the
    // site's runs whose window is open now (spec platform §14.1); anyone else gets null.
    route(app, reportQrEndpoints.reportSite, async ({ request, auth, params }) => {
      const site = await repository.siteName(params.id);
      if (!site) throw notFound();
      const viewer = await listViewer(request);
      const runs = (await auth.hasPermission('sitecheckrun', 'read')) && (await siteInScope(viewer, site.id)) ? await siteChecks.openRunsAt(viewer, site.id, new Date()) : null;
      return { ...site, runs_due_now: runs };
    });
    route(app, reportQrEndpoints.costCentreQr, async ({ request, reply, params }) => {
      const scope = costCentresResource.rowScope?.(await listViewer(request));
      const site = await repository.siteCode(params.id, scope);
      if (!site) throw notFound();
      const png = await app.charts.generate({
        cht: 'qr',
        chs: `${REPORT_QR_SIZE}x${REPORT_QR_SIZE}`,
        chl: publicUrlOf(app, reportPath(site.id)),
        chld: 'M|2',
      });
      return reply
        .header('Content-Type', 'image/png')
        .header('Content-Disposition', `inline; filename="report-${site.code.replace(/[^A-Za-z0-9_-]/g, '_')}.png"`)
        .header('Cache-Control', 'private, max-age=3600')
        .send(png);
    });
  },
  { name: 'site-report', dependencies: ['charts', 'records'] },
);
