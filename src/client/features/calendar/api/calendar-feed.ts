import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { CalendarFeed } from '#shared/schemas/calendar';

export async function getCalendarFeed(): Promise<CalendarFeed> {
  return (await (await ensureOk(await api.api.calendar.feed.$get())).json()) as CalendarFeed;
}

const feedQueryKey = ['calendar-feed'] as const;

export const calendarFeedQueryOptions = queryOptions({ queryKey: feedQueryKey, queryFn: getCalendarFeed });

/** The person's private subscription address (made on first ask). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions, enabled });
}

export async function renewCalendarFeed(): Promise<CalendarFeed> {
  return (await (await ensureOk(await api.api.calendar.feed.renew.$post())).json()) as CalendarFeed;
}

/** A new address; the old one stops working at once. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(feedQueryKey, feed),
  });
}
