/**
 * Notification calls (django-notifications shape), through the contract's
 * endpoint catalogue (its routes), typed by the schemas the server uses.
 */
import { notificationEndpoints } from './endpoint-routes';
import type { z } from 'zod';
import type {
  Notification,
  NotificationCount,
  notificationListQuerySchema,
} from '@ops/contract/notifications/notifications.schemas';
import type { Paginated } from '@ops/contract/common/pagination';
import { callEndpoint } from './http-client';

export type AppNotification = Notification;
export type NotificationCounts = NotificationCount;

type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export interface NotificationListParams {
  limit: number;
  offset?: number;
  /** Only unread (true) or only read (false) ones; all active ones when absent. */
  unread?: boolean;
}

const UNREAD_QUERY = { true: 'true', false: 'false' } as const satisfies Record<string, NotificationListQuery['unread']>;

export function listNotifications(params: NotificationListParams, signal?: AbortSignal): Promise<Paginated<AppNotification>> {
  return callEndpoint(notificationEndpoints.list, {
    query: {
      limit: String(params.limit),
      offset: params.offset ? String(params.offset) : undefined,
      unread: params.unread === undefined ? undefined : UNREAD_QUERY[`${params.unread}`],
    } satisfies NotificationListQuery,
    signal,
  });
}

export const getNotificationCounts = (signal?: AbortSignal): Promise<NotificationCounts> =>
  callEndpoint(notificationEndpoints.counts, { signal });
export const markAllNotificationsRead = async (): Promise<void> => void (await callEndpoint(notificationEndpoints.readAll));
export const deleteAllNotifications = (): Promise<void> => callEndpoint(notificationEndpoints.deleteAll);
export const markNotificationRead = (id: string): Promise<AppNotification> =>
  callEndpoint(notificationEndpoints.read, { params: { id } });
export const markNotificationUnread = (id: string): Promise<AppNotification> =>
  callEndpoint(notificationEndpoints.unread, { params: { id } });
export const deleteNotification = (id: string): Promise<void> => callEndpoint(notificationEndpoints.remove, { params: { id } });

/** A short-lived token for the event stream: EventSource cannot send the Authorization header. */
export async function createStreamToken(): Promise<string> {
  return (await callEndpoint(notificationEndpoints.streamToken)).token;
}

export function notificationStreamUrl(token: string): string {
  return `${notificationEndpoints.stream.path}?token=${encodeURIComponent(token)}`;
}

/** The ticket a notification is about, if any. */
export function notificationTicketId(
  notification: Pick<AppNotification, 'data'> & Partial<Pick<AppNotification, 'references'>>,
): string | null {
  const ticketId = notification.data?.ticket_id;
  if (typeof ticketId === 'string') return ticketId;
  const target = notification.references?.target;
  return target?.name === 'ticket' ? target.id : null;
}

/**
 * Where a notification leads: an explicit in-app URL in its data, a watched
 * client's or cost centre's page, else its ticket: the staff ticket page for those who may read all tickets (assignees,
 * help-desk staff), the requester's own page otherwise.
 */
export function notificationLink(
  notification: Pick<AppNotification, 'data'> & Partial<Pick<AppNotification, 'references'>>,
  options: { staff: boolean } = { staff: false },
): string | null {
  const url = notification.data?.url;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) return url;
  // A change to a watched client or cost centre (`watched_change`) leads to its page.
  const model = notification.data?.model;
  const recordId = notification.data?.id;
  const recordPath = model === 'client' ? '/clients' : model === 'cost_centre' ? '/cost-center' : null;
  if (recordPath && typeof recordId === 'string' && /^[0-9a-f-]{36}$/i.test(recordId)) return `${recordPath}/${recordId}`;
  const ticketId = notificationTicketId(notification);
  if (!ticketId) return null;
  const page = options.staff ? `/all-tickets/${ticketId}` : `/tickets/${ticketId}`;
  // A message notification lands on that message.
  const conversationId = notification.data?.conversation_id;
  return typeof conversationId === 'string' ? `${page}#message-${conversationId}` : page;
}
