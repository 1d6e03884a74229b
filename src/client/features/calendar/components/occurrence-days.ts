import { addDays, format, isBefore, startOfDay } from 'date-fns';
import type { EventOccurrence } from '#shared/schemas/calendar';
import { shownRange } from './event-dates';

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The viewer's days an occurrence is on: every day from its start to its end (an end at
 * midnight does not reach into that day; an all-day event covers its dates as written).
 */
export function daysOf(occurrence: EventOccurrence): string[] {
  const [start, end] = shownRange(occurrence);
  const last = occurrence.allDay || end.getTime() === start.getTime() ? end : new Date(end.getTime() - 1);
  const days: string[] = [];
  for (let day = startOfDay(start); !isBefore(last, day) && days.length < 400; day = addDays(day, 1)) {
    days.push(dayKey(day));
  }
  return days.length ? days : [dayKey(start)];
}

/** Occurrences by the days they are on, each day's in start order. */
export function byDay(occurrences: EventOccurrence[]): Map<string, EventOccurrence[]> {
  const map = new Map<string, EventOccurrence[]>();
  for (const o of occurrences) {
    for (const day of daysOf(o)) {
      const list = map.get(day);
      if (list) list.push(o);
      else map.set(day, [o]);
    }
  }
  return map;
}

/**
 * "7:00 PM" or "All day": what a month cell or agenda line says before the title. On a later day
 * of an event that runs over several (`day`), when it runs that day: "Until 11:00 AM" on its last,
 * "All day" between; its start time there read as if it began again that day.
 */
export function timeLabel(occurrence: EventOccurrence, day?: Date): string {
  if (occurrence.allDay) return 'All day';
  const start = new Date(occurrence.startDate);
  if (!day || !isBefore(start, startOfDay(day))) return format(start, 'h:mm a');
  const end = new Date(occurrence.endDate);
  return isBefore(end, addDays(startOfDay(day), 1)) ? `Until ${format(end, 'h:mm a')}` : 'All day';
}
