import { z } from 'zod';
import { PARTNER_FORM_FIELDS } from '#shared/partners';

/** The partner fields a merge keeps one value of (the partner form's fields). */
export const MERGE_FIELDS = PARTNER_FORM_FIELDS;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  status: 'Status',
  coordinator: 'Coordinator',
  notes: 'Notes',
  zone: 'Zone',
  cardholderStatus: 'Cardholder',
};

const side = z.enum(['survivor', 'merged'], { error: 'Choose which partner each value comes from' });

/**
 * POST /api/partners/merge (issue 20 item 6): `mergedId` goes into `survivorId`; for each field,
 * whose value the survivor keeps (the survivor's own when not said).
 */
export const partnerMergeSchema = z
  .object({
    survivorId: z.uuid('Invalid partner id'),
    mergedId: z.uuid('Invalid partner id'),
    take: z.partialRecord(z.enum(MERGE_FIELDS, { error: 'Unknown partner field' }), side).default({}),
  })
  .refine((value) => value.survivorId !== value.mergedId, {
    message: 'A partner cannot be merged with itself',
    path: ['mergedId'],
  });
export type PartnerMergeInput = z.input<typeof partnerMergeSchema>;
export type PartnerMerge = z.output<typeof partnerMergeSchema>;
