import { z } from 'zod';
import { endpoint, type Access, type HttpMethod } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { userWithEmailSchema, uuid } from '../common/fields';
import {
  attachmentSchema,
  attachmentUploadSchema,
  conversationInputSchema,
  conversationPatchSchema,
  conversationSchema,
  conversationUpdateSchema,
  staffConversationInputSchema,
  ticketCreatedSchema,
  ticketCreateMultipartSchema,
  ticketHistoryEntrySchema,
  ticketInputSchema,
  ticketListItemSchema,
  ticketPatchSchema,
  ticketSchema,
  ticketUpdateSchema,
} from './helpdesk.schemas';

const tags = ['helpdesk'];
const authed = { kind: 'authenticated' } as const;
const ticketAccess = (action: 'read' | 'add' | 'change' | 'delete') => ({ kind: 'permission', model: 'ticket', action }) as const;
const byMethod: Record<HttpMethod, 'read' | 'add' | 'change' | 'delete'> = {
  GET: 'read',
  POST: 'add',
  PUT: 'change',
  PATCH: 'change',
  DELETE: 'delete',
};

const idParams = z.object({ id: uuid() });
const ticketParams = z.object({ ticket_id: uuid() });
const ticketChildParams = z.object({ ticket_id: uuid(), id: uuid() });
const conversationParams = z.object({ conversation_id: uuid() });
const conversationChildParams = z.object({ conversation_id: uuid(), id: uuid() });

/**
 * The five attachment calls (list, upload, detail, delete, download) under
 * one parent path. `access` gives each method's rule: my-tickets needs only a
 * signed-in user (the ticket's requester is checked by the service); the
 * staff area needs the ticket permission of the method.
 */
function attachmentEndpoints<P extends z.ZodType, C extends z.ZodType>(
  base: string,
  params: P,
  childParams: C,
  access: (method: HttpMethod) => Access,
  what: string,
) {
  return {
    list: endpoint({
      method: 'GET',
      path: `${base}/`,
      summary: `Attachments of ${what}`,
      tags,
      access: access('GET'),
      params,
      query: listQuerySchema,
      responses: { 200: paginated(attachmentSchema) },
    }),
    upload: endpoint({
      method: 'POST',
      path: `${base}/`,
      summary: `Upload an attachment to ${what} (multipart, file field attachment)`,
      tags,
      access: access('POST'),
      params,
      multipart: true,
      body: attachmentUploadSchema,
      responses: { 201: attachmentSchema },
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/{id}/`,
      summary: `One attachment of ${what}`,
      tags,
      access: access('GET'),
      params: childParams,
      responses: { 200: attachmentSchema },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/{id}/`,
      summary: `Delete an attachment of ${what} and its file`,
      tags,
      access: access('DELETE'),
      params: childParams,
      responses: { 204: null },
    }),
    download: endpoint({
      method: 'GET',
      path: `${base}/{id}/download/`,
      summary: `Download the file of an attachment of ${what}`,
      tags,
      access: access('GET'),
      params: childParams,
      produces: ['application/octet-stream'],
      responses: { 200: null },
    }),
  };
}

const own = () => authed;
const staff = (method: HttpMethod) => ticketAccess(byMethod[method]);

const my = '/api/helpdesk/my-tickets';
const all = '/api/helpdesk/tickets';

const createTicket = (kind: string, label: string) =>
  endpoint({
    method: 'POST',
    path: `${my}/${kind}/`,
    summary: `Raise ${label} (multipart: title, ticket_content as a JSON string, files attachments[i][attachment])`,
    tags,
    access: authed,
    multipart: true,
    body: ticketCreateMultipartSchema,
    responses: { 201: ticketCreatedSchema },
  });

export const myTicketEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${my}/`,
    summary: "The caller's own tickets",
    tags,
    access: authed,
    query: listQuerySchema,
    responses: { 200: paginated(ticketListItemSchema) },
  }),
  get: endpoint({
    method: 'GET',
    versioned: true,
    path: `${my}/{id}/`,
    summary: "One of the caller's tickets",
    tags,
    access: authed,
    params: idParams,
    responses: { 200: ticketSchema },
  }),
  history: endpoint({
    method: 'GET',
    path: `${my}/{id}/history/`,
    summary: "Changes of one of the caller's tickets (status, priority, assignee, title)",
    tags,
    access: authed,
    params: idParams,
    query: listQuerySchema,
    responses: { 200: paginated(ticketHistoryEntrySchema) },
  }),
  createFeedback: createTicket('feedback', 'a feedback ticket'),
  createIssue: createTicket('issue', 'an issue ticket'),
  createServiceRequest: createTicket('service-request', 'a service request ticket'),
  attachments: attachmentEndpoints(
    `${my}/{ticket_id}/attachments`,
    ticketParams,
    ticketChildParams,
    own,
    "one of the caller's tickets",
  ),
  listConversations: endpoint({
    method: 'GET',
    path: `${my}/{ticket_id}/conversations/`,
    summary: "Messages on one of the caller's tickets",
    tags,
    access: authed,
    params: ticketParams,
    query: listQuerySchema,
    responses: { 200: paginated(conversationSchema) },
  }),
  createConversation: endpoint({
    method: 'POST',
    path: `${my}/{ticket_id}/conversations/`,
    summary: "Send a message on one of the caller's tickets",
    tags,
    access: authed,
    params: ticketParams,
    body: conversationInputSchema,
    responses: { 201: conversationSchema },
  }),
  getConversation: endpoint({
    method: 'GET',
    path: `${my}/{ticket_id}/conversations/{id}/`,
    summary: "One message on one of the caller's tickets",
    tags,
    access: authed,
    params: ticketChildParams,
    responses: { 200: conversationSchema },
  }),
  conversationAttachments: attachmentEndpoints(
    `${my}/conversations/{conversation_id}/attachments`,
    conversationParams,
    conversationChildParams,
    own,
    "a message on one of the caller's tickets",
  ),
};

export const staffTicketEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${all}/`,
    summary: 'All tickets',
    tags,
    access: ticketAccess('read'),
    query: listQuerySchema,
    responses: { 200: paginated(ticketListItemSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: `${all}/`,
    summary: 'Create a ticket (requester defaults to the caller)',
    tags,
    access: ticketAccess('add'),
    body: ticketInputSchema,
    responses: { 201: ticketSchema },
  }),
  get: endpoint({
    method: 'GET',
    versioned: true,
    path: `${all}/{id}/`,
    summary: 'One ticket',
    tags,
    access: ticketAccess('read'),
    params: idParams,
    responses: { 200: ticketSchema },
  }),
  put: endpoint({
    method: 'PUT',
    versioned: true,
    path: `${all}/{id}/`,
    summary: 'Replace a ticket (status changes follow the workflow)',
    tags,
    access: ticketAccess('change'),
    params: idParams,
    body: ticketUpdateSchema,
    responses: { 200: ticketSchema },
  }),
  patch: endpoint({
    method: 'PATCH',
    versioned: true,
    path: `${all}/{id}/`,
    summary: 'Change a ticket (assign, prioritise, move status)',
    tags,
    access: ticketAccess('change'),
    params: idParams,
    body: ticketPatchSchema,
    responses: { 200: ticketSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    versioned: true,
    path: `${all}/{id}/`,
    summary: 'Delete a ticket with its messages, attachments and files',
    tags,
    access: ticketAccess('delete'),
    params: idParams,
    responses: { 204: null },
  }),
  history: endpoint({
    method: 'GET',
    path: `${all}/{id}/history/`,
    summary: 'Changes of a ticket (status, priority, assignee, title) with who and when',
    tags,
    access: ticketAccess('read'),
    params: idParams,
    query: listQuerySchema,
    responses: { 200: paginated(ticketHistoryEntrySchema) },
  }),
  attachments: attachmentEndpoints(`${all}/{ticket_id}/attachments`, ticketParams, ticketChildParams, staff, 'a ticket'),
  listConversations: endpoint({
    method: 'GET',
    path: `${all}/{ticket_id}/conversations/`,
    summary: 'Messages on a ticket',
    tags,
    access: ticketAccess('read'),
    params: ticketParams,
    query: listQuerySchema,
    responses: { 200: paginated(conversationSchema) },
  }),
  createConversation: endpoint({
    method: 'POST',
    path: `${all}/{ticket_id}/conversations/`,
    summary: 'Send a message or an internal note on a ticket (mentions notify staff)',
    tags,
    access: ticketAccess('add'),
    params: ticketParams,
    body: staffConversationInputSchema,
    responses: { 201: conversationSchema },
  }),
  getConversation: endpoint({
    method: 'GET',
    path: `${all}/{ticket_id}/conversations/{id}/`,
    summary: 'One message on a ticket',
    tags,
    access: ticketAccess('read'),
    params: ticketChildParams,
    responses: { 200: conversationSchema },
  }),
  putConversation: endpoint({
    method: 'PUT',
    path: `${all}/{ticket_id}/conversations/{id}/`,
    summary: 'Replace a message',
    tags,
    access: ticketAccess('change'),
    params: ticketChildParams,
    body: conversationUpdateSchema,
    responses: { 200: conversationSchema },
  }),
  patchConversation: endpoint({
    method: 'PATCH',
    path: `${all}/{ticket_id}/conversations/{id}/`,
    summary: 'Change a message',
    tags,
    access: ticketAccess('change'),
    params: ticketChildParams,
    body: conversationPatchSchema,
    responses: { 200: conversationSchema },
  }),
  removeConversation: endpoint({
    method: 'DELETE',
    path: `${all}/{ticket_id}/conversations/{id}/`,
    summary: 'Delete a message with its attachments',
    tags,
    access: ticketAccess('delete'),
    params: ticketChildParams,
    responses: { 204: null },
  }),
  conversationAttachments: attachmentEndpoints(
    `${all}/conversations/{conversation_id}/attachments`,
    conversationParams,
    conversationChildParams,
    staff,
    'a message on a ticket',
  ),
  assignees: endpoint({
    method: 'GET',
    path: '/api/helpdesk/assignees/',
    summary: 'Users who may work tickets (active holders of ticket change permission): the assignee picker',
    tags,
    access: ticketAccess('change'),
    query: listQuerySchema,
    responses: { 200: paginated(userWithEmailSchema) },
  }),
};
