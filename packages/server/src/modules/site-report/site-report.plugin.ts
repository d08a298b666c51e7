import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reportQrEndpoints } from '@ops/contract/helpdesk/canned-replies';
import { route } from '../../platform/route';
import { notFound } from '../../platform/errors';
import { publicUrlOf } from '../../platform/public-url';
import { listViewer } from '../../list-query/list-viewer';
import { costCentresResource } from '../records/index';
import { createSiteReportRepository } from './site-report.repository';

/** Side of the printed code in pixels: sharp on an A6 label at 300 dpi. */
export const REPORT_QR_SIZE = 600;

/** The web address a cost centre's code opens: the help drawer with that site set. */
export const reportPath = (costCentreId: string) => `/report?cost_centre=${encodeURIComponent(costCentreId)}`;

/**
 * Scan-to-report (spec platform §13.1): a PNG QR code per cost centre, drawn by the chart renderer's worker
 * pool (Operation and Site users get codes only for cost centres in their allocation), and the name
 * of the site a code names, for the report page of whoever scanned it.
 */
export const siteReportPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createSiteReportRepository(app.database.db);
    // Whoever scans a site's code may read that site's name (it is printed beside the code anyway),
    // without read access to cost centres: the rest of the record stays behind its permission.
    route(app, reportQrEndpoints.reportSite, async ({ params }) => {
      const site = await repository.siteName(params.id);
      if (!site) throw notFound();
      return site;
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
