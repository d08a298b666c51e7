import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotFound } from '../../api/http-client';
import {
  createStreamToken,
  getNotificationCounts,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationStreamUrl,
} from '../../api/notifications';
import { useToken } from '../../features/auth/session';

export const notificationKeys = {
  all: ['notifications'] as const,
  counts: () => [...notificationKeys.all, 'counts'] as const,
  list: (limit: number) => [...notificationKeys.all, 'list', limit] as const,
};

export const notificationCountsQuery = queryOptions({
  queryKey: notificationKeys.counts(),
  queryFn: ({ signal }) => getNotificationCounts(signal),
});

export const notificationListQuery = (limit: number) =>
  queryOptions({ queryKey: notificationKeys.list(limit), queryFn: ({ signal }) => listNotifications(limit, signal) });

/**
 * The unread count. A server without the notifications module answers 404;
 * the header then simply shows none and stops asking.
 */
export function useNotificationCounts() {
  const token = useToken();
  const counts = useQuery({ ...notificationCountsQuery, enabled: token !== null, refetchInterval: (query) => (isNotFound(query.state.error) ? false : 120_000) });
  return { ...counts, available: !isNotFound(counts.error) };
}

export function useNotificationList(limit: number, enabled: boolean) {
  return useQuery({ ...notificationListQuery(limit), enabled });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
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
        };
        source.onmessage = refresh;
        source.addEventListener('notification', refresh);
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
