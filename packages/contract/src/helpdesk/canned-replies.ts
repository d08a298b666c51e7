import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { isoDateTime, requiredText, userRefSchema, uuid } from '../common/fields';
import { jsonDocumentLimited, jsonDocumentSchema } from './helpdesk.schemas';
import { ERROR_MESSAGES } from '../common/errors';
import { siteCheckOpenRunSchema } from '../sitechecks/sitechecks';

/** Canned replies (spec platform §13.1): reply templates with `{{variables}}`, the caller's own and the shared ones. */

export const CANNED_REPLY_TITLE_MAX = 120;

/** The variables a canned reply may use; rendering fills them in text nodes only. */
export const CANNED_REPLY_VARIABLES = [
  'ticket.id',
  'ticket.title',
  'requester.first_name',
  'requester.full_name',
  'agent.first_name',
  'client.name',
  'cost_centre.name',
] as const;
export type CannedReplyVariable = (typeof CANNED_REPLY_VARIABLES)[number];

/**
 * What a variable says when the ticket has no value for it (no site, a name withheld, a blank
 * first name), so a sentence never keeps a hole; `{{variable|words}}` in a reply says it otherwise
 * and `{{variable|}}` drops it (docs/decisions.md, "Canned reply fallbacks").
 */
export const CANNED_REPLY_FALLBACKS: Record<CannedReplyVariable, string> = {
  'ticket.id': 'your ticket',
  'ticket.title': 'your request',
  'requester.first_name': 'there',
  'requester.full_name': 'there',
  'agent.first_name': 'the help desk team',
  'client.name': 'your organisation',
  'cost_centre.name': 'your site',
};

export const cannedReplySchema = z.object({
  id: uuid(),
  title: z.string(),
  body: jsonDocumentSchema,
  shared: z.boolean(),
  owner: userRefSchema,
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const cannedReplyInputSchema = z.object({
  title: requiredText(CANNED_REPLY_TITLE_MAX),
  body: jsonDocumentLimited,
  shared: z.boolean({ error: ERROR_MESSAGES.boolean }).default(false),
});
export const cannedReplyPatchSchema = z.object({
  title: requiredText(CANNED_REPLY_TITLE_MAX).optional(),
  body: jsonDocumentLimited.optional(),
  shared: z.boolean({ error: ERROR_MESSAGES.boolean }).optional(),
});
export type CannedReplyChanges = z.infer<typeof cannedReplyPatchSchema>;

export const renderedReplySchema = z.object({ message: jsonDocumentSchema });

const tags = ['helpdesk'];
const base = '/api/helpdesk/canned-replies';
const idParams = z.object({ id: uuid() });
const read = { kind: 'permission', model: 'ticket', action: 'read' } as const;
const write = { kind: 'permission', model: 'ticket', action: 'add' } as const;

export const cannedReplyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/`,
    summary: "Canned replies: the caller's own and the shared ones",
    tags,
    access: read,
    query: listQuerySchema,
    responses: { 200: paginated(cannedReplySchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: `${base}/`,
    summary: 'Create a canned reply (owned by the caller)',
    tags,
    access: write,
    body: cannedReplyInputSchema,
    responses: { 201: cannedReplySchema },
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/{id}/`,
    summary: 'One canned reply (own or shared)',
    tags,
    access: read,
    params: idParams,
    responses: { 200: cannedReplySchema },
  }),
  put: endpoint({
    method: 'PUT',
    path: `${base}/{id}/`,
    summary: 'Replace a canned reply (its owner or an administrator)',
    tags,
    access: write,
    params: idParams,
    body: cannedReplyInputSchema,
    responses: { 200: cannedReplySchema },
  }),
  patch: endpoint({
    method: 'PATCH',
    path: `${base}/{id}/`,
    summary: 'Change a canned reply (its owner or an administrator)',
    tags,
    access: write,
    params: idParams,
    body: cannedReplyPatchSchema,
    responses: { 200: cannedReplySchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/{id}/`,
    summary: 'Delete a canned reply (its owner or an administrator)',
    tags,
    access: write,
    params: idParams,
    responses: { 204: null },
  }),
  render: endpoint({
    method: 'POST',
    path: '/api/helpdesk/tickets/{ticket_id}/canned-replies/{id}/render/',
    summary: 'A canned reply with its variables filled in for a ticket',
    tags,
    access: write,
    params: z.object({ ticket_id: uuid(), id: uuid() }),
    responses: { 200: renderedReplySchema },
  }),
};

/** Scan-to-report: a printable QR code per cost centre opening the help drawer with that site set. */
/** The scanned site as the report page names it: its name only, nothing else of the record. */
export const reportSiteSchema = z.object({
  id: uuid(),
  name: z.string(),
  runs_due_now: z
    .array(siteCheckOpenRunSchema)
    .nullable()
    .describe("The site's site check runs whose window is open now, closing soonest first; null unless the caller reads runs at this site"),
});
export type ReportSite = z.infer<typeof reportSiteSchema>;

export const reportQrEndpoints = {
  reportSite: endpoint({
    method: 'GET',
    path: '/api/helpdesk/report-sites/{id}/',
    summary:
      "The name of the cost centre a scan-to-report link names, for anyone signed in (the requester's report page); only id and name",
    tags,
    access: { kind: 'authenticated' },
    params: idParams,
    responses: { 200: reportSiteSchema },
  }),
  costCentreQr: endpoint({
    method: 'GET',
    path: '/api/operations/cost-centres/{id}/report-qr/',
    summary: 'A PNG QR code of <PUBLIC_URL>/report?cost_centre=<id> (scan to report a problem at the site)',
    tags: ['operations'],
    access: { kind: 'permission', model: 'costcentre', action: 'read' },
    params: idParams,
    produces: ['image/png'],
    responses: { 200: null },
  }),
};
