import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chartsEndpoints } from '@ops/contract/charts/charts.endpoints';
import { route } from '../../platform/route';
import { createChartsService } from './charts.service';
import { SERVER_ROOT } from '../../platform/paths';

/** Brand logos for QR overlays: CHART_LOGO_DIR, or the ones shipped with the server. */
export const DEFAULT_LOGO_DIR = path.join(SERVER_ROOT, 'assets/chart-logos');

export const chartsPlugin = fp(
  async (app: FastifyInstance) => {
    const charts = createChartsService({ logoDir: process.env.CHART_LOGO_DIR ? path.resolve(process.env.CHART_LOGO_DIR) : DEFAULT_LOGO_DIR });
    route(app, chartsEndpoints.generate, ({ query, reply }) =>
      reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400').send(charts.generate(query)),
    );
  },
  { name: 'charts', dependencies: ['identity'] },
);
