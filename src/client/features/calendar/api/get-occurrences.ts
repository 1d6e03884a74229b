import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import type { OccurrenceList } from '#shared/schemas/calendar';
import { calendarQueryKey } from './get-events';

export async function getOccurrences(from: Date, to: Date): Promise<OccurrenceList> {
  const response = await ensureOk(
    await api.api.calendar.occurrences.$get({ query: { from: from.toISOString(), to: to.toISOString() } }),
  );
  return (await response.json()) as OccurrenceList;
}

export const occurrencesQueryOptions = (from: Date, to: Date) =>
  queryOptions({
    queryKey: [...calendarQueryKey, 'occurrences', from.toISOString(), to.toISOString()],
    queryFn: () => getOccurrences(from, to),
    // The month being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

/** The occurrences overlapping [from, to), refreshed when anyone changes an event. */
export function useOccurrences(from: Date, to: Date) {
  useRefetchOn(['events.changed'], calendarQueryKey);
  return useQuery(occurrencesQueryOptions(from, to));
}
