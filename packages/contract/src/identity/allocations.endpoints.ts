import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { uuid } from '../common/fields';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { allocationDriftSchema, allocationInputSchema, allocationSchema } from './allocations.schemas';

const tags = ['identity'];
const PATH = '/api/identity/allocations/';
const idOnly = z.object({ id: uuid() });

export const allocationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: PATH,
    summary: 'Allocations of users to legal entities, clients and cost centres (manual and derived by the syncs)',
    tags,
    access: { kind: 'permission', model: 'allocation', action: 'read' },
    query: listQuerySchema,
    responses: { 200: paginated(allocationSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: PATH,
    summary: 'Allocate a user to exactly one legal entity, client or cost centre (source MANUAL); needs step-up',
    tags,
    access: { kind: 'permission', model: 'allocation', action: 'add' },
    stepUp: true,
    body: allocationInputSchema,
    errors: [409],
    responses: { 201: allocationSchema },
  }),
  drift: endpoint({
    method: 'GET',
    path: `${PATH}drift/`,
    summary: 'Where manual allocations and those the payroll and directory syncs derive disagree',
    tags,
    access: { kind: 'permission', model: 'allocation', action: 'read' },
    // A fixed report: pages, but no ordering, search, filters or select.
    query: listQuerySchema.pick({ limit: true, offset: true }),
    responses: { 200: paginated(allocationDriftSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: `${PATH}{id}/`,
    summary: 'One allocation',
    tags,
    access: { kind: 'permission', model: 'allocation', action: 'read' },
    params: idOnly,
    responses: { 200: allocationSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${PATH}{id}/`,
    summary: 'Remove an allocation; needs step-up',
    tags,
    access: { kind: 'permission', model: 'allocation', action: 'delete' },
    stepUp: true,
    params: idOnly,
    responses: { 204: null },
  }),
};
