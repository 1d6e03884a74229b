import { z } from 'zod';

/** Field limits (SPEC.md section 9) and their messages. */
export const PARTNER_LIMITS = {
  name: 100,
  email: 255,
  phone: 20,
  location: 200,
  coordinator: 100,
  notes: 1000,
  zone: 100,
} as const;

export const PARTNER_STATUSES = ['active', 'inactive'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

// A missing field gets the same message as an empty one (zod's default names types, not fields).
const requiredText = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? message : undefined),
});

/** Optional text: trimmed; empty, missing or null all become null (SPEC.md section 5). */
function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** "YYYY-MM-DD" that names a real day. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The partner form (SPEC.md sections 3 and 5, D9): used by the Add Partner dialog, the edit
 * form in the details view and the server routes that create and update partners.
 */
export const partnerSchema = z.object({
  name: z
    .string(requiredText('Name is required'))
    .trim()
    .min(1, 'Name is required')
    .max(PARTNER_LIMITS.name, `Name must be ${PARTNER_LIMITS.name} characters or less`),
  email: z
    .string(requiredText('Invalid email address'))
    .trim()
    .email('Invalid email address')
    .max(PARTNER_LIMITS.email, `Email must be ${PARTNER_LIMITS.email} characters or less`),
  phone: optionalText(PARTNER_LIMITS.phone, 'Phone'),
  location: optionalText(PARTNER_LIMITS.location, 'Location'),
  status: z.enum(PARTNER_STATUSES, { error: 'Status must be active or inactive' }).default('active'),
  coordinator: optionalText(PARTNER_LIMITS.coordinator, 'Coordinator'),
  notes: optionalText(PARTNER_LIMITS.notes, 'Notes'),
  zone: optionalText(PARTNER_LIMITS.zone, 'Zone'),
  cardholderStatus: z.boolean({ error: 'Cardholder status must be true or false' }).default(false),
  // No last contact: it is the date of the latest logged contact (issue 20, decision 0115), kept
  // by the database; a lastContact sent here is dropped with the other unknown keys.
});
export type PartnerInput = z.input<typeof partnerSchema>;
export type PartnerValues = z.output<typeof partnerSchema>;

/**
 * PUT /api/partners/:id: the form, and when the edit began from (`editedFrom`, the partner's
 * `updatedAt` then). A partner changed since is refused (409) rather than overwritten; without
 * it the edit applies to the partner as it is (a script, an older client).
 */
export const partnerUpdateSchema = partnerSchema.extend({
  editedFrom: z.iso.datetime({ offset: true, error: 'Invalid edit start' }).optional(),
});
export type PartnerUpdate = z.output<typeof partnerUpdateSchema>;

export const PARTNER_CHANGED_MEANWHILE =
  'This partner was changed by someone else meanwhile. What you typed is still in the form: Cancel to see their change, then edit again.';

/** A query parameter that was sent empty counts as not sent. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const PARTNER_PAGE_SIZE = 50;

/** Tag ids as the URL carries them: comma-separated. */
const tagIdList = z.preprocess(
  (value) => (typeof value === 'string' && value !== '' ? value.split(',') : emptyAsMissing(value)),
  z.array(z.uuid('Unknown tag filter')).max(50, 'Too many tag filters').optional(),
);

/**
 * The directory's search and filters (D9, issue 20): the list, the CSV export and "Tag all"
 * use the same. `tags` match any or all of them; archived partners only with `archived=true`.
 */
export const partnerFiltersSchema = z.object({
  q: z.preprocess(emptyAsMissing, z.string().trim().max(200, 'Search must be 200 characters or less').optional()),
  status: z.preprocess(emptyAsMissing, z.enum(PARTNER_STATUSES, { error: 'Unknown status filter' }).optional()),
  zone: z.preprocess(emptyAsMissing, z.string().trim().max(PARTNER_LIMITS.zone, 'Unknown zone filter').optional()),
  cardholder: z.preprocess(
    emptyAsMissing,
    z.enum(['true', 'false'], { error: 'Unknown cardholder filter' }).optional(),
  ),
  tags: tagIdList,
  match: z.preprocess(emptyAsMissing, z.enum(['any', 'all'], { error: 'Match must be any or all' }).optional()),
  archived: z.preprocess(emptyAsMissing, z.enum(['true', 'false'], { error: 'Unknown archived filter' }).optional()),
});
export type PartnerFilterValues = z.output<typeof partnerFiltersSchema>;

/** The directory's orders (issue 27 item 9): by name, latest contact first, newest first. */
export const PARTNER_SORTS = ['name', 'lastContact', 'newest'] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

/** GET /api/partners: search, filters (D9), an order and a keyset cursor for "Load more". */
export const partnerListQuerySchema = partnerFiltersSchema.extend({
  sort: z.preprocess(emptyAsMissing, z.enum(PARTNER_SORTS, { error: 'Unknown sort order' }).optional()),
  cursor: z.preprocess(emptyAsMissing, z.string().max(400, 'Invalid cursor').optional()),
  limit: z.preprocess(
    emptyAsMissing,
    z.coerce
      .number({ error: 'Invalid page size' })
      .int('Invalid page size')
      .min(1, 'Invalid page size')
      .max(100, 'Invalid page size')
      .optional(),
  ),
});
export type PartnerListQuery = z.output<typeof partnerListQuerySchema>;

export const partnerIdParamSchema = z.object({ id: z.uuid('Invalid partner id') });

/**
 * Which partners already have an email (the partner form's note while an email is typed):
 * `except` leaves out the partner being edited.
 */
export const partnersWithEmailQuerySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(PARTNER_LIMITS.email, `Email must be ${PARTNER_LIMITS.email} characters or less`),
  except: z.preprocess(emptyAsMissing, z.uuid('Invalid partner id').optional()),
});

/** The partners `GET /api/partners/with-email` names, and how many there are in all. */
export interface PartnersWithEmail {
  partners: { id: string; name: string; archived: boolean }[];
  total: number;
}
