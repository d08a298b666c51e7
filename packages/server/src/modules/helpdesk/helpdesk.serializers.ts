import type {
  Attachment,
  Conversation,
  Ticket,
  TicketHistoryField,
  TicketListItem,
  TicketPriority,
  TicketStatus,
  TicketType,
} from '@ops/contract/helpdesk/helpdesk.schemas';
import { CONTENT_TYPES, type DetectedType } from '../../platform/file-types';
import type { AttachmentView, ConversationView, HistoryView, TicketListView, TicketView } from './helpdesk.repository';

/** Row views -> API shapes of tickets, conversations, attachments and history. Pure functions. */

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The text runs of a rich-text JSON document (TipTap/ProseMirror), joined, for previews and mail. */
export function plainText(document: unknown, max = 200): string {
  const parts: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 50 || parts.join(' ').length > max || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((child) => walk(child, depth + 1));
    const record = node as Record<string, unknown>;
    if (typeof record.text === 'string') parts.push(record.text);
    // A mention is a node without text: its label is the name the writer saw, kept as "@Name".
    const label = record.type === 'mention' && record.attrs && typeof record.attrs === 'object' ? (record.attrs as Record<string, unknown>).label : undefined;
    if (typeof label === 'string' && label.trim()) parts.push(`@${label.trim()}`);
    for (const [key, value] of Object.entries(record)) if (key !== 'text' && typeof value === 'object') walk(value, depth + 1);
  };
  walk(document, 0);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function serializeTicketListItem(view: TicketListView): TicketListItem {
  return {
    id: view.id,
    number: view.number,
    title: view.title,
    ticket_type: view.ticketType as TicketType,
    priority: view.priority as TicketPriority,
    ticket_status: view.ticketStatus as TicketStatus,
    requester: view.requester,
    assignee: view.assignee,
    created_by: view.createdBy,
    updated_by: view.updatedBy,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
    client: view.client,
    cost_centre: view.costCentre,
    team: view.team,
    first_response_due_at: view.firstResponseDueAt?.toISOString() ?? null,
    first_responded_at: view.firstRespondedAt?.toISOString() ?? null,
    due_at: view.dueAt?.toISOString() ?? null,
    sla_status: view.slaStatus as TicketListItem['sla_status'],
  };
}

export function serializeTicket(view: TicketView): Ticket {
  return {
    ...serializeTicketListItem(view),
    ticket_content: view.ticketContent as Record<string, unknown>,
    meta_data: view.metaData as Ticket['meta_data'],
  };
}

export function serializeConversation(view: ConversationView): Conversation {
  return {
    id: view.id,
    ticket: view.ticketId,
    sender: view.sender,
    recipient: view.recipient,
    copy: view.copy,
    message: view.message as Record<string, unknown>,
    internal: view.internal,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
    created_by: view.createdBy,
    updated_by: view.updatedBy,
  };
}

export function serializeAttachment(view: AttachmentView, downloadUrl: string): Attachment {
  return {
    id: view.id,
    attachment: downloadUrl,
    file_name: view.fileName,
    content_type: CONTENT_TYPES[view.fileType as DetectedType],
    size: view.size,
    uploaded_by: view.uploadedBy,
    uploaded_at: view.uploadedAt.toISOString(),
  };
}

export function serializeHistory(view: HistoryView) {
  return {
    id: view.id,
    ticket: view.ticketId,
    field: view.field as TicketHistoryField,
    from_status: view.fromStatus as TicketStatus | null,
    to_status: view.toStatus as TicketStatus | null,
    from_value: view.fromValue,
    to_value: view.toValue,
    reason: view.reason,
    changed_by: view.changedBy,
    changed_at: view.changedAt.toISOString(),
  };
}
