import { differenceInCalendarDays, format } from 'date-fns';

/**
 * The separator above a day's first message (issue 23): "Today", "Yesterday", then the
 * weekday and date, with the year only when it is not this year; in the browser's time zone.
 */
export function dayLabel(day: Date, now: Date): string {
  const ago = differenceInCalendarDays(now, day);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  return format(day, day.getFullYear() === now.getFullYear() ? 'EEEE, d MMMM' : 'EEEE, d MMMM yyyy');
}

/** Whether two instants fall on the same calendar day where the reader is. */
export const sameDay = (a: Date, b: Date) => differenceInCalendarDays(a, b) === 0;
