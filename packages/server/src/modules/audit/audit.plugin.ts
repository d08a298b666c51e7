import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Cron } from 'croner';
import { auditEndpoints as ep } from '@ops/contract/audit/audit.endpoints';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import { cronSchedule } from '../integrations/index';
import { createAuditTrailService, retentionFrom } from './audit-trail.service';
import { personDataRoutes } from './person-data.routes';

/**
 * The audit trail (platform.md 14.6): `audit/` through the list engine, `audit/retention/`, and the
 * nightly purge (AUDIT_PURGE_CRON, default 03:17 every night; `off` disables it). Every instance may
 * tick: an advisory lock lets one of them purge.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const trail = createAuditTrailService({ db, transaction: (work) => db.transaction((tx) => work(tx)) });
    app.decorate('auditTrail', trail);

    route(app, ep.list, async ({ request, query }) => trail.list(await listRequestOf(request, query)));
    route(app, ep.getRetention, () => trail.retention());
    route(app, ep.putRetention, ({ request, body }) => trail.setRetention(retentionFrom(request.body, body)));
    personDataRoutes(app);

    const expression = process.env.AUDIT_PURGE_CRON ?? '17 3 * * *';
    let job: Cron | null = null;
    if (expression !== 'off') {
      app.addHook('onReady', async () => {
        job = cronSchedule(expression, async () => {
          try {
            const removed = await trail.purge();
            const total = [...removed.values()].reduce((sum, n) => sum + n, 0);
            if (total) app.log.info(`audit purge: ${total} entries removed`);
          } catch (error) {
            app.log.warn({ err: error }, 'audit purge failed');
          }
        });
        job.resume();
      });
      app.addHook('onClose', async () => job?.stop());
    }
  },
  { name: 'audit', dependencies: ['identity'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    auditTrail: ReturnType<typeof createAuditTrailService>;
  }
}
