import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markNotificationRead } from '../../api/notifications';
import { notificationKeys } from './notifications.queries';

/**
 * Marks several read (a day's group in the bell or the list): one call each, then one refresh.
 * Its own module: the bell's drop-down and the notifications page load it, the shell does not.
 */
export function useMarkManyRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => void (await Promise.all(ids.map((id) => markNotificationRead(id)))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
