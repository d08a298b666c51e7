import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIntegrationsRepository } from './integrations.repository';
import { integrationsRoutes } from './integrations.routes';
import { createIntegrationsService } from './integrations.service';

/** Read APIs of the synced areas (google-sync, dynamics, buylink, adp) and the connector run log. */
export const integrationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const service = createIntegrationsService({ db, repository: createIntegrationsRepository(db) });
    await app.register(integrationsRoutes, { service });
  },
  { name: 'integrations', dependencies: ['identity'] },
);
