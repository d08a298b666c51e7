import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { uuid } from '../common/fields';
import { viewInputSchema, viewPatchSchema, viewSchema } from './views.schemas';

const tags = ['identity'];
const authed = { kind: 'authenticated' } as const;
const idParams = z.object({ id: uuid() });
const base = '/api/identity/views';

/**
 * Named list views (spec platform §13.2): every signed-in user keeps their own and sees
 * the shared ones; only the owner changes or deletes a view (someone else's is
 * 404); sharing needs the `view.share` permission (403 otherwise).
 */
export const viewEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/`,
    summary: 'The caller\'s views and the shared ones (filter by page: filters={"page":"CLIENTS"})',
    tags,
    access: authed,
    query: listQuerySchema,
    responses: { 200: paginated(viewSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: `${base}/`,
    summary: 'Save a named view of a list page (shared=true needs view.share)',
    tags,
    access: authed,
    body: viewInputSchema,
    errors: [403],
    responses: { 201: viewSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/{id}/`,
    summary: 'One view (own or shared)',
    tags,
    access: authed,
    params: idParams,
    responses: { 200: viewSchema },
  }),
  patch: endpoint({
    method: 'PATCH',
    path: `${base}/{id}/`,
    summary: 'Rename, change or (un)share an own view (sharing needs view.share)',
    tags,
    access: authed,
    params: idParams,
    body: viewPatchSchema,
    errors: [403],
    responses: { 200: viewSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/{id}/`,
    summary: 'Delete an own view',
    tags,
    access: authed,
    params: idParams,
    responses: { 204: null },
  }),
  makeDefault: endpoint({
    method: 'POST',
    path: `${base}/{id}/make-default/`,
    summary: "Make a view (own or shared) the caller's default for its page",
    tags,
    access: authed,
    params: idParams,
    responses: { 200: viewSchema },
  }),
  clearDefault: endpoint({
    method: 'POST',
    path: `${base}/{id}/clear-default/`,
    summary: "Stop a view being the caller's default",
    tags,
    access: authed,
    params: idParams,
    responses: { 200: viewSchema },
  }),
};
