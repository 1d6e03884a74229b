import { differenceInCalendarDays, formatDistance, startOfDay } from 'date-fns';

/** "2025-06-13" as that calendar day in the browser (not midnight UTC). */
export function localDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/**
 * When an item of 'Recent Partner Activity' happened, in one style for the whole list: a gift
 * or a new partner has an instant ("3 days ago"), a contact only the calendar day it was logged
 * for, which reads "today", then "1 day ago", "2 days ago"... counted in calendar days, so the
 * list never mixes "3 days ago" with a date.
 */
export function activityWhen(when: { at: string } | { day: string }, now: Date): string {
  if ('at' in when) return formatDistance(new Date(when.at), now, { addSuffix: true });
  const day = localDate(when.day);
  if (differenceInCalendarDays(now, day) === 0) return 'today';
  return formatDistance(day, startOfDay(now), { addSuffix: true });
}
