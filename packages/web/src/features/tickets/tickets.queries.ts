import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberTag, tagOf } from '../../api/entity-tags';
import { myTicketEndpoints, staffTicketEndpoints } from '../../api/endpoint-routes';
import type { z } from 'zod';
import type { Ticket, TicketChanges, conversationInputSchema } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { ListQuery } from '@ops/contract/common/list-query';
import { callEndpoint } from '../../api/http-client';

/**
 * Two areas serve tickets: `my-tickets` (the caller's own, any signed-in user)
 * and `tickets` (staff, by permission). Pages pick one by the route they sit on.
 */
export type TicketScope = 'my-tickets' | 'tickets';

const ENDPOINTS = { 'my-tickets': myTicketEndpoints, tickets: staffTicketEndpoints } as const;

/** The list query's text parameters as the contract has them; paging as numbers (sent as the contract's strings). */
export type TicketListParams = Pick<ListQuery, 'search' | 'ordering' | 'filters'> & { limit: number; offset: number };

export const ticketKeys = {
  all: ['helpdesk'] as const,
  scope: (scope: TicketScope) => [...ticketKeys.all, scope] as const,
  lists: (scope: TicketScope) => [...ticketKeys.scope(scope), 'list'] as const,
  list: (scope: TicketScope, params: TicketListParams) => [...ticketKeys.lists(scope), params] as const,
  detail: (scope: TicketScope, id: string) => [...ticketKeys.scope(scope), 'detail', id] as const,
  conversations: (scope: TicketScope, id: string) => [...ticketKeys.detail(scope, id), 'conversations'] as const,
  attachments: (scope: TicketScope, id: string) => [...ticketKeys.detail(scope, id), 'attachments'] as const,
  history: (scope: TicketScope, id: string) => [...ticketKeys.detail(scope, id), 'history'] as const,
  messageAttachments: (scope: TicketScope, ticketId: string, conversationId: string) =>
    [...ticketKeys.detail(scope, ticketId), 'message-attachments', conversationId] as const,
};

const str = (value: number | undefined) => (value === undefined ? undefined : String(value));

export const ticketListQuery = (scope: TicketScope, params: TicketListParams) =>
  queryOptions({
    queryKey: ticketKeys.list(scope, params),
    queryFn: ({ signal }) =>
      callEndpoint(ENDPOINTS[scope].list, {
        query: {
          limit: str(params.limit),
          offset: str(params.offset),
          search: params.search || undefined,
          ordering: params.ordering || undefined,
          filters: params.filters,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const ticketQuery = (scope: TicketScope, id: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(scope, id),
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS[scope].get, { params: { id }, signal }),
  });

/** A thread is short; one page of up to 1000 messages holds it whole. */
export const conversationsQuery = (scope: TicketScope, id: string) =>
  queryOptions({
    queryKey: ticketKeys.conversations(scope, id),
    queryFn: ({ signal }) =>
      callEndpoint(ENDPOINTS[scope].listConversations, {
        params: { ticket_id: id },
        query: { limit: '1000', ordering: 'created_at' },
        signal,
      }),
  });

export const ticketAttachmentsQuery = (scope: TicketScope, id: string) =>
  queryOptions({
    queryKey: ticketKeys.attachments(scope, id),
    queryFn: ({ signal }) =>
      callEndpoint(ENDPOINTS[scope].attachments.list, { params: { ticket_id: id }, query: { limit: '1000' }, signal }),
  });

export const messageAttachmentsQuery = (scope: TicketScope, ticketId: string, conversationId: string) =>
  queryOptions({
    queryKey: ticketKeys.messageAttachments(scope, ticketId, conversationId),
    queryFn: ({ signal }) =>
      callEndpoint(ENDPOINTS[scope].conversationAttachments.list, {
        params: { conversation_id: conversationId },
        query: { limit: '1000' },
        signal,
      }),
  });

export const historyQuery = (scope: TicketScope, id: string) =>
  queryOptions({
    queryKey: ticketKeys.history(scope, id),
    queryFn: ({ signal }) => callEndpoint(ENDPOINTS[scope].history, { params: { id }, query: { limit: '1000' }, signal }),
  });

/** Open tickets first-class on Home: everything not CLOSED. */
export const OPEN_TICKET_FILTER = JSON.stringify({ ticket_status__in: ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'REOPENED'] });

/** Refreshes everything shown about one ticket, in both areas (after a change here or a notification about it). */
export function useInvalidateTicket() {
  const queryClient = useQueryClient();
  return (id: string) =>
    Promise.all(
      (['my-tickets', 'tickets'] as const).flatMap((scope) => [
        queryClient.invalidateQueries({ queryKey: ticketKeys.detail(scope, id) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists(scope) }),
      ]),
    );
}

export interface TicketUpdate {
  changes: TicketChanges;
  /** How the ticket looks once the change is made (the assignee as a user, not an id): shown at once, undone if the API refuses. */
  preview: Partial<Pick<Ticket, 'ticket_status' | 'priority' | 'assignee' | 'title' | 'team'>>;
}

/** A staff change to a ticket, shown optimistically on its page and rolled back on error. */
export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTicket();
  const key = ticketKeys.detail('tickets', id);
  return useMutation({
    // Saved against the ticket as the page showed it (If-Match): a 412 means someone else changed it
    // first, and the page then shows their version (StaffControls says so).
    mutationFn: ({ changes }: TicketUpdate) =>
      callEndpoint(staffTicketEndpoints.patch, { params: { id }, body: changes, ifMatch: tagOf(queryClient.getQueryData(key)) }),
    onMutate: async ({ preview }: TicketUpdate) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Ticket>(key);
      if (previous) {
        const shown = { ...previous, ...preview };
        rememberTag(shown, tagOf(previous));
        queryClient.setQueryData<Ticket>(key, shown);
      }
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => invalidate(id),
  });
}

/** A message as the contract's conversation input takes it, plus the files uploaded after it. */
export type ReplyInput = z.input<typeof conversationInputSchema> & { files: File[]; internal?: boolean };

function uploadForm(file: File): FormData {
  const form = new FormData();
  form.append('attachment', file, file.name);
  return form;
}

/** Sends a message, then uploads its files one by one (the API takes one file per upload). */
export function useSendReply(scope: TicketScope, ticketId: string) {
  const invalidate = useInvalidateTicket();
  return useMutation({
    mutationFn: async ({ message, recipient, copy, files, internal }: ReplyInput) => {
      const conversation = await callEndpoint(ENDPOINTS[scope].createConversation, {
        params: { ticket_id: ticketId },
        // `internal` (a staff note) only exists on the staff side.
        body: { message, copy: copy ?? [], ...(recipient !== undefined ? { recipient } : {}), ...(internal ? { internal: true } : {}) },
      });
      for (const file of files) {
        await callEndpoint(ENDPOINTS[scope].conversationAttachments.upload, {
          params: { conversation_id: conversation.id },
          body: uploadForm(file),
        });
      }
      return conversation;
    },
    onSettled: () => invalidate(ticketId),
  });
}

export function useUploadTicketAttachment(scope: TicketScope, ticketId: string) {
  const invalidate = useInvalidateTicket();
  return useMutation({
    mutationFn: (file: File) =>
      callEndpoint(ENDPOINTS[scope].attachments.upload, { params: { ticket_id: ticketId }, body: uploadForm(file) }),
    onSettled: () => invalidate(ticketId),
  });
}

/** Deletes a file of the ticket itself, or of one of its messages. */
export function useDeleteAttachment(scope: TicketScope, ticketId: string) {
  const invalidate = useInvalidateTicket();
  return useMutation({
    mutationFn: ({ id, conversationId }: { id: string; conversationId?: string }) =>
      conversationId
        ? callEndpoint(ENDPOINTS[scope].conversationAttachments.remove, { params: { conversation_id: conversationId, id } })
        : callEndpoint(ENDPOINTS[scope].attachments.remove, { params: { ticket_id: ticketId, id } }),
    onSettled: () => invalidate(ticketId),
  });
}
