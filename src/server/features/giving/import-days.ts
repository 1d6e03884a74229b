import { zonedDate, zonedDayStart } from '#shared/time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Distinct (day, zone) pairs kept: a file spans a few thousand days at most. */
const KEPT = 20_000;

/**
 * Day boundaries in a zone, remembered: each one is a binary search over Intl formatting (about
 * 0.3 ms), and an import of 100,000 rows asks for the same few hundred days again and again.
 */
export class ImportDays {
  private readonly starts = new Map<string, number>();
  private readonly todays = new Map<string, string>();

  /** The first instant of the calendar date (YYYY-MM-DD) in the zone. */
  start(date: string, timeZone: string): Date {
    const key = `${date}|${timeZone}`;
    let start = this.starts.get(key);
    if (start === undefined) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      start = zonedDayStart(y, m - 1, d, timeZone).getTime();
      if (this.starts.size >= KEPT) this.starts.clear();
      this.starts.set(key, start);
    }
    return new Date(start);
  }

  /** The first instant of the day after. */
  end(date: string, timeZone: string): Date {
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    return this.start(next, timeZone);
  }

  /** Today's date in the zone at `now`. */
  today(now: Date, timeZone: string): string {
    const key = `${now.getTime()}|${timeZone}`;
    let today = this.todays.get(key);
    if (today === undefined) {
      today = zonedDate(now, timeZone);
      if (this.todays.size >= KEPT) this.todays.clear();
      this.todays.set(key, today);
    }
    return today;
  }

  /** giftInstant's rule (noon of the date in the zone, never after now) without searching again. */
  instant(date: string, timeZone: string, now: Date): Date {
    const noon = new Date(this.start(date, timeZone).getTime() + DAY_MS / 2);
    return noon > now ? now : noon;
  }
}
