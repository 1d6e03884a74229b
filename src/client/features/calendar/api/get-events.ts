import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import type { EventList } from '#shared/schemas/calendar';

export async function getEvents(): Promise<EventList> {
  const response = await ensureOk(await api.api.calendar.events.$get());
  return (await response.json()) as EventList;
}

/** Everything the calendar shows (cards and ranges) refreshes together after a write. */
export const calendarQueryKey = ['calendar'] as const;
export const eventsQueryKey = ['calendar', 'events'] as const;

export const eventsQueryOptions = queryOptions({ queryKey: eventsQueryKey, queryFn: getEvents });

/** The events, refreshed when anyone adds or edits one. */
export function useEvents() {
  useRefetchOn(['events.changed'], calendarQueryKey);
  return useQuery(eventsQueryOptions);
}
