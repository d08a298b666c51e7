import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIntegrationsRepository } from './integrations.repository';
import { integrationsRoutes } from './integrations.routes';
import { createIntegrationsService } from './integrations.service';
import { employeesAtCostCentre, employeesResource } from './adp.resource';
import { registerMetricsSource } from '../metrics/metrics.plugin';
import { syncRunMetrics } from './sync-metrics';
import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@ops/contract/common/list-query';
import type { Paginated } from '@ops/contract/common/pagination';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payroll lookups other modules use (the records module lists a cost centre's employees). */
    payroll: { employeesOfCostCentre(request: FastifyRequest, query: ListQuery, code: string): Promise<Paginated<unknown>> };
  }
}

/** Read APIs of the synced areas (google-sync, dynamics, buylink, adp) and the connector run log. */
export const integrationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const service = createIntegrationsService({ db, repository: createIntegrationsRepository(db) });
    app.decorate('payroll', {
      employeesOfCostCentre: (request, query, code) =>
        service.list(request, employeesResource, query, service.employeesHydrator, employeesAtCostCentre(code)),
    });
    registerMetricsSource(app, () => syncRunMetrics(app.database));
    await app.register(integrationsRoutes, { service });
  },
  { name: 'integrations', dependencies: ['identity'] },
);
