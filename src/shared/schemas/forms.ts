import { z } from 'zod';
import { FORM_FIELD_TYPES, FORM_LIMITS, FORM_STATUSES, HONEYPOT_FIELD, isChoiceType } from '../forms';

export { FORM_FIELD_TYPES, FORM_FIELD_TYPE_LABELS, type FormFieldType } from '../forms';

/** Database column sizes (src/server/db/schema/forms.ts) and a sane ceiling on fields. */
export const FORM_TITLE_MAX = FORM_LIMITS.title;
export const FORM_DESCRIPTION_MAX = FORM_LIMITS.description;
export const FORM_FIELD_LABEL_MAX = FORM_LIMITS.fieldLabel;
export const FORM_FIELDS_MAX = FORM_LIMITS.fields;

// A missing field gets the same message as an empty one (zod's default names types, not fields).
const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

export const fieldLabelSchema = z
  .string(required('Please enter a field label'))
  .trim()
  .min(1, 'Please enter a field label')
  .max(FORM_FIELD_LABEL_MAX, `A field label can be at most ${FORM_FIELD_LABEL_MAX} characters`);

const optionSchema = z
  .string({ error: 'Each option needs a label' })
  .trim()
  .min(1, 'Each option needs a label')
  .max(FORM_LIMITS.optionLabel, `An option can be at most ${FORM_LIMITS.optionLabel} characters`);

/** A number field's limit: any number an answer could be (FORM_LIMITS.numberAnswer). */
const limitSchema = (name: 'minimum' | 'maximum') =>
  z
    .number({ error: `The ${name} is a number` })
    .refine((n) => Number.isFinite(n) && Math.abs(n) <= FORM_LIMITS.numberAnswer, `The ${name} is too large`)
    .optional();

export const formFieldSchema = z
  .object({
    id: z
      .string({ error: 'Each field needs an id' })
      .min(1, 'Each field needs an id')
      .max(64, 'Each field needs an id'),
    label: fieldLabelSchema,
    type: z.enum(FORM_FIELD_TYPES, {
      error:
        'Please choose a field type: Text, Email, Phone, Long Text, Number, Single Choice, Multiple Choice or Date',
    }),
    // New fields start required (SPEC section 3); issue 21 lets the builder make one optional.
    required: z.boolean({ error: 'Required is yes or no' }).default(true),
    /** The choices of a single or multiple choice field, in the order shown; absent for other types. */
    options: z
      .array(optionSchema)
      .max(FORM_LIMITS.options, `A field can have at most ${FORM_LIMITS.options} options`)
      .optional(),
    /** A number field's smallest and largest answer, and whether it must be whole (decision 0164); absent for other types. */
    min: limitSchema('minimum'),
    max: limitSchema('maximum'),
    wholeNumber: z.boolean({ error: 'Whole numbers only is yes or no' }).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type !== 'number') {
      for (const key of ['min', 'max', 'wholeNumber'] as const) {
        if (field[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Only number fields have a minimum, maximum or whole numbers',
          });
      }
    } else if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: `The minimum of ${field.label} is more than its maximum`,
      });
    }
    if (!isChoiceType(field.type)) {
      if (field.options !== undefined)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only choice fields have options' });
      return;
    }
    const options = field.options ?? [];
    if (options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `${field.label} needs at least two options` });
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `Each option of ${field.label} can appear only once`,
      });
    }
  });
export type FormField = z.output<typeof formFieldSchema>;

const titleSchema = z
  .string(required('Please enter a form title'))
  .trim()
  .min(1, 'Please enter a form title')
  .max(FORM_TITLE_MAX, `The form title can be at most ${FORM_TITLE_MAX} characters`);

const descriptionSchema = z
  .string()
  .trim()
  .max(FORM_DESCRIPTION_MAX, `The description can be at most ${FORM_DESCRIPTION_MAX} characters`)
  .nullable()
  .optional()
  .transform((v) => v || null);

const fieldsSchema = z
  .array(formFieldSchema, { error: 'Please add at least one field' })
  .min(1, 'Please add at least one field')
  .max(FORM_FIELDS_MAX, `A form can have at most ${FORM_FIELDS_MAX} fields`)
  .refine((fields) => new Set(fields.map((f) => f.id)).size === fields.length, 'Each field needs its own id');

/** POST /api/forms and the Create Form builder. */
export const createFormSchema = z.object({
  title: titleSchema,
  description: descriptionSchema,
  fields: fieldsSchema,
});
export type CreateFormInput = z.input<typeof createFormSchema>;
export type CreateFormValues = z.output<typeof createFormSchema>;

export const formIdParamSchema = z.object({ id: z.uuid({ error: 'Invalid form id' }) });

/** One typed recipient of Send to Partners (SPEC section 5 "Send form"): both are required (schemas/form-send.ts sends to several). */
export const sendFormSchema = z.object({
  partnerName: z
    .string()
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(100, 'The partner name can be at most 100 characters'),
  partnerEmail: z
    .string()
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(255, 'The email can be at most 255 characters')
    .pipe(z.email('Invalid email address')),
});
export type SendFormInput = z.input<typeof sendFormSchema>;

/**
 * PUT /api/forms/:id (issue 21): the whole form as the editor holds it, with the version it
 * was loaded at; someone else's save in between is a 409, not a silent overwrite.
 */
export const updateFormSchema = z.object({
  version: z.number({ error: 'The form version is missing' }).int().positive(),
  title: titleSchema,
  description: descriptionSchema,
  fields: fieldsSchema,
  status: z.enum(FORM_STATUSES, { error: 'A form is open or closed' }),
  /** After this instant the public page says the form is closed; null for never. */
  closesAt: z.iso.datetime({ offset: true, error: 'Please enter a valid closing date' }).nullable(),
  responseLimit: z
    .number({ error: 'The response limit is a whole number' })
    .int('The response limit is a whole number')
    .min(1, 'The response limit is at least 1')
    .max(FORM_LIMITS.responseLimit, `The response limit can be at most ${FORM_LIMITS.responseLimit}`)
    .nullable(),
  thankYouMessage: z
    .string()
    .trim()
    .max(FORM_LIMITS.thankYouMessage, `The thank-you message can be at most ${FORM_LIMITS.thankYouMessage} characters`)
    .nullable()
    .transform((v) => v || null),
});
export type UpdateFormInput = z.input<typeof updateFormSchema>;
export type UpdateFormValues = z.output<typeof updateFormSchema>;

/** The token of a public or personal link, as it appears in `/f/<token>`. */
export const formTokenParamSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/, 'This link does not lead to a form'),
});

/**
 * POST /api/public/forms/:token/responses: the answers by field id, checked against the form
 * with `checkAnswers` (src/shared/form-answers.ts), and the honeypot, which must stay empty.
 */
export const publicResponseSchema = z.object({
  answers: z.record(z.string().max(64), z.unknown(), { error: 'The response has no answers' }),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type PublicResponseInput = z.input<typeof publicResponseSchema>;

export const formResponseParamSchema = z.object({
  id: z.uuid({ error: 'Invalid form id' }),
  responseId: z.uuid({ error: 'Invalid response id' }),
});

/** GET /api/forms/:id/responses: newest first, a page at a time by an opaque cursor. */
export const formResponsesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
});
