import { notificationListSchema, type NotificationList } from '@btp/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type { NotificationList };

/** How often the bell asks again while the page is open (ms); it also asks when the window gets focus. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** `GET /api/notifications`: the company's latest 50 events, read or not by the signed-in user, and `unreadCount`. */
export async function listNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return notificationListSchema.parse(await api.get('/api/notifications', { signal }));
}

export function listNotificationsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => listNotifications(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    // The app's queries never go stale on their own; the bell's do, so focus and the timer ask again.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** `enabled: false` for a caller without a company (a super administrator): nothing is asked. */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...listNotificationsQueryOptions(), enabled });
}
