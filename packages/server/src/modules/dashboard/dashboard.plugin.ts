import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dashboardEndpoints as ep } from '@ops/contract/dashboard/dashboard.endpoints';
import { route } from '../../platform/route';
import { createDashboardService } from './dashboard.service';

/** GET /api/helpdesk/dashboard/: Home's figures in one request. */
export const dashboardPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createDashboardService(app.database.db);
    route(app, ep.get, ({ user, auth }) => service.get({ user, can: (model) => auth.hasPermission(model, 'read') }));
  },
  { name: 'dashboard', dependencies: ['identity', 'records', 'helpdesk'] },
);
