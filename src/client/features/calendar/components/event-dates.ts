import { format, isSameDay } from 'date-fns';
import { DATE_FORMAT, LONG_DATE_FORMAT } from '#shared/format';

/** Times as people here read them: '6:00 PM'. */
const TIME_FORMAT = 'h:mm a';
/** What an <input type="datetime-local"> holds. */
const LOCAL_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/**
 * An all-day event's date (midnight UTC of the date it is on, decision 0121) as that date in
 * the viewer's zone: it is shown on the same date everywhere.
 */
export function allDayLocal(iso: string): Date {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** An event's start and end as the viewer's dates (an all-day event's as written). */
export function shownRange(event: { startDate: string; endDate: string; allDay: boolean }): [Date, Date] {
  if (event.allDay) return [allDayLocal(event.startDate), allDayLocal(event.endDate)];
  return [new Date(event.startDate), new Date(event.endDate)];
}

/** D8: 'MMM dd, yyyy', and a range only when start and end fall on different days (in the viewer's zone). */
export function cardDateLabel(start: Date, end: Date): string {
  if (isSameDay(start, end)) return format(start, DATE_FORMAT);
  return `${format(start, DATE_FORMAT)} - ${format(end, DATE_FORMAT)}`;
}

/**
 * The card's time under its date (decision 0160): the hours of an event within one day; none for
 * an all-day event or one over several days, whose date line already says when.
 */
export function cardTimeLabel(start: Date, end: Date, allDay: boolean): string | null {
  if (allDay || !isSameDay(start, end)) return null;
  return `${format(start, TIME_FORMAT)} - ${format(end, TIME_FORMAT)}`;
}

/** The detail dialog's lines: the long date with times, one line per day when they differ. */
export function detailDateLines(start: Date, end: Date, allDay = false): string[] {
  if (allDay) {
    return isSameDay(start, end)
      ? [format(start, LONG_DATE_FORMAT), 'All day']
      : [`${format(start, LONG_DATE_FORMAT)} -`, format(end, LONG_DATE_FORMAT), 'All day'];
  }
  if (isSameDay(start, end)) {
    return [format(start, LONG_DATE_FORMAT), `${format(start, TIME_FORMAT)} - ${format(end, TIME_FORMAT)}`];
  }
  return [
    `${format(start, LONG_DATE_FORMAT)} at ${format(start, TIME_FORMAT)}`,
    `until ${format(end, LONG_DATE_FORMAT)} at ${format(end, TIME_FORMAT)}`,
  ];
}

export const TIME_LABEL_FORMAT = TIME_FORMAT;

export function toLocalInput(iso: string): string {
  return format(new Date(iso), LOCAL_INPUT_FORMAT);
}

/** A datetime-local value is in the viewer's zone; the API takes an instant. */
export function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}
