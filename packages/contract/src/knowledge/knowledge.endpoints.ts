import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { uuid } from '../common/fields';
import {
  acknowledgementSchema,
  acknowledgementsSchema,
  articleInputSchema,
  articlePatchSchema,
  articleSchema,
  articleVersionSchema,
  categoryInputSchema,
  categoryPatchSchema,
  categorySchema,
  suggestionsSchema,
  suggestQuerySchema,
} from './knowledge.schemas';

/** Knowledge base endpoints (spec platform §14.2). Readers need only to be signed in; the service limits them to their audience. */

const tags = ['knowledge'];
const base = '/api/knowledge';
const idParams = z.object({ id: uuid() });
const signedIn = { kind: 'authenticated' } as const;
const articles = (action: 'add' | 'change' | 'delete') => ({ kind: 'permission', model: 'article', action }) as const;
const categories = (action: 'add' | 'change' | 'delete') => ({ kind: 'permission', model: 'articlecategory', action }) as const;

export const categoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/categories/`,
    summary: 'Knowledge base categories (anyone signed in)',
    tags,
    access: signedIn,
    query: listQuerySchema,
    responses: { 200: paginated(categorySchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: `${base}/categories/`,
    summary: 'Create a category',
    tags,
    access: categories('add'),
    body: categoryInputSchema,
    responses: { 201: categorySchema },
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/categories/{id}/`,
    summary: 'One category',
    tags,
    access: signedIn,
    params: idParams,
    responses: { 200: categorySchema },
  }),
  put: endpoint({
    method: 'PUT',
    path: `${base}/categories/{id}/`,
    summary: 'Replace a category',
    tags,
    access: categories('change'),
    params: idParams,
    body: categoryInputSchema,
    responses: { 200: categorySchema },
  }),
  patch: endpoint({
    method: 'PATCH',
    path: `${base}/categories/{id}/`,
    summary: 'Change a category',
    tags,
    access: categories('change'),
    params: idParams,
    body: categoryPatchSchema,
    responses: { 200: categorySchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/categories/{id}/`,
    summary: 'Delete a category (its articles keep no category)',
    tags,
    access: categories('delete'),
    params: idParams,
    responses: { 204: null },
  }),
};

export const articleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/articles/`,
    summary: "Articles: the published ones of the caller's audience, or every article for holders of article.change",
    tags,
    access: signedIn,
    query: listQuerySchema,
    responses: { 200: paginated(articleSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: `${base}/articles/`,
    summary: 'Create an article (its version 1)',
    tags,
    access: articles('add'),
    body: articleInputSchema,
    responses: { 201: articleSchema },
  }),
  get: endpoint({
    method: 'GET',
    versioned: true,
    path: `${base}/articles/{id}/`,
    summary: 'One article (404 outside the caller’s audience or unpublished, unless they hold article.change)',
    tags,
    access: signedIn,
    params: idParams,
    responses: { 200: articleSchema },
  }),
  put: endpoint({
    method: 'PUT',
    versioned: true,
    path: `${base}/articles/{id}/`,
    summary: 'Replace an article (a change of title or body is a new version)',
    tags,
    access: articles('change'),
    params: idParams,
    body: articleInputSchema,
    responses: { 200: articleSchema },
  }),
  patch: endpoint({
    method: 'PATCH',
    versioned: true,
    path: `${base}/articles/{id}/`,
    summary: 'Change an article (a change of title or body is a new version)',
    tags,
    access: articles('change'),
    params: idParams,
    body: articlePatchSchema,
    responses: { 200: articleSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    versioned: true,
    path: `${base}/articles/{id}/`,
    summary: 'Delete an article with its versions and acknowledgements',
    tags,
    access: articles('delete'),
    params: idParams,
    responses: { 204: null },
  }),
  versions: endpoint({
    method: 'GET',
    path: `${base}/articles/{id}/versions/`,
    summary: "An article's versions, newest first",
    tags,
    access: articles('change'),
    params: idParams,
    responses: { 200: z.array(articleVersionSchema) },
  }),
  restore: endpoint({
    method: 'POST',
    path: `${base}/articles/{id}/versions/{version}/restore/`,
    summary: 'Restore a version: its title and body become a new version',
    tags,
    access: articles('change'),
    params: z.object({ id: uuid(), version: z.coerce.number().int().min(1).max(2_147_483_647) }),
    responses: { 200: articleSchema },
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: `${base}/articles/{id}/acknowledge/`,
    summary: 'Acknowledge the current version of an article the caller reads',
    tags,
    access: signedIn,
    params: idParams,
    responses: { 201: acknowledgementSchema },
  }),
  acknowledgements: endpoint({
    method: 'GET',
    path: `${base}/articles/{id}/acknowledgements/`,
    summary: "Who of the article's audience acknowledged its current version, and who has not",
    tags,
    access: articles('change'),
    params: idParams,
    responses: { 200: acknowledgementsSchema },
  }),
  pending: endpoint({
    method: 'GET',
    path: `${base}/acknowledgements/pending/`,
    summary: "The published articles awaiting the caller's acknowledgement",
    tags,
    access: signedIn,
    query: listQuerySchema,
    responses: { 200: paginated(articleSchema) },
  }),
  suggest: endpoint({
    method: 'GET',
    path: `${base}/suggest/`,
    summary: 'At most 5 articles the caller reads, best first, matching the words of a ticket title (typos tolerated)',
    tags,
    access: signedIn,
    query: suggestQuerySchema,
    responses: { 200: suggestionsSchema },
  }),
};
