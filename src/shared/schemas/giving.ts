// Gifts (the giving feature): what a gift may hold, checked the same way by the dialog and the server.
import { z } from 'zod';
import { DONATION_METHODS } from '../giving';
import { AMOUNT_MESSAGES, checkAmount, withoutThousandsCommas } from '../money';

export const DONATION_TYPES = ['one-time', 'monthly'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

export const DONATION_LIMITS = { partnerName: 100, notes: 500, reference: 100 } as const;

const requiredText = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? message : undefined),
});

/**
 * An amount from the form (the text typed) or from JSON (a number or a string), checked exactly
 * and turned into the two-decimal string the database stores (D10). Thousands commas are taken
 * out; any other comma is refused with how to write the amount.
 */
export const amountSchema = z
  .custom<string | number>(() => true)
  .transform((input, ctx) => {
    const text = typeof input === 'string' ? withoutThousandsCommas(input) : input;
    if (text === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.comma });
      return z.NEVER;
    }
    const checked = checkAmount(text);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.value;
  });

/** A gift's own fields, as Add Donation records them and a correction changes them. */
export const giftFieldSchemas = {
  partnerName: z
    .string(requiredText('Partner name is required'))
    .trim()
    .min(1, 'Partner name is required')
    .max(DONATION_LIMITS.partnerName, `Partner name must be ${DONATION_LIMITS.partnerName} characters or less`),
  /** Set when an existing partner was picked; the gift is then linked to that partner. */
  partnerId: z
    .uuid('Partner not found')
    .nullish()
    .transform((value) => value ?? null),
  amount: amountSchema,
  donationType: z.enum(DONATION_TYPES, { error: 'Donation type must be one-time or monthly' }),
  notes: z
    .string()
    .trim()
    .max(DONATION_LIMITS.notes, `Notes must be ${DONATION_LIMITS.notes} characters or less`)
    .nullish()
    .transform((value) => (value ? value : null)),
  // Issue 19: optional, how it was given and the check number or giving service's id.
  method: z
    .enum(DONATION_METHODS, { error: 'Unknown method' })
    .nullish()
    .transform((value) => value ?? null),
  reference: z
    .string()
    .trim()
    .max(DONATION_LIMITS.reference, `Reference must be ${DONATION_LIMITS.reference} characters or less`)
    .nullish()
    .transform((value) => (value ? value : null)),
};

/** The Add Donation dialog (SPEC.md section 5 "Donation form"); the server uses the same. */
export const donationSchema = z.object(giftFieldSchemas);
export type DonationInput = z.input<typeof donationSchema>;
export type DonationValues = z.output<typeof donationSchema>;

/** GET /api/giving/partner-options: the Add Donation type-ahead's text. */
export const partnerOptionsQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search must be 100 characters or less').optional(),
});
