import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteAllNotifications,
  deleteNotification,
  markNotificationRead,
  markNotificationUnread,
} from '../../api/notifications';
import { notificationKeys, notificationListQuery } from '../../shell/header/notifications.queries';
import type { NotificationListParams } from '../../api/notifications';

/** One page of the View All Notifications list. Keys sit under the header's, so any change refreshes both. */
export const notificationPageQuery = (params: NotificationListParams) => ({
  ...notificationListQuery(params),
  placeholderData: keepPreviousData,
});

function useNotificationMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}

export const useSetUnread = () =>
  useNotificationMutation(({ id, unread }: { id: string; unread: boolean }) =>
    unread ? markNotificationUnread(id) : markNotificationRead(id),
  );
export const useDeleteNotification = () => useNotificationMutation((id: string) => deleteNotification(id));
export const useDeleteAllNotifications = () => useNotificationMutation(() => deleteAllNotifications());
