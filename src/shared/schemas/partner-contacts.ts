// A partner's contact log and timeline (issue 20): what a logged contact may hold, checked the
// same way by the Log contact form and the server.
import { z } from 'zod';
import { EARLIEST_YEAR } from '../limits';
import { CONTACT_KINDS } from '../partners';
import { isValidTimeZone, zonedDate } from '../time-zone';
import { isCalendarDate } from './partners';

export const CONTACT_BODY_MAX = 2000;
/** Entries per page of a partner's timeline. */
export const TIMELINE_PAGE_SIZE = 20;

const timeZone = z
  .string()
  .max(100)
  .refine(isValidTimeZone, 'Unknown time zone')
  .optional()
  .transform((value) => value ?? 'UTC');

/** POST /api/partners/:id/contacts: a call, visit, email, letter, meeting, prayer request or note. */
export const contactSchema = z
  .object({
    kind: z.enum(CONTACT_KINDS, { error: 'Please choose what kind of contact it was' }),
    date: z
      .string({ error: 'Please enter the date of the contact' })
      .trim()
      .min(1, 'Please enter the date of the contact')
      .refine(isCalendarDate, 'Please enter a valid date')
      .refine((value) => Number(value.slice(0, 4)) >= EARLIEST_YEAR, `The date cannot be before ${EARLIEST_YEAR}`),
    body: z
      .string({ error: 'Please describe the contact' })
      .trim()
      .min(1, 'Please describe the contact')
      .max(CONTACT_BODY_MAX, `The text must be ${CONTACT_BODY_MAX} characters or less`),
    /** The zone the date is meant in (the browser's): "today" follows it. */
    timeZone,
  })
  .refine(
    // Zod runs this even when a field failed: only a real date in a known zone is compared.
    (contact) =>
      !isValidTimeZone(contact.timeZone) ||
      !isCalendarDate(contact.date) ||
      contact.date <= zonedDate(new Date(), contact.timeZone),
    { message: 'The date cannot be after today', path: ['date'] },
  );
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

export const contactParamSchema = z.object({
  id: z.uuid('Invalid partner id'),
  contactId: z.uuid('Contact entry not found'),
});

/** GET /api/partners/:id/timeline: newest first, a page at a time. */
export const timelineQuerySchema = z.object({
  cursor: z.string().max(400, 'Invalid cursor').optional(),
});
