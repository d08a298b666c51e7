/**
 * Notification calls (django-notifications shape). Declared here until the
 * notifications contract merges; this file is the one place to switch over.
 */
import { apiRequest } from './http-client';
import type { Page } from './helpdesk';

export interface NotificationReference {
  name: string;
  id: string;
}

export interface AppNotification {
  id: string;
  unread: boolean;
  level: 'success' | 'info' | 'warning' | 'error';
  verb: string;
  description: string | null;
  timestamp: string;
  data: Record<string, unknown> | null;
  references?: { actor?: NotificationReference | null; target?: NotificationReference | null; action_object?: NotificationReference | null } | null;
}

export interface NotificationCounts {
  active: number;
  unread: number;
  deleted: number;
}

const BASE = '/api/notifications/';

export async function listNotifications(limit: number, signal?: AbortSignal): Promise<Page<AppNotification>> {
  return (await apiRequest(BASE, { query: { limit }, signal })) as Page<AppNotification>;
}

export async function getNotificationCounts(signal?: AbortSignal): Promise<NotificationCounts> {
  return (await apiRequest(`${BASE}counts/`, { signal })) as NotificationCounts;
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest(`${BASE}read-all/`, { method: 'POST' });
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`${BASE}${encodeURIComponent(id)}/read/`, { method: 'POST' });
}

/** A short-lived token for the event stream: EventSource cannot send the Authorization header. */
export async function createStreamToken(): Promise<string> {
  const body = (await apiRequest(`${BASE}stream-token/`, { method: 'POST' })) as { token: string };
  return body.token;
}

export function notificationStreamUrl(token: string): string {
  return `${BASE}stream/?token=${encodeURIComponent(token)}`;
}

/** Where a notification leads: an explicit in-app URL in its data, else its ticket. */
export function notificationLink(notification: AppNotification): string | null {
  const url = notification.data?.url;
  if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) return url;
  const ticketId = notification.data?.ticket_id ?? notification.references?.target?.id;
  return typeof ticketId === 'string' ? `/tickets/${ticketId}` : null;
}
