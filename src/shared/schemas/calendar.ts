import { z } from 'zod';
import { DATE_OUT_OF_RANGE, isYearInRange } from '../limits';
import { parseRule } from '../recurrence';
import { isValidTimeZone } from '../time-zone';

/** Calendar events (SPEC "events", DECISIONS.md D8). */

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 200;
export const END_BEFORE_START = 'End date must be after start date';
export const NOT_AN_IMAGE = 'The event image must be a picture (PNG, JPEG, GIF or WebP).';

const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

/** Optional text: trimmed, and empty means none (stored as null). */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is limited to ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

const eventText = {
  title: z
    .string(required('Title is required'))
    .trim()
    .min(1, 'Title is required')
    .max(EVENT_TITLE_MAX, `Title is limited to ${EVENT_TITLE_MAX} characters`),
  description: optionalText(EVENT_DESCRIPTION_MAX, 'Description'),
  location: optionalText(EVENT_LOCATION_MAX, 'Location'),
};

const instant = (message: string) =>
  z
    .string(required(message))
    .min(1, message)
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .refine(isYearInRange, DATE_OUT_OF_RANGE);

/**
 * What the API takes (multipart text fields): start and end as ISO date-times with an offset.
 * End before start is refused (D8); the same instant is allowed.
 */
export const eventInputSchema = z
  .object({
    ...eventText,
    startDate: instant('Start date is required'),
    endDate: instant('End date is required'),
    removeImage: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    /** Issue 22: an all-day event's start and end are the dates written (midnight UTC, end inclusive). */
    allDay: z
      .enum(['true', 'false'], 'All day must be true or false')
      .optional()
      .transform((v) => v === 'true'),
    /** The zone the event is planned in (the person's); a series keeps its wall-clock time there. */
    timeZone: z
      .string()
      .optional()
      .refine((v) => v === undefined || isValidTimeZone(v), 'Unknown time zone')
      .transform((v) => v ?? 'UTC'),
    /** An RRULE value (decision 0121); empty means a single event. */
    recurrence: z
      .string()
      .optional()
      .transform((v) => (v ? v : null))
      .superRefine((v, ctx) => {
        const rule = v === null ? null : parseRule(v);
        if (typeof rule === 'string') ctx.addIssue({ code: 'custom', message: rule });
      }),
  })
  .refine((v) => new Date(v.endDate).getTime() >= new Date(v.startDate).getTime(), {
    message: END_BEFORE_START,
    path: ['endDate'],
  });
export type EventInput = z.output<typeof eventInputSchema>;

/** The dialog's form: start and end as the browser's local date-time inputs ('2025-06-01T09:30'). */
export const eventFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Title is required')
      .max(EVENT_TITLE_MAX, `Title is limited to ${EVENT_TITLE_MAX} characters`),
    description: z.string().max(EVENT_DESCRIPTION_MAX, `Description is limited to ${EVENT_DESCRIPTION_MAX} characters`),
    location: z.string().max(EVENT_LOCATION_MAX, `Location is limited to ${EVENT_LOCATION_MAX} characters`),
    start: z.string().min(1, 'Start date is required').refine(isYearInRange, DATE_OUT_OF_RANGE),
    end: z.string().min(1, 'End date is required').refine(isYearInRange, DATE_OUT_OF_RANGE),
  })
  .refine((v) => !v.start || !v.end || new Date(v.end).getTime() >= new Date(v.start).getTime(), {
    message: END_BEFORE_START,
    path: ['end'],
  });
export type EventFormValues = z.input<typeof eventFormSchema>;

export const eventIdSchema = z.object({ id: z.uuid('Event not found') });

export const EVENT_SCOPES = ['this', 'following', 'all'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];
export const OCCURRENCE_REQUIRED = 'Choose which occurrence of the repeating event to change.';

/** Which part of a series an edit or delete is for (a single event needs neither). */
export const eventScopeSchema = z.object({
  scope: z.enum(EVENT_SCOPES, 'Scope must be this, following or all').optional(),
  occurrence: z.iso.datetime({ offset: true, error: 'Occurrence must be a date-time' }).optional(),
});
export type EventScopeQuery = z.output<typeof eventScopeSchema>;

export const OCCURRENCE_RANGE_MAX_DAYS = 366;

/** GET /api/calendar/occurrences: a range of at most a year (a month grid asks for six weeks). */
export const occurrenceRangeSchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'From must be a date-time' }).refine(isYearInRange, DATE_OUT_OF_RANGE),
    to: z.iso.datetime({ offset: true, error: 'To must be a date-time' }).refine(isYearInRange, DATE_OUT_OF_RANGE),
  })
  .refine((v) => new Date(v.to).getTime() > new Date(v.from).getTime(), {
    message: 'To must be after from',
    path: ['to'],
  })
  .refine(
    (v) => new Date(v.to).getTime() - new Date(v.from).getTime() <= OCCURRENCE_RANGE_MAX_DAYS * 24 * 60 * 60 * 1000,
    { message: `The range is limited to ${OCCURRENCE_RANGE_MAX_DAYS} days`, path: ['to'] },
  );

/** GET /api/calendar/events/:id/ics: optionally one occurrence of a series. */
export const icsQuerySchema = z.object({
  occurrence: z.iso.datetime({ offset: true, error: 'Occurrence must be a date-time' }).optional(),
});

export const feedTokenSchema = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.ics$/) });

export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string;
  location: string | null;
  /** Served by the portal to people with the calendar permission; null without an image. */
  imageUrl: string | null;
  createdBy: string | null;
  allDay: boolean;
  timeZone: string;
  /** The series' RRULE value, null for a single event. */
  recurrence: string | null;
  /** The rule in words ("Every Tuesday until Jun 30, 2027"), null for a single event. */
  repeats: string | null;
  /** A series' card shows its next occurrence: that occurrence's start (else the event's start). */
  occurrenceStart: string;
  /** A series' own first start (for "All events" edits), else the event's start. */
  seriesStart: string;
  /**
   * A series that ends after a number of times: how many of its occurrences come before this
   * one, so "This and following events" offers the number left. Null otherwise.
   */
  occurrencesBefore: number | null;
  /**
   * Whether the person asking may delete it: its creator (a series' for each of its
   * occurrences) or an admin (decision 0178). Anyone with the calendar may edit (D8).
   */
  canDelete: boolean;
}

/** One occurrence in a range: a single event, or one of a series (changed ones in place). */
export interface EventOccurrence extends CalendarEvent {
  /** Part of a series: edits and deletes ask for a scope and name `occurrenceStart`. */
  series: boolean;
}

export interface OccurrenceList {
  occurrences: EventOccurrence[];
}

export interface CalendarFeed {
  /** The private subscription address, absolute. */
  url: string;
}

export interface EventList {
  events: CalendarEvent[];
  maxUploadMb: number;
}
