import * as rruleModule from 'rrule';
import { refuse } from '#server/service/errors';
import { MAX_SERIES_YEARS, parseRule, RULE_NO_OCCURRENCES, RULE_TOO_LONG, type Rule } from '#shared/recurrence';
import { wallClock } from '#shared/time-zone';

// rrule's CommonJS build offers Node's ESM loader only a default export; bundlers see named ones.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What expansion needs of a series row. */
export interface SeriesTiming {
  startDate: Date;
  recurrence: string;
  timeZone: string;
  allDay: boolean;
}

/**
 * rrule expands in "floating" time: a Date whose UTC fields are the wall clock of the zone the
 * series is planned in (decision 0121). Expanding wall clocks and converting each back keeps a
 * weekly 19:00 meeting at 19:00 across a DST change; rrule's own `tzid` depends on the host's
 * zone and gets this wrong.
 */
function toFloating(instant: Date, timeZone: string): Date {
  const w = wallClock(instant, timeZone);
  return new Date(Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second));
}

function offsetAt(instant: number, timeZone: string): number {
  return toFloating(new Date(instant), timeZone).getTime() - instant;
}

/** The instant a wall clock (floating Date) shows in the zone; a time skipped by DST moves forward. */
export function fromFloating(floating: Date, timeZone: string): Date {
  const wall = floating.getTime();
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

function untilDate(rule: Rule, timeZone: string, allDay: boolean): Date | null {
  const u = rule.until;
  if (!u) return null;
  const y = Number(u.slice(0, 4));
  const m = Number(u.slice(4, 6)) - 1;
  const d = Number(u.slice(6, 8));
  if (u.length === 8) return new Date(Date.UTC(y, m, d, 23, 59, 59));
  const instant = new Date(Date.UTC(y, m, d, Number(u.slice(9, 11)), Number(u.slice(11, 13)), Number(u.slice(13, 15))));
  return allDay ? instant : toFloating(instant, timeZone);
}

const FREQ = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY, YEARLY: RRule.YEARLY } as const;
const DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const DAY_INDEX = { MO: 0, TU: 1, WE: 2, TH: 3, FR: 4, SA: 5, SU: 6 } as const;

const cache = new Map<string, InstanceType<typeof RRule>>();

/** The rrule object for a series, in floating time (cached: a month view expands the same series often). */
function ruleFor(series: SeriesTiming): InstanceType<typeof RRule> {
  const zone = series.allDay ? 'UTC' : series.timeZone;
  const key = `${series.recurrence}|${series.startDate.getTime()}|${zone}`;
  let rrule = cache.get(key);
  if (!rrule) {
    const rule = parseRule(series.recurrence);
    if (typeof rule === 'string') throw new Error(`stored rule unreadable: ${series.recurrence}`);
    rrule = new RRule({
      freq: FREQ[rule.freq],
      interval: rule.interval,
      dtstart: toFloating(series.startDate, zone),
      until: untilDate(rule, zone, series.allDay),
      count: rule.count,
      wkst: RRule.MO,
      bymonth: rule.byMonth,
      bymonthday: rule.byMonthDay,
      byweekday: rule.byDay.length
        ? rule.byDay.map((d) => (d.ordinal ? DAYS[DAY_INDEX[d.day]]!.nth(d.ordinal) : DAYS[DAY_INDEX[d.day]]!))
        : null,
    });
    if (cache.size > 5000) cache.clear();
    cache.set(key, rrule);
  }
  return rrule;
}

/** The starts of a series' occurrences that begin in [from, to] (instants, inclusive). */
export function occurrenceStarts(series: SeriesTiming, from: Date, to: Date): Date[] {
  const zone = series.allDay ? 'UTC' : series.timeZone;
  const rrule = ruleFor(series);
  // A day's slack either side of the floating range covers every zone offset; exact instants filter after.
  const floating = rrule.between(
    new Date(toFloating(from, zone).getTime() - DAY_MS),
    new Date(toFloating(to, zone).getTime() + DAY_MS),
    true,
  );
  return floating
    .map((f) => (series.allDay ? f : fromFloating(f, zone)))
    .filter((d) => d.getTime() >= from.getTime() && d.getTime() <= to.getTime());
}

/**
 * For a series that ends after a number of times (COUNT): how many of its occurrences start
 * before `at`, so "this and following" can offer the number left (4, from the third: 2). Null
 * for a series that ends on a date. Cancelled occurrences count, as RFC 5545's COUNT counts them.
 */
export function occurrencesBefore(series: SeriesTiming, at: Date): number | null {
  const rule = parseRule(series.recurrence);
  if (typeof rule === 'string' || rule.count === null) return null;
  if (at.getTime() <= series.startDate.getTime()) return 0;
  return occurrenceStarts(series, series.startDate, new Date(at.getTime() - 1)).length;
}

/** Whether `start` is one of the series' occurrences. */
export function isOccurrence(series: SeriesTiming, start: Date): boolean {
  return occurrenceStarts(series, start, start).some((d) => d.getTime() === start.getTime());
}

/** The first occurrence starting at or after `at`, if any. */
export function nextOccurrence(series: SeriesTiming, at: Date): Date | null {
  const zone = series.allDay ? 'UTC' : series.timeZone;
  const next = ruleFor(series).after(new Date(toFloating(at, zone).getTime() - DAY_MS), true);
  if (!next) return null;
  // Within the day of slack the next may still be before `at`: step on from there.
  for (let candidate: Date | null = next; candidate; candidate = ruleFor(series).after(candidate, false)) {
    const instant = series.allDay ? candidate : fromFloating(candidate, zone);
    if (instant.getTime() >= at.getTime()) return instant;
  }
  return null;
}

/**
 * The start of the last occurrence, refusing a series that has none or whose last occurrence
 * is more than MAX_SERIES_YEARS after its first (issue 22: every series ends, and soon enough
 * that expanding it stays cheap).
 */
export function lastOccurrence(series: SeriesTiming): Date {
  const zone = series.allDay ? 'UTC' : series.timeZone;
  const rrule = ruleFor(series);
  const first = rrule.after(new Date(toFloating(series.startDate, zone).getTime() - 1), true);
  if (!first) refuse(400, RULE_NO_OCCURRENCES);
  const limit = new Date(first.getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_SERIES_YEARS);
  if (rrule.after(limit, false)) refuse(400, RULE_TOO_LONG);
  const last = rrule.before(new Date(limit.getTime() + 1), true)!;
  return series.allDay ? last : fromFloating(last, zone);
}
