/**
 * Calendar months in a named time zone (the browser's, DECISIONS.md D10) as exact instants,
 * using only Intl, so the same code runs in the browser, the server and the tests.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Unbounded input (a query parameter) must not grow this cache without limit.
    if (formatters.size > 200) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA zone name this runtime knows ("Europe/Berlin", "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone === '' || timeZone.length > 100) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a wall clock in the zone shows at the instant. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month! - 1,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The wall clock reading as milliseconds, as if it were UTC (comparable with Date.UTC). */
function wallMs(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  return Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second);
}

// No zone is more than 14 hours from UTC; a day either side leaves room for a DST jump.
const SEARCH_WINDOW_MS = 38 * 60 * 60 * 1000;

/**
 * The first instant of a day in the zone: local midnight, or, where a DST jump skips midnight
 * (America/Asuncion, 1 October 2023), the first moment the clock shows that day. `month` and
 * `day` may overflow like Date.UTC's (month -1 is December of the year before).
 */
export function zonedDayStart(year: number, month: number, day: number, timeZone: string): Date {
  const target = Date.UTC(year, month, day);
  // Binary search, to the second, for the first instant whose wall clock reads that day or later.
  let lo = Math.floor((target - SEARCH_WINDOW_MS) / 1000);
  let hi = Math.ceil((target + SEARCH_WINDOW_MS) / 1000);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallMs(mid * 1000, timeZone) >= target) hi = mid;
    else lo = mid + 1;
  }
  return new Date(lo * 1000);
}

/** The first instant of a month in the zone (see zonedDayStart). */
export function zonedMonthStart(year: number, month: number, timeZone: string): Date {
  return zonedDayStart(year, month, 1, timeZone);
}

export interface ZonedMonth {
  /** "2025-03" */
  key: string;
  start: Date;
  /** The next month's start (exclusive). */
  end: Date;
}

/**
 * The `count` calendar months up to and including the one `now` falls in, oldest first, with
 * their boundaries in the zone.
 */
export function monthsUpTo(now: Date, timeZone: string, count: number): ZonedMonth[] {
  const { year, month } = wallClock(now, timeZone);
  const starts = Array.from({ length: count + 1 }, (_, i) => zonedMonthStart(year, month - count + 1 + i, timeZone));
  return Array.from({ length: count }, (_, i) => {
    const first = new Date(Date.UTC(year, month - count + 1 + i, 1));
    const key = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    return { key, start: starts[i]!, end: starts[i + 1]! };
  });
}

/** The calendar date the zone's wall clock shows at the instant, as YYYY-MM-DD. */
export function zonedDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Today's date where the person is, for the name of a file they download (gifts-2026-12-01.csv):
 * their browser's zone when it is a real one, else UTC. At 7 PM in New York on Dec 1 the server's
 * UTC date is already Dec 2.
 */
export function downloadDay(timeZone: string | undefined, now = new Date()): string {
  return zonedDate(now, timeZone !== undefined && isValidTimeZone(timeZone) ? timeZone : 'UTC');
}
