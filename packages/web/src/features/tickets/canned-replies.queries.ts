import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cannedReplyEndpoints, staffTicketEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import type { MentionCandidate } from '../../shared/ui/mention-suggestion';

export const cannedReplyKeys = {
  all: ['helpdesk', 'canned-replies'] as const,
  list: (search: string) => [...cannedReplyKeys.all, 'list', search] as const,
};

/** The caller's own and the shared canned replies whose title matches `search`. */
export const cannedRepliesQuery = (search: string) =>
  queryOptions({
    queryKey: cannedReplyKeys.list(search),
    queryFn: ({ signal }) =>
      callEndpoint(cannedReplyEndpoints.list, { query: { search: search || undefined, limit: '50', ordering: 'title' }, signal }),
    staleTime: 30_000,
  });

export interface CannedReplyDraft {
  title: string;
  body: Record<string, unknown>;
  shared: boolean;
}

export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id?: string; draft: CannedReplyDraft }) =>
      id
        ? callEndpoint(cannedReplyEndpoints.put, { params: { id }, body: draft })
        : callEndpoint(cannedReplyEndpoints.create, { body: draft }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.all }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(cannedReplyEndpoints.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.all }),
  });
}

/** A canned reply with the ticket's values filled in, ready to insert. */
export const renderCannedReply = (ticketId: string, id: string) =>
  callEndpoint(cannedReplyEndpoints.render, { params: { ticket_id: ticketId, id } });

/** Staff whom a message may mention (people who work tickets), for the `@` list. */
export async function searchStaff(query: string): Promise<MentionCandidate[]> {
  const page = await callEndpoint(staffTicketEndpoints.assignees, { query: { search: query || undefined, limit: '8' } });
  return page.results.map((user) => ({ id: user.id, label: user.full_name.trim() || user.email, detail: user.email }));
}
