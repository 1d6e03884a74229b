// The Giving screen (issue 19): its filters, corrections and voids, checked the same way by the
// screen and the server.
import { z } from 'zod';
import { DONATION_METHODS } from '../giving';
import { DATE_OUT_OF_RANGE, DATE_RANGE_BACKWARDS, isYearInRange } from '../limits';
import { withoutThousandsCommas } from '../money';
import { isValidTimeZone, zonedDate } from '../time-zone';
import { DONATION_TYPES, giftFieldSchemas } from './giving';

/** Gifts per page of the Giving screen. */
export const GIFTS_PAGE_SIZE = 50;

export const VOID_REASON_MAX = 500;

const instant = z.iso
  .datetime({ offset: true, error: 'Please enter a valid date' })
  .refine(isYearInRange, DATE_OUT_OF_RANGE)
  .optional();

const BOUND_MESSAGE = 'Please enter an amount like 25 or 25.50';

/**
 * An amount bound of the filter: digits with up to two decimals, thousands commas taken out as
 * Add Donation takes them (decision 0175), so "1,000" is 1000 in the filter as in the gift.
 */
const bound = z
  .string()
  .trim()
  .transform((typed, ctx) => {
    const text = withoutThousandsCommas(typed);
    if (text !== null && /^\d{1,9}(\.\d{1,2})?$/.test(text)) return text;
    ctx.addIssue({ code: 'custom', message: BOUND_MESSAGE });
    return z.NEVER;
  })
  .optional();

const amountsInOrder: [(q: { min?: string; max?: string }) => boolean, { message: string; path: string[] }] = [
  (q) => !q.min || !q.max || Number(q.min) <= Number(q.max),
  { message: 'The smallest amount must not be above the largest', path: ['min'] },
];

/** The filter's two amounts, as the screen checks them before asking (the server checks them in the whole query). */
export const amountBoundsSchema = z.object({ min: bound, max: bound }).refine(...amountsInOrder);

/**
 * GET /api/giving/gifts and its CSV export (gifts.csv): newest first. `from` and `to` are the
 * instants the screen computes from the person's own dates (the URL keeps the dates).
 */
export const giftQuerySchema = z
  .object({
    from: instant,
    to: instant,
    partnerId: z.uuid('Partner not found').optional(),
    type: z.enum(DONATION_TYPES, { error: 'Donation type must be one-time or monthly' }).optional(),
    method: z.enum(DONATION_METHODS, { error: 'Unknown method' }).optional(),
    min: bound,
    max: bound,
    q: z.string().trim().max(100, 'Search must be 100 characters or less').optional(),
    voided: z
      .enum(['true', 'false'], { error: 'voided must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    cursor: z.string().max(200, 'Invalid cursor').optional(),
    /** The zone the export writes dates in. */
    tz: z.string().max(100).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: DATE_RANGE_BACKWARDS,
    path: ['from'],
  })
  .refine(...amountsInOrder);
export type GiftQuery = z.output<typeof giftQuerySchema>;

const version = z.number({ error: 'Reload the gift and try again' }).int().min(1, 'Reload the gift and try again');

/** A real day of the calendar: 2026-02-30 is not one (Date would roll it over to March). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** The day a gift was given: a calendar date from 1900 up to today in the person's zone. */
const giftDate = z
  .string({ error: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date')
  .refine(isCalendarDate, 'Please enter a valid date')
  .refine((value) => Number(value.slice(0, 4)) >= 1900, 'The date cannot be before 1900');

export const timeZoneField = z
  .string()
  .max(100)
  .refine(isValidTimeZone, 'Unknown time zone')
  .optional()
  .transform((value) => value ?? 'UTC');

/** PATCH /api/giving/gifts/:id: every field of the gift as it should now be. */
export const giftCorrectionSchema = z
  .object({
    ...giftFieldSchemas,
    date: giftDate,
    /** The zone the date is meant in: "today" and the stored instant follow it. */
    timeZone: timeZoneField,
    version,
  })
  .refine(
    // Zod runs this even when a field failed: an unknown zone is that field's error, not this one's.
    (gift) => !isValidTimeZone(gift.timeZone) || gift.date <= zonedDate(new Date(), gift.timeZone),
    {
      message: 'The date cannot be after today',
      path: ['date'],
    },
  );
export type GiftCorrectionInput = z.input<typeof giftCorrectionSchema>;
export type GiftCorrection = z.output<typeof giftCorrectionSchema>;

/** POST /api/giving/gifts/:id/void */
export const giftVoidSchema = z.object({
  reason: z
    .string({ error: 'A reason is required to void a gift' })
    .trim()
    .min(1, 'A reason is required to void a gift')
    .max(VOID_REASON_MAX, `The reason must be ${VOID_REASON_MAX} characters or less`),
  version,
});
export type GiftVoid = z.output<typeof giftVoidSchema>;

export const giftIdParamSchema = z.object({ id: z.uuid('Gift not found') });

/** GET /api/giving/insights: months are the person's own. */
export const insightsQuerySchema = z.object({ tz: z.string().max(100).optional() });

/** POST /api/giving/unlinked/link: each group of gifts without a partner (by its name) and its partner. */
export const unlinkedLinksSchema = z.object({
  links: z
    .array(
      z.object({
        key: z.string().trim().toLowerCase().min(1, 'Choose the gifts to link').max(100, 'Unknown gifts'),
        partnerId: z.uuid('Partner not found'),
      }),
      { error: 'Choose the gifts to link' },
    )
    .min(1, 'Choose the gifts to link')
    .max(100, 'Link at most 100 names at once'),
});
export type UnlinkedLinks = z.output<typeof unlinkedLinksSchema>;
