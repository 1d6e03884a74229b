/** The calendar: events, cancelled occurrences and calendar feeds. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, linkToken, updatedAt } from './columns';
import { user } from './accounts';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept when its creator's account is deleted (decision 0109, migration 0017).
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 5000 }),
    /**
     * Instants. An all-day event (issue 22) holds its first and last day as midnight UTC of
     * those dates (the end is inclusive), and is shown on those dates in every time zone.
     */
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    location: varchar('location', { length: 200 }),
    imageUrl: text('image_url'),
    allDay: boolean('all_day').notNull().default(false),
    /** The IANA zone the event was planned in: a weekly 7 pm meeting stays at 7 pm across DST. */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    /** An RFC 5545 RRULE value (without "RRULE:") for a series; null for a single event. */
    recurrence: varchar('recurrence', { length: 500 }),
    /**
     * The end of a series' last occurrence (every series ends, issue 22), so a month's query
     * finds the series overlapping it by an index instead of expanding every rule.
     */
    seriesEnd: timestamp('series_end', { withTimezone: true }),
    /**
     * An occurrence changed on its own (RECURRENCE-ID): the series it belongs to and the start
     * of the occurrence it replaces. Its own start and end say when it now takes place.
     */
    seriesId: uuid('series_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_start_date_idx').on(t.startDate),
    index('events_series_range_idx')
      .on(t.startDate, t.seriesEnd)
      .where(sql`${t.recurrence} is not null`),
    uniqueIndex('events_series_occurrence_idx').on(t.seriesId, t.occurrenceStart),
    check('events_occurrence_check', sql`(${t.seriesId} is null) = (${t.occurrenceStart} is null)`),
    check('events_series_end_check', sql`(${t.recurrence} is null) = (${t.seriesEnd} is null)`),
  ],
);

/** Occurrences of a series that were deleted on their own (EXDATE, issue 22). */
export const eventCancellations = pgTable(
  'event_cancellations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart] })],
);

/**
 * A person's private calendar subscription address (issue 22): /api/calendar/feed/<token>.ics.
 * Renewing replaces the token (`set token = default`); the old address answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique().default(linkToken),
  createdAt: createdAt(),
});
