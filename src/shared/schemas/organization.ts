import { z } from 'zod';

/**
 * The display currencies an admin may choose (ISO 4217). A fixed list of common ones rather
 * than every code: each must be one a ministry would plausibly report gifts in, and the
 * client's formatting is tested with them. USD is the default (SPEC.md).
 */
export const CURRENCIES = [
  'USD',
  'CAD',
  'EUR',
  'GBP',
  'AUD',
  'NZD',
  'CHF',
  'JPY',
  'KRW',
  'INR',
  'PHP',
  'SGD',
  'HKD',
  'ZAR',
  'NGN',
  'GHS',
  'KES',
  'UGX',
  'BRL',
  'MXN',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

export const ORGANIZATION_LIMITS = {
  name: 120,
  address: 500,
  statementText: 4000,
  /** The logo, PNG or JPEG, checked by its content (not its name). */
  logoBytes: 1024 * 1024,
} as const;

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${ORGANIZATION_LIMITS.name} characters`,
  addressTooLong: `Address must be at most ${ORGANIZATION_LIMITS.address} characters`,
  statementTooLong: `Statement text must be at most ${ORGANIZATION_LIMITS.statementText} characters`,
  currency: 'Choose a currency from the list',
  logoType: 'The logo must be a PNG or JPEG image',
  logoTooLarge: 'The logo must be at most 1 MB',
  logoMissing: 'Choose an image for the logo',
} as const;

/** PUT /api/organization and the Organization settings form: the same rules on both sides (D11). */
export const organizationSettingsSchema = z.object({
  name: z
    .string({ error: ORGANIZATION_MESSAGES.nameRequired })
    .trim()
    .min(1, ORGANIZATION_MESSAGES.nameRequired)
    .max(ORGANIZATION_LIMITS.name, ORGANIZATION_MESSAGES.nameTooLong),
  // Line breaks are kept: the address and the statement are printed as typed.
  address: z.string().max(ORGANIZATION_LIMITS.address, ORGANIZATION_MESSAGES.addressTooLong),
  statementText: z.string().max(ORGANIZATION_LIMITS.statementText, ORGANIZATION_MESSAGES.statementTooLong),
  currency: z.enum(CURRENCIES, { error: ORGANIZATION_MESSAGES.currency }),
});
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;
export type OrganizationSettingsValues = z.output<typeof organizationSettingsSchema>;

/** GET /api/organization: what every signed-in person may read (the name and currency for display). */
export interface Organization extends OrganizationSettingsValues {
  /** Where the logo is served, or null without one; a new logo gets a new address. */
  logoUrl: string | null;
}

export const DEFAULT_STATEMENT_TEXT =
  'Thank you for your generous support this year. Your gifts make our ministry possible.\n\n' +
  'No goods or services were provided in exchange for these contributions.';

/** Until an admin saves the section; the name until then is the installation's MINISTRY_NAME. */
export const DEFAULT_ORGANIZATION: Omit<OrganizationSettingsValues, 'name'> = {
  address: '',
  statementText: DEFAULT_STATEMENT_TEXT,
  currency: DEFAULT_CURRENCY,
};

export const logoIdParamSchema = z.object({ id: z.uuid({ error: 'Logo not found' }) });
