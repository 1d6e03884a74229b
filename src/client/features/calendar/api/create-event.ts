import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '@/lib/upload';
import type { CalendarEvent } from '#shared/schemas/calendar';
import { calendarQueryKey } from './get-events';

/** The event form as the API takes it: text fields plus an optional "image" file. */
export interface EventPayload {
  title: string;
  description: string;
  location: string;
  /** ISO date-times. */
  startDate: string;
  endDate: string;
  image?: File | null;
  removeImage?: boolean;
  allDay?: boolean;
  /** The zone the event is planned in (the person's, D10). */
  timeZone?: string;
  /** An RRULE value, or null/undefined for a single event. */
  recurrence?: string | null;
}

export function eventFormData(payload: EventPayload): FormData {
  const form = new FormData();
  form.set('title', payload.title);
  form.set('description', payload.description);
  form.set('location', payload.location);
  form.set('startDate', payload.startDate);
  form.set('endDate', payload.endDate);
  if (payload.removeImage) form.set('removeImage', 'true');
  if (payload.allDay) form.set('allDay', 'true');
  if (payload.timeZone) form.set('timeZone', payload.timeZone);
  if (payload.recurrence) form.set('recurrence', payload.recurrence);
  // The file last: the server reads the fields while the image streams to storage.
  if (payload.image) form.set('image', payload.image);
  return form;
}

export async function createEvent(payload: EventPayload): Promise<CalendarEvent> {
  const { event } = await sendMultipart<{ event: CalendarEvent }>(
    '/api/calendar/events',
    'POST',
    eventFormData(payload),
  );
  return event;
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
