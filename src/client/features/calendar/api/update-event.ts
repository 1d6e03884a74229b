import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '@/lib/upload';
import type { CalendarEvent, EventScope } from '#shared/schemas/calendar';
import { eventFormData, type EventPayload } from './create-event';
import { calendarQueryKey } from './get-events';

/** Which part of a series a write is for; a single event needs none. */
export interface SeriesTarget {
  scope?: EventScope;
  /** The occurrence's original start (ISO). */
  occurrence?: string;
}

export function eventUrl(id: string, target: SeriesTarget = {}): string {
  const query = new URLSearchParams();
  if (target.scope) query.set('scope', target.scope);
  if (target.occurrence) query.set('occurrence', target.occurrence);
  const suffix = query.size ? `?${query}` : '';
  return `/api/calendar/events/${encodeURIComponent(id)}${suffix}`;
}

export async function updateEvent({
  id,
  target,
  ...payload
}: EventPayload & { id: string; target?: SeriesTarget }): Promise<CalendarEvent> {
  const { event } = await sendMultipart<{ event: CalendarEvent }>(eventUrl(id, target), 'PUT', eventFormData(payload));
  return event;
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
