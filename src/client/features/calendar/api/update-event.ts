import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '@/lib/upload';
import type { CalendarEvent } from '#shared/schemas/calendar';
import { eventFormData, type EventPayload } from './create-event';
import { eventsQueryKey } from './get-events';

export async function updateEvent({ id, ...payload }: EventPayload & { id: string }): Promise<CalendarEvent> {
  const url = `/api/calendar/events/${encodeURIComponent(id)}`;
  const { event } = await sendMultipart<{ event: CalendarEvent }>(url, 'PUT', eventFormData(payload));
  return event;
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
