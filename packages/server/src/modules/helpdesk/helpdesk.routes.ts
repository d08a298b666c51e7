import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { myTicketEndpoints as my, staffTicketEndpoints as staff } from '@ops/contract/helpdesk/helpdesk.endpoints';
import { ATTACHMENT_TYPES_MESSAGE, TICKET_CREATE_KINDS, ticketCreateFormSchema, type TicketChanges } from '@ops/contract/helpdesk/helpdesk.schemas';
import { sendAttachmentFile } from '../../platform/attachment-files';
import { parseFormFields, receiveMultipart, type FileRule } from '../../platform/multipart';
import { publicUrlOf } from '../../platform/public-url';
import { route } from '../../platform/route';
import { conditionalOf, conditionalWrite, tagOf } from '../../platform/conditional';
import { listRequestOf } from '../../list-query/list-request';
import type { AuthUser } from '../../platform/auth';
import { isTimeZone, type AttachmentParent, type ClientInfo, type HelpdeskService, type TicketScope } from './helpdesk.service';
import { serializeAttachment } from './helpdesk.serializers';
import type { HelpdeskListsService } from './helpdesk-lists.service';
import { HELPDESK_ERRORS } from './helpdesk.errors';

export interface HelpdeskRoutesOptions {
  helpdesk: HelpdeskService;
  lists: HelpdeskListsService;
  tempDir: string;
  maxUploadBytes: number;
}

/** What a ticket attachment may be (uploads and e-mail attachments alike). */
export const attachmentFileRule = (maxBytes: number): FileRule => ({
  maxBytes,
  types: ['jpeg', 'png', 'pdf', 'docx', 'xlsx', 'txt'],
  typeMessage: ATTACHMENT_TYPES_MESSAGE,
});

const ATTACHMENT_FIELD = /^attachments\[\d{1,3}\]\[attachment\]$/;
const ownScope = (user: AuthUser): TicketScope => ({ kind: 'own', userId: user.id });
const staffScope = (user: AuthUser): TicketScope => ({ kind: 'staff', user });

/** User agent, IP and time zone of the submitting client (form field first, then the X-Timezone header). */
function clientInfo(request: FastifyRequest, formTimezone: string | undefined): ClientInfo {
  if (formTimezone !== undefined && formTimezone !== '' && !isTimeZone(formTimezone))
    throw HELPDESK_ERRORS.onField('timezone', 'UNKNOWN_TIME_ZONE');
  const header = request.headers['x-timezone'];
  const fromHeader = typeof header === 'string' && header.length <= 64 && isTimeZone(header) ? header : null;
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    timezone: formTimezone || fromHeader,
    ip: request.ip ?? null,
  };
}

export async function helpdeskRoutes(app: FastifyInstance, options: HelpdeskRoutesOptions) {
  const { helpdesk, lists, tempDir } = options;
  const fileRule = attachmentFileRule(options.maxUploadBytes);

  // Raising a ticket from the help drawer: multipart, or a JSON body with the same fields. Either
  // body's fields go through the one contract schema; only multipart brings files.
  for (const [kind, endpoint] of [
    ['feedback', my.createFeedback],
    ['issue', my.createIssue],
    ['service-request', my.createServiceRequest],
  ] as const) {
    route(app, endpoint, async ({ request, user }) => {
      const upload = request.isMultipart()
        ? await receiveMultipart(request, tempDir, (field) => (ATTACHMENT_FIELD.test(field) ? fileRule : undefined))
        : null;
      try {
        // route() has refused a JSON body that is not an object; an empty body reads as no fields.
        const fields = upload?.fields ?? (request.body as Record<string, unknown> | undefined) ?? {};
        const form = parseFormFields(ticketCreateFormSchema, fields);
        return await helpdesk.createFromForm(user, TICKET_CREATE_KINDS[kind], form, upload?.files ?? [], clientInfo(request, form.timezone));
      } finally {
        await upload?.cleanup();
      }
    });
  }

  route(app, my.list, async ({ request, query, user }) => lists.tickets(ownScope(user), await listRequestOf(request, query)));
  route(app, my.get, async ({ user, params, reply }) => lists.visibleTicket(user, await helpdesk.getTicket(ownScope(user), params.id, tagOf(reply))));
  route(app, my.history, async ({ request, query, user, params }) => lists.history(ownScope(user), params.id, await listRequestOf(request, query)));

  route(app, staff.list, async ({ request, query, user }) => lists.tickets(staffScope(user), await listRequestOf(request, query)));
  route(app, staff.create, ({ request, user, body }) => helpdesk.createByStaff(user, body, clientInfo(request, undefined)));
  // Conditional writes (platform.md 14.6): the detail answers its ETag; a write with an If-Match that no longer
  // holds answers 412 with the ticket as this detail GET shows it now.
  const staffTicket = async (user: AuthUser, id: string, reply: FastifyReply) =>
    lists.visibleTicket(user, await helpdesk.getTicket(staffScope(user), id, tagOf(reply)));
  route(app, staff.get, ({ user, params, reply }) => staffTicket(user, params.id, reply));
  const updateTicket = ({ request, reply, user, params, body }: { request: FastifyRequest; reply: FastifyReply; user: AuthUser; params: { id: string }; body: TicketChanges }) => {
    const condition = conditionalOf(request, reply);
    return conditionalWrite(
      async () => lists.visibleTicket(user, await helpdesk.updateTicket(user, params.id, body, condition)),
      () => staffTicket(user, params.id, reply),
    );
  };
  route(app, staff.put, updateTicket);
  route(app, staff.patch, updateTicket);
  route(app, staff.remove, ({ request, reply, user, params }) => {
    const condition = conditionalOf(request, reply);
    return conditionalWrite(() => helpdesk.deleteTicket(params.id, user, condition), () => staffTicket(user, params.id, reply));
  });
  route(app, staff.history, async ({ request, query, user, params }) => lists.history(staffScope(user), params.id, await listRequestOf(request, query)));

  route(app, staff.assignees, async ({ request, query }) => lists.assignees(await listRequestOf(request, query)));

  // Conversations: requesters on their own tickets, staff on any.
  for (const [endpoints, scopeOf] of [
    [my, ownScope],
    [staff, staffScope],
  ] as const) {
    route(app, endpoints.listConversations, async ({ request, query, user, params }) =>
      lists.conversations(scopeOf(user), params.ticket_id, await listRequestOf(request, query)),
    );
    route(app, endpoints.createConversation, ({ user, params, body }) => helpdesk.createConversation(user, scopeOf(user), params.ticket_id, body));
    route(app, endpoints.getConversation, ({ user, params }) => helpdesk.getConversation(scopeOf(user), params.ticket_id, params.id));
  }
  route(app, staff.putConversation, ({ user, params, body }) =>
    helpdesk.updateConversation(user, params.ticket_id, params.id, body),
  );
  route(app, staff.patchConversation, ({ user, params, body }) =>
    helpdesk.updateConversation(user, params.ticket_id, params.id, body),
  );
  route(app, staff.removeConversation, ({ user, params }) => helpdesk.deleteConversation(params.ticket_id, params.id, user));

  // Attachments: the same five calls under four parents.
  const groups = [
    { endpoints: my.attachments, scopeOf: ownScope },
    { endpoints: staff.attachments, scopeOf: staffScope },
    { endpoints: my.conversationAttachments, scopeOf: ownScope },
    { endpoints: staff.conversationAttachments, scopeOf: staffScope },
  ] as const;
  for (const { endpoints, scopeOf } of groups) {
    const parentOf = (params: { ticket_id?: string; conversation_id?: string }): AttachmentParent =>
      params.conversation_id ? { conversationId: params.conversation_id } : { ticketId: params.ticket_id! };
    const downloadUrl = (request: FastifyRequest, params: Record<string, string>, id: string) =>
      publicUrlOf(request.server, endpoints.download.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' ? id : params[name]!)));

    route(app, endpoints.list, async ({ request, query, user, params }) =>
      lists.attachments(scopeOf(user), parentOf(params), await listRequestOf(request, query), (id) => downloadUrl(request, params, id)),
    );
    route(app, endpoints.upload, async ({ request, user, params }) => {
      const parent = parentOf(params);
      // Check access before reading the body, so a foreign ticket costs no upload.
      await helpdesk.checkAttachmentParent(scopeOf(user), parent);
      const upload = await receiveMultipart(request, tempDir, (field) => (field === 'attachment' ? fileRule : undefined));
      try {
        if (upload.files.length === 0) throw HELPDESK_ERRORS.onField('attachment', 'NO_FILE');
        if (upload.files.length > 1) throw HELPDESK_ERRORS.onField('attachment', 'ONE_FILE_PER_REQUEST');
        const view = await helpdesk.uploadAttachment(user, scopeOf(user), parent, upload.files[0]!);
        return serializeAttachment(view, downloadUrl(request, params, view.id));
      } finally {
        await upload.cleanup();
      }
    });
    route(app, endpoints.get, async ({ request, user, params }) => {
      const view = await helpdesk.getAttachment(scopeOf(user), parentOf(params), params.id);
      return serializeAttachment(view, downloadUrl(request, params, view.id));
    });
    route(app, endpoints.remove, ({ user, params }) =>
      helpdesk.deleteAttachment(user, scopeOf(user), parentOf(params), params.id),
    );
    route(app, endpoints.download, async ({ reply, user, params }) => {
      const { row, stream, size } = await helpdesk.openAttachment(scopeOf(user), parentOf(params), params.id);
      return sendAttachmentFile(reply, { fileType: row.fileType, fileName: row.fileName, stream, size });
    });
  }
}
