import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import type { NotificationsPage } from '#shared/schemas/notifications';

export async function getNotifications(before?: number): Promise<NotificationsPage> {
  const response = await ensureOk(
    await api.api.notifications.$get({ query: before === undefined ? {} : { before: String(before) } }),
  );
  return (await response.json()) as NotificationsPage;
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: ['notifications'],
  queryFn: ({ pageParam }) => getNotifications(pageParam),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (last) => last.nextBefore ?? undefined,
});

/**
 * The person's notifications, newest first, one page after another; live: a new one, or one
 * read in another tab, reloads them (the server sends `notifications.changed` to that person only).
 */
export function useNotifications() {
  useRefetchOn(['notifications.changed'], notificationsQueryOptions.queryKey);
  return useInfiniteQuery(notificationsQueryOptions);
}
