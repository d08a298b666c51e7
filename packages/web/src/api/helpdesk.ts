/**
 * Help-desk calls. The help-desk contract is being written on another branch;
 * until it merges these types are declared here, shaped after spec 02, and this
 * is the only file to switch to the contract's endpoint catalogue afterwards.
 */
import { apiRequest } from './http-client';

export type TicketKind = 'feedback' | 'issue' | 'service-request';

export interface TicketUser {
  id: string;
  full_name: string;
  email?: string;
}

export interface TicketListItem {
  id: string;
  title: string;
  ticket_type: string;
  ticket_status: string;
  priority: string;
  requester: TicketUser | null;
  assignee: TicketUser | null;
  created_at: string;
  updated_at: string;
}

export interface TicketDetail extends TicketListItem {
  ticket_content: unknown;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface TicketSubmission {
  title: string;
  /** The rich-text editor's JSON document. */
  content: unknown;
  attachments: File[];
}

const BASE = '/api/helpdesk/my-tickets/';

export async function createTicket(kind: TicketKind, submission: TicketSubmission): Promise<{ id: string }> {
  const form = new FormData();
  form.append('title', submission.title);
  form.append('ticket_content', JSON.stringify(submission.content));
  submission.attachments.forEach((file, index) => form.append(`attachments[${index}][attachment]`, file, file.name));
  return (await apiRequest(`${BASE}${kind}/`, { method: 'POST', form })) as { id: string };
}

export async function listMyTickets(query: { limit: number; offset: number; search?: string }, signal?: AbortSignal): Promise<Page<TicketListItem>> {
  return (await apiRequest(BASE, { query, signal })) as Page<TicketListItem>;
}

export async function getMyTicket(id: string, signal?: AbortSignal): Promise<TicketDetail> {
  return (await apiRequest(`${BASE}${encodeURIComponent(id)}/`, { signal })) as TicketDetail;
}
