import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allocationsEndpoints as ep } from '@ops/contract/identity/allocations.endpoints';
import { route } from '../../platform/route';
import { publicUrlOf } from '../../platform/public-url';
import { listRequestOf } from '../../list-query/list-request';
import { createAllocationsService } from './allocations.service';

/** `identity/allocations/`: manual allocation management, derived allocations and the drift report (spec platform §13.3). */
export const allocationsPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createAllocationsService(app.database.db);
    route(app, ep.list, async ({ request, query }) => service.list(await listRequestOf(request, query)));
    route(app, ep.create, ({ body, user }) => service.create(body, user.id));
    route(app, ep.drift, ({ request, query }) =>
      service.drift(publicUrlOf(request.server, request.url), query.limit, query.offset),
    );
    route(app, ep.get, ({ params }) => service.get(params.id));
    route(app, ep.delete, ({ params, user }) => service.remove(params.id, user.id));
  },
  { name: 'allocations', dependencies: ['identity', 'records'] },
);
