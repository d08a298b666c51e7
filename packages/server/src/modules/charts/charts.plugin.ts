import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chartsEndpoints } from '@ops/contract/charts/charts.endpoints';
import { route } from '../../platform/route';
import { createAddressLimiter } from '../../platform/address-limiter';
import { createChartsService, type ChartsService } from './charts.service';

declare module 'fastify' {
  interface FastifyInstance {
    charts: ChartsService;
  }
}
import { SERVER_ROOT } from '../../platform/paths';

/** Brand logos for QR overlays: CHART_LOGO_DIR, or the ones shipped with the server. */
export const DEFAULT_LOGO_DIR = path.join(SERVER_ROOT, 'assets/chart-logos');

export const chartsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const charts = createChartsService({
      logoDir: process.env.CHART_LOGO_DIR ? path.resolve(process.env.CHART_LOGO_DIR) : DEFAULT_LOGO_DIR,
      workers: config.chartWorkers,
      queue: config.chartQueue,
      cacheBytes: config.chartCacheBytes,
    });
    // The chart call takes no token (spec): callers without one are limited per address.
    const anonymous = createAddressLimiter({
      max: config.chartAnonymousLimit,
      windowMs: config.chartAnonymousWindowSeconds * 1000,
      name: 'charts-anonymous',
      counter: app.rateCounter,
    });
    // Other modules draw QR codes in the same worker pool (scan-to-report).
    app.decorate('charts', charts);
    app.addHook('onClose', async () => {
      anonymous.close();
      await charts.close();
    });
    route(app, chartsEndpoints.generate, async ({ request, reply, auth, query }) => {
      if (!auth) await anonymous.hit(request.ip);
      const png = await charts.generate(query);
      return reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400').send(png);
    });
  },
  { name: 'charts', dependencies: ['identity'] },
);
