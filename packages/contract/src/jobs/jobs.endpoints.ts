import { z } from 'zod';
import { ticketPatchSchema } from '../helpdesk/helpdesk.schemas';
import { brandPatchSchema, clientPatchSchema, contactPersonPatchSchema, costCentrePatchSchema } from '../records/records.schemas';
import { endpoint } from '../common/endpoint';
import { uuid } from '../common/fields';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import {
  bulkChangeSchema,
  dryRunSchema,
  importOptionsSchema,
  importSchema,
  importUploadSchema,
  jobRefSchema,
  jobSchema,
  type BulkResource,
} from './jobs.schemas';

const tags = ['jobs'];
const authed = { kind: 'authenticated' } as const;
const idParams = z.object({ id: uuid() });

/** The permission model of each bulk resource. */
export const BULK_MODELS: Record<BulkResource, string> = {
  clients: 'client',
  'contact-persons': 'contactperson',
  'cost-centres': 'costcentre',
  brands: 'brand',
  tickets: 'ticket',
};

/** The PATCH schema each bulk resource validates `changes` with (the server's job targets use the same). */
export const BULK_PATCH_SCHEMAS: Record<BulkResource, z.ZodObject> = {
  clients: clientPatchSchema,
  'contact-persons': contactPersonPatchSchema,
  'cost-centres': costCentrePatchSchema,
  brands: brandPatchSchema,
  tickets: ticketPatchSchema,
};

/**
 * The document names the fields `changes` may hold (the resource's PATCH fields, at least one);
 * their values are checked by that PATCH schema, which answers 400 under `changes`.
 */
const bulkBodyFor = (resource: BulkResource) =>
  bulkChangeSchema.extend({
    changes: bulkChangeSchema.shape.changes.meta({
      propertyNames: { enum: Object.keys(BULK_PATCH_SCHEMAS[resource].shape) },
      minProperties: 1,
    }),
  });

function bulk(resource: BulkResource) {
  return endpoint({
    method: 'POST',
    path: `/api/bulk/${resource}/`,
    summary: `Change fields of many ${resource.replace('-', ' ')} at once (a job): the ids given, or everything the list's filters and search match`,
    tags,
    access: { kind: 'permission', model: BULK_MODELS[resource], action: 'change' },
    body: bulkBodyFor(resource),
    errors: [409],
    responses: { 202: jobRefSchema },
  });
}

export const jobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/jobs/',
    summary: "The caller's jobs, newest first",
    tags,
    access: authed,
    query: listQuerySchema,
    responses: { 200: paginated(jobSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/jobs/{id}/',
    summary: "One of the caller's jobs: status, progress, errors",
    tags,
    access: authed,
    params: idParams,
    responses: { 200: jobSchema },
  }),
  undo: endpoint({
    method: 'POST',
    path: '/api/jobs/{id}/undo/',
    summary: 'Restore what the job changed (records changed since by someone else are left alone and listed)',
    tags,
    access: authed,
    params: idParams,
    errors: [409],
    responses: { 200: jobSchema },
  }),
  bulk: {
    clients: bulk('clients'),
    'contact-persons': bulk('contact-persons'),
    'cost-centres': bulk('cost-centres'),
    brands: bulk('brands'),
    tickets: bulk('tickets'),
  },
  importUpload: endpoint({
    method: 'POST',
    path: '/api/imports/',
    summary: 'Upload a CSV or XLSX file to import: its columns, a suggested mapping and its row count',
    tags,
    access: authed,
    body: importUploadSchema,
    multipart: true,
    errors: [413],
    responses: { 201: importSchema },
  }),
  importDryRun: endpoint({
    method: 'POST',
    path: '/api/imports/{id}/dry-run/',
    summary: 'What the import would do (rows to create, update, skip; invalid rows): writes nothing',
    tags,
    access: authed,
    params: idParams,
    body: importOptionsSchema,
    responses: { 200: dryRunSchema },
  }),
  importRun: endpoint({
    method: 'POST',
    path: '/api/imports/{id}/run/',
    summary: 'Run the import as an undoable job',
    tags,
    access: authed,
    params: idParams,
    body: importOptionsSchema,
    errors: [409],
    responses: { 202: jobRefSchema },
  }),
};
