import { z } from 'zod';
import { DATE_OUT_OF_RANGE, isYearInRange } from '../limits';

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
}

export interface EventList {
  events: CalendarEvent[];
  maxUploadMb: number;
}
