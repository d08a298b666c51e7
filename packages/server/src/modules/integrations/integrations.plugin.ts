import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIntegrationsRepository } from './integrations.repository';
import { integrationsRoutes } from './integrations.routes';
import { createIntegrationsService, type IntegrationsService } from './integrations.service';
import { registerMetricsSource } from '../metrics/index';
import { syncRunMetrics } from './sync-metrics';
import type { ListRequest } from '../../list-query/list-request';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payroll lookups other modules use (the records module lists a cost centre's employees). */
    payroll: { employeesOfCostCentre(list: ListRequest, code: string): ReturnType<IntegrationsService['employees']> };
  }
}

/** Read APIs of the synced areas (google-sync, dynamics, buylink, adp) and the connector run log. */
export const integrationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const service = createIntegrationsService({ db, repository: createIntegrationsRepository(db) });
    app.decorate('payroll', {
      employeesOfCostCentre: (list, code) => service.employees(list, code),
    });
    registerMetricsSource(app, () => syncRunMetrics(app.database));
    await app.register(integrationsRoutes, { service });
  },
  { name: 'integrations', dependencies: ['identity'] },
);
