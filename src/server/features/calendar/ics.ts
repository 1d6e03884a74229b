import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar } from 'ical-generator';
import { wallClock } from '#shared/time-zone';
import type { EventRow } from './event-rows';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * ical-generator writes a zoned DTSTART from the Date's UTC fields when the calendar has no
 * zone of its own ("floating" formatting under a TZID); its own conversion reads the server
 * process's local zone. So a zoned time goes in as a Date whose UTC fields are the wall clock.
 */
function wall(instant: Date, timeZone: string): Date {
  const w = wallClock(instant, timeZone);
  return new Date(Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second));
}

function stamp(date: Date, allDay: boolean, timeZone: string): string {
  const iso = (allDay ? date : wall(date, timeZone))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
  return allDay ? iso.slice(0, 8) : iso;
}

export interface IcsSeries {
  row: EventRow;
  /** Changed occurrences (RECURRENCE-ID) and cancelled ones (EXDATE) of a series. */
  changed: EventRow[];
  cancelled: Date[];
}

export function newCalendar(name: string): ICalCalendar {
  return ical({
    name,
    prodId: { company: 'Ministry Portal', product: 'Calendar', language: 'EN' },
    // A VTIMEZONE for every zone an event uses (RFC 5545 3.6.5), from the tzurl.org definitions.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
}

function uid(id: string): string {
  return `${id}@ministry-portal`;
}

function addRow(
  calendar: ICalCalendar,
  row: EventRow,
  uidOf: string,
  extra: { repeating?: string; recurrenceOf?: Date },
) {
  const zone = row.allDay || row.timeZone === 'UTC' ? null : row.timeZone;
  const at = (d: Date) => (zone ? wall(d, zone) : d);
  const event = calendar.createEvent({
    id: uidOf,
    start: at(row.startDate),
    // RFC 5545: an all-day DTEND is the day after the last (exclusive); ours is inclusive.
    end: row.allDay ? new Date(row.endDate.getTime() + DAY_MS) : at(row.endDate),
    allDay: row.allDay,
    timezone: zone,
    summary: row.title,
    description: row.description,
    location: row.location,
    stamp: row.updatedAt,
    lastModified: row.updatedAt,
    created: row.createdAt,
    repeating: extra.repeating ?? null,
  });
  if (extra.recurrenceOf) {
    // ical-generator writes RECURRENCE-ID as a date-time; an all-day series needs a DATE.
    if (row.allDay) event.x([['RECURRENCE-ID;VALUE=DATE', stamp(extra.recurrenceOf, true, 'UTC')]]);
    else event.recurrenceId(at(extra.recurrenceOf));
  }
}

/** One single event, or a series with its exceptions, as VEVENTs sharing one UID. */
export function addEvent(calendar: ICalCalendar, { row, changed, cancelled }: IcsSeries) {
  if (!row.recurrence) {
    addRow(calendar, row, uid(row.id), {});
    return;
  }
  const zone = row.allDay ? 'UTC' : row.timeZone;
  const lines = [`RRULE:${row.recurrence}`];
  if (cancelled.length) {
    const dates = cancelled.map((d) => stamp(d, row.allDay, zone)).join(',');
    lines.push(
      row.allDay
        ? `EXDATE;VALUE=DATE:${dates}`
        : zone === 'UTC'
          ? `EXDATE:${cancelled.map((d) => `${stamp(d, false, 'UTC')}Z`).join(',')}`
          : `EXDATE;TZID=${zone}:${dates}`,
    );
  }
  addRow(calendar, row, uid(row.id), { repeating: lines.join('\n') });
  for (const c of changed) addRow(calendar, c, uid(row.id), { recurrenceOf: c.occurrenceStart! });
}

/** One occurrence of a series as a single event of its own (the ".ics" of that occurrence). */
export function addOccurrence(calendar: ICalCalendar, row: EventRow, start: Date) {
  const end = new Date(start.getTime() + row.endDate.getTime() - row.startDate.getTime());
  addRow(
    calendar,
    { ...row, startDate: start, endDate: end, recurrence: null },
    uid(`${row.id}-${start.getTime()}`),
    {},
  );
}
