import { wallClock, zonedDayStart } from './time-zone';

/**
 * Recurring events (issue 22, decision 0121): the subset of RFC 5545 RRULE the portal writes
 * and accepts, built from the event dialog's "Repeat" fields and put into words. Expansion is
 * the server's (src/server/features/calendar/recurrence.ts, with the rrule package); this file
 * needs only Intl so the dialog, the server and the tests share one reading of a rule.
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Every series ends, and within this many years of its first occurrence. */
export const MAX_SERIES_YEARS = 10;
/** Cancelled plus changed occurrences one series may hold. */
export const MAX_SERIES_EXCEPTIONS = 100;
export const RULE_WITHOUT_END = 'A repeating event must end: choose an end date or a number of times.';
export const RULE_TOO_LONG = `A repeating event must end within ${MAX_SERIES_YEARS} years of its first occurrence.`;
export const RULE_NO_OCCURRENCES = 'The repeat rule has no occurrences.';
export const RULE_INVALID = 'The repeat rule could not be read.';
export const TOO_MANY_EXCEPTIONS = `A repeating event can have at most ${MAX_SERIES_EXCEPTIONS} changed or deleted occurrences.`;

export interface Rule {
  freq: Frequency;
  interval: number;
  /** Weekly: the weekdays. Monthly/yearly by weekday: one entry with its ordinal (2TU, -1FR). */
  byDay: { ordinal: number | null; day: Weekday }[];
  byMonthDay: number | null;
  byMonth: number | null;
  count: number | null;
  /** "20270630T235959Z" (a timed series) or "20270630" (an all-day series). */
  until: string | null;
}

const ORDINAL_WORDS: Record<string, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', '-1': 'last' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Reads an RRULE value ("FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T235959Z") of the subset the
 * portal writes; anything else (BYHOUR, a second UNTIL, garbage) is refused rather than
 * half-understood. Returns a message for what is wrong, or the rule.
 */
export function parseRule(value: string): Rule | string {
  if (value.length > 500 || !/^[A-Z0-9=;,+-]+$/.test(value)) return RULE_INVALID;
  const rule: Rule = {
    freq: 'DAILY',
    interval: 1,
    byDay: [],
    byMonthDay: null,
    byMonth: null,
    count: null,
    until: null,
  };
  const seen = new Set<string>();
  let hasFreq = false;
  for (const part of value.split(';')) {
    const [key, val, extra] = part.split('=');
    if (!key || val === undefined || extra !== undefined || seen.has(key)) return RULE_INVALID;
    seen.add(key);
    switch (key) {
      case 'FREQ':
        if (!(FREQUENCIES as readonly string[]).includes(val)) return RULE_INVALID;
        rule.freq = val as Frequency;
        hasFreq = true;
        break;
      case 'INTERVAL':
        if (!/^[1-9]\d{0,2}$/.test(val)) return RULE_INVALID;
        rule.interval = Number(val);
        break;
      case 'COUNT':
        if (!/^[1-9]\d{0,5}$/.test(val)) return RULE_INVALID;
        rule.count = Number(val);
        break;
      case 'UNTIL':
        if (!/^\d{8}(T\d{6}Z)?$/.test(val)) return RULE_INVALID;
        rule.until = val;
        break;
      case 'BYMONTHDAY':
        if (!/^([1-9]|[12]\d|3[01])$/.test(val)) return RULE_INVALID;
        rule.byMonthDay = Number(val);
        break;
      case 'BYMONTH':
        if (!/^([1-9]|1[0-2])$/.test(val)) return RULE_INVALID;
        rule.byMonth = Number(val);
        break;
      case 'BYDAY':
        for (const d of val.split(',')) {
          const m = /^(-1|[1-4])?(MO|TU|WE|TH|FR|SA|SU)$/.exec(d);
          if (!m) return RULE_INVALID;
          rule.byDay.push({ ordinal: m[1] ? Number(m[1]) : null, day: m[2] as Weekday });
        }
        break;
      case 'WKST':
        if (val !== 'MO') return RULE_INVALID;
        break;
      default:
        return RULE_INVALID;
    }
  }
  if (!hasFreq) return RULE_INVALID;
  if (rule.count !== null && rule.until !== null) return RULE_INVALID;
  if (rule.count === null && rule.until === null) return RULE_WITHOUT_END;
  return rule;
}

/** The RRULE value of a rule, in a fixed order (so equal rules are equal strings). */
export function formatRule(rule: Rule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byMonth !== null) parts.push(`BYMONTH=${rule.byMonth}`);
  if (rule.byMonthDay !== null) parts.push(`BYMONTHDAY=${rule.byMonthDay}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.ordinal ?? ''}${d.day}`).join(',')}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until}`);
  return parts.join(';');
}

/** The dialog's "Repeat" choice. */
export interface RepeatChoice {
  frequency: 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';
  /** Weekly: the chosen weekdays (none chosen means the start's weekday). */
  weekdays: Weekday[];
  /** Monthly: on the start's date (the 14th) or its weekday ("second Tuesday"). */
  monthlyBy: 'date' | 'weekday';
  ends: 'until' | 'count';
  /** "2027-06-30": the last day an occurrence may start on, in the event's zone. */
  until: string;
  count: number;
}

export const NO_REPEAT: RepeatChoice = {
  frequency: 'none',
  weekdays: [],
  monthlyBy: 'date',
  ends: 'count',
  until: '',
  count: 10,
};

/** The weekday of a wall-clock date (0-based month). */
function weekdayOf(year: number, month: number, day: number): Weekday {
  return WEEKDAYS[(new Date(Date.UTC(year, month, day)).getUTCDay() + 6) % 7]!;
}

/** Where a start falls, in the zone it is planned in (an all-day start is a UTC date). */
function startParts(start: Date, timeZone: string, allDay: boolean) {
  const w = wallClock(start, allDay ? 'UTC' : timeZone);
  const weekday = weekdayOf(w.year, w.month, w.day);
  // The fifth Tuesday of a month is its last one; months without one would skip it.
  const nth = Math.ceil(w.day / 7);
  return { ...w, weekday, ordinal: nth >= 5 ? -1 : nth };
}

/**
 * Where a start falls, in words, for the dialog's choices: its weekday (the weekly default),
 * "day 14" and "the second Tuesday" (the two monthly readings). In the zone the rule is read
 * in, not the browser's: a Tuesday-evening series in Los Angeles is offered as Tuesdays in
 * London too, where its start is early on Wednesday.
 */
export function startFacts(start: Date, timeZone: string, allDay: boolean) {
  const at = startParts(start, timeZone, allDay);
  return {
    weekday: at.weekday,
    date: `day ${at.day}`,
    ordinal: `the ${ORDINAL_WORDS[String(at.ordinal)]} ${WEEKDAY_NAMES[at.weekday]}`,
  };
}

function untilValue(date: string, timeZone: string, allDay: boolean): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (allDay) return date.replaceAll('-', '');
  // The end of that day in the event's zone, as UTC (RFC 5545: UNTIL is UTC with a zoned DTSTART).
  const end = new Date(zonedDayStart(y, m - 1, d + 1, timeZone).getTime() - 1000);
  return end
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The RRULE value for the dialog's choice, or null for "Does not repeat". */
export function buildRule(choice: RepeatChoice, start: Date, timeZone: string, allDay: boolean): string | null {
  if (choice.frequency === 'none') return null;
  const at = startParts(start, timeZone, allDay);
  const rule: Rule = {
    freq: choice.frequency.toUpperCase() as Frequency,
    interval: 1,
    byDay: [],
    byMonthDay: null,
    byMonth: null,
    count: choice.ends === 'count' ? choice.count : null,
    until: choice.ends === 'until' && choice.until ? untilValue(choice.until, timeZone, allDay) : null,
  };
  if (choice.frequency === 'weekly') {
    const days = choice.weekdays.length ? choice.weekdays : [at.weekday];
    rule.byDay = WEEKDAYS.filter((d) => days.includes(d)).map((day) => ({ ordinal: null, day }));
  } else if (choice.frequency === 'monthly') {
    if (choice.monthlyBy === 'weekday') rule.byDay = [{ ordinal: at.ordinal, day: at.weekday }];
    else rule.byMonthDay = at.day;
  }
  return formatRule(rule);
}

/** The dialog's choice for a stored rule (for editing a series). */
export function choiceOf(value: string | null, timeZone: string): RepeatChoice {
  const rule = value ? parseRule(value) : null;
  if (!rule || typeof rule === 'string') return NO_REPEAT;
  // The day the series ends on in its zone, as the form's Ends on shows it: a timed series'
  // UNTIL is the end of that day in UTC (20261206T045959Z for Dec 5 in New York), and its date
  // read as it is was a day late west of UTC, so saving unchanged added an occurrence.
  const day = rule.until ? untilDay(rule.until, timeZone) : null;
  const until = day ? `${day.year}-${String(day.month + 1).padStart(2, '0')}-${String(day.day).padStart(2, '0')}` : '';
  return {
    frequency: rule.freq.toLowerCase() as RepeatChoice['frequency'],
    weekdays: rule.freq === 'WEEKLY' ? rule.byDay.map((d) => d.day) : [],
    monthlyBy: rule.byDay.length && rule.freq === 'MONTHLY' ? 'weekday' : 'date',
    ends: rule.until ? 'until' : 'count',
    until,
    count: rule.count ?? 10,
  };
}

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The date an UNTIL falls on in the event's zone (month from 0); an all-day series' UNTIL is that date already. */
function untilDay(until: string, timeZone: string): { year: number; month: number; day: number } {
  const year = Number(until.slice(0, 4));
  const month = Number(until.slice(4, 6)) - 1;
  const day = Number(until.slice(6, 8));
  if (until.length <= 8) return { year, month, day };
  const instant = new Date(
    Date.UTC(year, month, day, Number(until.slice(9, 11)), Number(until.slice(11, 13)), Number(until.slice(13, 15))),
  );
  const wall = wallClock(instant, timeZone);
  return { year: wall.year, month: wall.month, day: wall.day };
}

/** "Jun 30, 2027": an UNTIL as the date it falls on in the event's zone, written as every date of the portal (DATE_FORMAT). */
function untilWords(until: string, timeZone: string): string {
  const { year, month, day } = untilDay(until, timeZone);
  return `${MONTHS[month]} ${String(day).padStart(2, '0')}, ${year}`;
}

/**
 * A rule in words: "Every Tuesday until Jun 30, 2027", "Every month on the second Tuesday,
 * 10 times". `start` gives the day a rule without BYDAY/BYMONTHDAY repeats on.
 */
export function describeRule(value: string, start: Date, timeZone: string, allDay: boolean): string {
  const rule = parseRule(value);
  if (typeof rule === 'string') return 'Repeats';
  const at = startParts(start, timeZone, allDay);
  const every = (unit: string) => (rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`);
  let words: string;
  switch (rule.freq) {
    case 'DAILY':
      words = every('day');
      break;
    case 'WEEKLY': {
      const days = (rule.byDay.length ? rule.byDay.map((d) => d.day) : [at.weekday]).map((d) => WEEKDAY_NAMES[d]);
      words = rule.interval === 1 ? `Every ${list(days)}` : `${every('week')} on ${list(days)}`;
      break;
    }
    case 'MONTHLY': {
      const byDay = rule.byDay[0];
      words = byDay
        ? `${every('month')} on the ${ORDINAL_WORDS[String(byDay.ordinal ?? 1)]} ${WEEKDAY_NAMES[byDay.day]}`
        : `${every('month')} on day ${rule.byMonthDay ?? at.day}`;
      break;
    }
    case 'YEARLY':
      words = `${every('year')} on ${LONG_MONTHS[(rule.byMonth ?? at.month + 1) - 1]} ${rule.byMonthDay ?? at.day}`;
      break;
  }
  if (rule.until) return `${words} until ${untilWords(rule.until, allDay ? 'UTC' : timeZone)}`;
  return rule.count === 1 ? `${words}, once` : `${words}, ${rule.count} times`;
}
