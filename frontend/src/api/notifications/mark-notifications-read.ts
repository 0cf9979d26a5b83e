import { notificationListSchema, type NotificationList } from '@btp/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listNotificationsQueryOptions } from './list-notifications';

/** `POST /api/notifications/read`: the given notifications (or all, without ids) read by the signed-in user. */
export async function markNotificationsRead(ids?: string[]): Promise<NotificationList> {
  return notificationListSchema.parse(await api.post('/api/notifications/read', ids ? { ids } : {}));
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (list) => queryClient.setQueryData(listNotificationsQueryOptions().queryKey, list),
  });
}
