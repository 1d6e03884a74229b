import { z } from 'zod';
import { TAG_COLOURS, TAG_LIMITS } from '#shared/partners';
import { partnerFiltersSchema } from './partners';

/** A tag's name and colour (issue 20): created and edited from the directory's tag manager. */
export const tagSchema = z.object({
  name: z
    .string({ error: 'Tag name is required' })
    .trim()
    .min(1, 'Tag name is required')
    .max(TAG_LIMITS.name, `Tag names must be ${TAG_LIMITS.name} characters or less`),
  colour: z.enum(TAG_COLOURS, { error: 'Unknown tag colour' }).default('gray'),
});
export type TagInput = z.input<typeof tagSchema>;
export type TagValues = z.output<typeof tagSchema>;

export const tagIdParamSchema = z.object({ tagId: z.uuid('Invalid tag id') });

export const TAG_LIMIT_MESSAGE = `A partner can have at most ${TAG_LIMITS.perPartner} tags`;

/** A partner's tags, as the picker in partner details sets them (all at once). */
export const partnerTagsSchema = z.object({
  tagIds: z
    .array(z.uuid('Invalid tag id'), { error: 'Tags must be a list' })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .refine((ids) => ids.length <= TAG_LIMITS.perPartner, TAG_LIMIT_MESSAGE),
});
export type PartnerTagsValues = z.output<typeof partnerTagsSchema>;

/**
 * "Tag all" / "Untag all": one tag applied to, or taken from, every partner the directory's
 * filters match (the same filters as the list, without its page).
 */
export const bulkTagSchema = z.object({
  action: z.enum(['tag', 'untag'], { error: 'Action must be tag or untag' }),
  filters: partnerFiltersSchema.default({}),
});
export type BulkTagValues = z.output<typeof bulkTagSchema>;
