import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { identityEndpoints } from '@ops/contract/identity/identity.endpoints';
import type { ALLOCATION_KINDS, ALLOCATION_SCOPES } from '@ops/contract/identity/identity.schemas';
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
/** An allocated record's reference: id and name, and its number, code or abbreviation. */
export interface AllocatedRecord {
  id: string;
  name: string;
  [field: string]: string | null;
}

export interface AllocatedRecords {
  list(kind: AllocationKind, scope: AllocationScope, userId: string, list: ListRequest): Promise<ListAnswer<AllocatedRecord>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    allocatedRecords: AllocatedRecords;
  }
}

/** GET /api/identity/allocation/{kind}/{scope}/: the caller's allocation. */
export const allocationPlugin = fp(
  async (app: FastifyInstance) => {
    const source = app.allocatedRecords;
    route(app, identityEndpoints.allocation, async ({ request, query, params, user }) =>
      source.list(params.kind, params.scope, user.id, await listRequestOf(request, query)),
    );
  },
  { name: 'identity-allocation', dependencies: ['identity', 'records'] },
);
