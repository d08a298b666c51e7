import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { identityEndpoints } from '@ops/contract/identity/identity.endpoints';
import type { z } from 'zod';
import type {
  ALLOCATION_KINDS,
  ALLOCATION_SCOPES,
  clientAllocationSchema,
  costCentreAllocationSchema,
  legalEntityAllocationSchema,
} from '@ops/contract/identity/identity.schemas';
import { route } from '../../platform/route';
import type { ListAnswer } from '../../list-query/list-endpoint';
import { listRequestOf, type ListRequest } from '../../list-query/list-request';

export type AllocationKind = (typeof ALLOCATION_KINDS)[number];
export type AllocationScope = (typeof ALLOCATION_SCOPES)[number];

/**
 * The records a user is allocated to. Identity answers the allocation
 * endpoint; the module that owns the records (records) provides them through
 * this narrow interface, so identity reads none of its tables.
 */
/** An allocated record's reference of each kind: id and name, and its number, code or abbreviation. */
export interface AllocatedRecordOf {
  client: z.infer<typeof clientAllocationSchema>;
  'cost-centre': z.infer<typeof costCentreAllocationSchema>;
  'legal-entity': z.infer<typeof legalEntityAllocationSchema>;
}

export interface AllocatedRecords {
  list<Kind extends AllocationKind>(
    kind: Kind,
    scope: AllocationScope,
    userId: string,
    list: ListRequest,
  ): Promise<ListAnswer<AllocatedRecordOf[Kind]>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    allocatedRecords: AllocatedRecords;
  }
}

/** GET /api/identity/allocation/{kind}/{scope}/: the caller's allocation, one route per kind. */
export const allocationPlugin = fp(
  async (app: FastifyInstance) => {
    const source = app.allocatedRecords;
    route(app, identityEndpoints.allocatedClients, async ({ request, query, params, user }) =>
      source.list('client', params.scope, user.id, await listRequestOf(request, query)),
    );
    route(app, identityEndpoints.allocatedCostCentres, async ({ request, query, params, user }) =>
      source.list('cost-centre', params.scope, user.id, await listRequestOf(request, query)),
    );
    route(app, identityEndpoints.allocatedLegalEntities, async ({ request, query, params, user }) =>
      source.list('legal-entity', params.scope, user.id, await listRequestOf(request, query)),
    );
  },
  { name: 'identity-allocation', dependencies: ['identity', 'records'] },
);
