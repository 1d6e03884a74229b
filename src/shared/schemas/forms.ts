import { z } from 'zod';

export const FORM_FIELD_TYPES = ['text', 'email', 'phone', 'textarea', 'number'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** How each field type is named on screen (SPEC section 3 "forms"). */
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  email: 'Email',
  phone: 'Phone',
  textarea: 'Long Text',
  number: 'Number',
};

/** Database column sizes (src/server/db/schema.ts) and a sane ceiling on fields. */
export const FORM_TITLE_MAX = 200;
export const FORM_DESCRIPTION_MAX = 2000;
export const FORM_FIELD_LABEL_MAX = 200;
export const FORM_FIELDS_MAX = 50;

// A missing field gets the same message as an empty one (zod's default names types, not fields).
const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

export const fieldLabelSchema = z
  .string(required('Please enter a field label'))
  .trim()
  .min(1, 'Please enter a field label')
  .max(FORM_FIELD_LABEL_MAX, `A field label can be at most ${FORM_FIELD_LABEL_MAX} characters`);

export const formFieldSchema = z.object({
  id: z.string({ error: 'Each field needs an id' }).min(1, 'Each field needs an id').max(64, 'Each field needs an id'),
  label: fieldLabelSchema,
  type: z.enum(FORM_FIELD_TYPES, { error: 'Please choose a field type: Text, Email, Phone, Long Text or Number' }),
  // New fields are always required (SPEC section 3); the builder offers no way to switch it off.
  required: z.literal(true, { error: 'Form fields are always required' }).default(true),
});
export type FormField = z.output<typeof formFieldSchema>;

/** POST /api/forms and the Create Form builder. */
export const createFormSchema = z.object({
  title: z
    .string(required('Please enter a form title'))
    .trim()
    .min(1, 'Please enter a form title')
    .max(FORM_TITLE_MAX, `The form title can be at most ${FORM_TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(FORM_DESCRIPTION_MAX, `The description can be at most ${FORM_DESCRIPTION_MAX} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null),
  fields: z
    .array(formFieldSchema, { error: 'Please add at least one field' })
    .min(1, 'Please add at least one field')
    .max(FORM_FIELDS_MAX, `A form can have at most ${FORM_FIELDS_MAX} fields`)
    .refine((fields) => new Set(fields.map((f) => f.id)).size === fields.length, 'Each field needs its own id'),
});
export type CreateFormInput = z.input<typeof createFormSchema>;
export type CreateFormValues = z.output<typeof createFormSchema>;

export const formIdParamSchema = z.object({ id: z.uuid({ error: 'Invalid form id' }) });

/** Send to Partners (SPEC section 5 "Send form"): both are required; nothing is actually sent. */
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
