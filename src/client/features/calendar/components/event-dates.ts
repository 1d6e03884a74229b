import { format, isSameDay } from 'date-fns';
import { DATE_FORMAT, LONG_DATE_FORMAT } from '#shared/format';

/** Times as people here read them: '6:00 PM'. */
const TIME_FORMAT = 'h:mm a';
/** What an <input type="datetime-local"> holds. */
const LOCAL_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** D8: 'MMM dd, yyyy', and a range only when start and end fall on different days (in the viewer's zone). */
export function cardDateLabel(start: Date, end: Date): string {
  if (isSameDay(start, end)) return format(start, DATE_FORMAT);
  return `${format(start, DATE_FORMAT)} - ${format(end, DATE_FORMAT)}`;
}

/** The detail dialog's lines: the long date with times, one line per day when they differ. */
export function detailDateLines(start: Date, end: Date): string[] {
  if (isSameDay(start, end)) {
    return [format(start, LONG_DATE_FORMAT), `${format(start, TIME_FORMAT)} - ${format(end, TIME_FORMAT)}`];
  }
  return [
    `${format(start, LONG_DATE_FORMAT)} at ${format(start, TIME_FORMAT)}`,
    `until ${format(end, LONG_DATE_FORMAT)} at ${format(end, TIME_FORMAT)}`,
  ];
}

export function toLocalInput(iso: string): string {
  return format(new Date(iso), LOCAL_INPUT_FORMAT);
}

/** A datetime-local value is in the viewer's zone; the API takes an instant. */
export function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}
