import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotFound } from '../../api/http-client';
import {
  type AppNotification,
  type NotificationListParams,
  createStreamToken,
  getNotificationCounts,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationStreamUrl,
} from '../../api/notifications';
import { STREAM_EVENTS } from '@ops/contract/notifications/notifications.values';
import { useToken } from '../../shared/session/session';

export const notificationKeys = {
  all: ['notifications'] as const,
  counts: () => [...notificationKeys.all, 'counts'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
};

export const notificationCountsQuery = queryOptions({
  queryKey: notificationKeys.counts(),
  queryFn: ({ signal }) => getNotificationCounts(signal),
});

export const notificationListQuery = (params: NotificationListParams) =>
  queryOptions({ queryKey: notificationKeys.list(params), queryFn: ({ signal }) => listNotifications(params, signal) });

/**
 * The unread count. A server without the notifications module answers 404;
 * the header then simply shows none and stops asking.
 */
export function useNotificationCounts() {
  const token = useToken();
  const counts = useQuery({
    ...notificationCountsQuery,
    enabled: token !== null,
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : 120_000),
  });
  return { ...counts, available: !isNotFound(counts.error) };
}

export function useNotificationList(limit: number, enabled: boolean) {
  return useQuery({ ...notificationListQuery({ limit }), enabled });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** What a stream event hands to listeners: the parts of a notification that say what it is about. */
export type StreamNotification = Pick<AppNotification, 'id' | 'data' | 'references'>;
type NotificationListener = (notification: StreamNotification) => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isReference = (value: unknown) =>
  value === null || (isObject(value) && typeof value.name === 'string' && typeof value.id === 'string');

/**
 * A stream event's payload, if it has the shape listeners read (id, data, references). The stream
 * is the server's own, but an event is read field by field (`notificationTicketId`), so its shape
 * is checked by hand here rather than with the contract's zod schema, which would load zod with
 * the shell. Anything else is dropped, as before.
 */
export function streamNotification(payload: unknown): StreamNotification | null {
  if (!isObject(payload) || typeof payload.id !== 'string') return null;
  if (payload.data !== null && !isObject(payload.data)) return null;
  const references = payload.references;
  if (!isObject(references) || !['actor', 'target', 'action_object'].every((key) => isReference(references[key]))) return null;
  return payload as StreamNotification;
}
const listeners = new Set<NotificationListener>();
/** `null`: any ticket may have changed (the stream has just opened, and nothing sent before was heard). */
const ticketListeners = new Set<(ticketId: string | null) => void>();

const presenceListeners = new Set<(subject: { model: string; id: string }) => void>();

/** Someone opened or closed the edit form of a record this user has open (presence/): its form asks who is there. */
export function subscribeToPresenceChanges(listener: (subject: { model: string; id: string }) => void): () => void {
  presenceListeners.add(listener);
  return () => presenceListeners.delete(listener);
}

/**
 * A ticket the user raised changed without a notification to them (its assignee or team): its open
 * page refreshes. Called with null when the stream opens or reopens: a change made between the
 * page's read and the stream's start (or while it was broken) sent its event to no one.
 */
export function subscribeToTicketChanges(listener: (ticketId: string | null) => void): () => void {
  ticketListeners.add(listener);
  return () => ticketListeners.delete(listener);
}

/**
 * Pages that show what a notification is about (a ticket's conversation)
 * listen here to refresh themselves when the stream delivers one.
 */
export function subscribeToNotifications(listener: NotificationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Live updates through the server-sent event stream: each event refreshes the
 * notification queries. The stream token is short-lived, so a broken stream is
 * reopened with a fresh token after a pause rather than by EventSource's own retry.
 */
export function useNotificationStream(enabled: boolean) {
  const token = useToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !token || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;
    const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const open = async () => {
      try {
        const streamToken = await createStreamToken();
        if (stopped) return;
        source = new EventSource(notificationStreamUrl(streamToken));
        source.onopen = () => {
          failures = 0;
          // The counts event the server sends first refreshes the notifications; ticket pages ask again here.
          for (const listener of ticketListeners) listener(null);
        };
        source.onmessage = refresh;
        source.addEventListener(STREAM_EVENTS.counts, refresh);
        source.addEventListener(STREAM_EVENTS.notification, (event) => {
          // The counts event that follows refreshes the lists; listeners refresh what the notification is about.
          let payload: unknown;
          try {
            payload = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return;
          }
          const notification = streamNotification(payload);
          if (notification) for (const listener of listeners) listener(notification);
        });
        source.addEventListener(STREAM_EVENTS.ticket, (event) => {
          let payload: unknown;
          try {
            payload = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return;
          }
          const ticketId = isObject(payload) && typeof payload.ticket_id === 'string' ? payload.ticket_id : null;
          if (ticketId) for (const listener of ticketListeners) listener(ticketId);
        });
        source.addEventListener(STREAM_EVENTS.presence, (event) => {
          let payload: unknown;
          try {
            payload = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return;
          }
          if (isObject(payload) && typeof payload.model === 'string' && typeof payload.id === 'string')
            for (const listener of presenceListeners) listener({ model: payload.model, id: payload.id });
        });
        source.onerror = () => {
          source?.close();
          schedule();
        };
      } catch (error) {
        if (!isNotFound(error)) schedule();
      }
    };
    const schedule = () => {
      if (stopped) return;
      failures += 1;
      retry = setTimeout(open, Math.min(300_000, 5_000 * 2 ** Math.min(failures, 6)));
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, token, queryClient]);
}
