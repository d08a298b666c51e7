import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allocationsEndpoints as ep } from '@ops/contract/identity/allocations.endpoints';
import { route } from '../../platform/route';
import { recordAuditEvent } from '../../platform/audit';
import type { Allocation } from '@ops/contract/identity/allocations.schemas';
import { publicUrlOf } from '../../platform/public-url';
import { listRequestOf } from '../../list-query/list-request';
import { createAllocationsService } from './allocations.service';

/** `identity/allocations/`: manual allocation management, derived allocations and the drift report (spec platform §13.3). */
export const allocationsPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createAllocationsService(app.database.db);
    route(app, ep.list, async ({ request, query }) => service.list(await listRequestOf(request, query)));
    // Allocation edits are permission changes in the audit trail (platform.md 14.6).
    const audit = (by: string, ip: string, change: 'allocated' | 'deallocated', allocation: Allocation) =>
      recordAuditEvent(app.database.db, {
        action: 'permission_change',
        userId: by,
        model: 'allocation',
        recordId: allocation.user.id,
        changes: { [change]: { id: allocation.id, legal_entity: allocation.legal_entity, client: allocation.client, cost_centre: allocation.cost_centre } },
        ip,
      });
    route(app, ep.create, async ({ body, user, request }) => {
      const created = await service.create(body, user.id);
      await audit(user.id, request.ip, 'allocated', created);
      return created;
    });
    route(app, ep.drift, ({ request, query }) =>
      service.drift(publicUrlOf(request.server, request.url), query.limit, query.offset),
    );
    route(app, ep.get, ({ params }) => service.get(params.id));
    route(app, ep.delete, async ({ params, user, request }) => {
      const allocation = await service.get(params.id);
      await service.remove(params.id, user.id);
      await audit(user.id, request.ip, 'deallocated', allocation);
    });
  },
  { name: 'allocations', dependencies: ['identity', 'records'] },
);
