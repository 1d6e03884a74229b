/**
 * Forms (issue 21): the words shared by the builder, the public page, the responses screen and
 * the server. The request schemas are in ./schemas/forms.ts; the rules an answer must meet are
 * in ./form-answers.ts.
 */

/** The spec's five types (SPEC section 3), then the three issue 21 adds. */
export const FORM_FIELD_TYPES = [
  'text',
  'email',
  'phone',
  'textarea',
  'number',
  'single_choice',
  'multiple_choice',
  'date',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** How each field type is named on screen (textarea is 'Long Text', SPEC section 3). */
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  email: 'Email',
  phone: 'Phone',
  textarea: 'Long Text',
  number: 'Number',
  single_choice: 'Single Choice',
  multiple_choice: 'Multiple Choice',
  date: 'Date',
};

/** The types whose answer is picked from the field's options. */
export const CHOICE_FIELD_TYPES = ['single_choice', 'multiple_choice'] as const satisfies readonly FormFieldType[];
export const isChoiceType = (type: FormFieldType): type is (typeof CHOICE_FIELD_TYPES)[number] =>
  (CHOICE_FIELD_TYPES as readonly FormFieldType[]).includes(type);

/** Open forms take answers; closed ones say so on the public page. */
export const FORM_STATUSES = ['open', 'closed'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** Database column sizes (src/server/db/schema/forms.ts) and sane ceilings on a form's shape. */
export const FORM_LIMITS = {
  title: 200,
  description: 2000,
  fieldLabel: 200,
  fields: 50,
  options: 50,
  optionLabel: 100,
  thankYouMessage: 500,
  /** The largest magnitude of a number answer (and of a number field's limits): larger ones lose digits in JSON and in the summary's arithmetic. */
  numberAnswer: 1e15,
  /** The largest response limit a form may set. */
  responseLimit: 1_000_000,
} as const;

/** The most characters an answer of each text type may have (issue 21 "Abuse"). */
export const ANSWER_MAX_LENGTH = {
  text: 500,
  email: 255,
  phone: 30,
  textarea: 5000,
} as const;

/** The most a whole response may weigh, as JSON (issue 21 "Abuse"); the request body limit is a little more. */
export const RESPONSE_MAX_BYTES = 64 * 1024;

/**
 * The honeypot: a text box people never see or reach (hidden and out of the tab order), which
 * only a bot filling in every input fills in. A response that has it is refused.
 */
export const HONEYPOT_FIELD = 'website';

/** What the public page says after a response is stored, unless the form says otherwise. */
export const DEFAULT_THANK_YOU = 'Thank you! Your response has been recorded.';

/**
 * Why a public link answers nothing: each has one plain sentence on the public page
 * (`PUBLIC_FORM_UNAVAILABLE`), and the same reason is the server's refusal.
 */
export const PUBLIC_FORM_UNAVAILABLE = {
  not_found: 'This link does not lead to a form. It may have been replaced by a new link; ask whoever sent it.',
  closed: 'This form is closed and no longer takes responses.',
  past_closing_date: 'This form closed on its closing date and no longer takes responses.',
  limit_reached: 'This form has received all the responses it can take.',
  already_answered: 'This personal link has already been used to answer the form. Thank you!',
} as const;
export type PublicFormUnavailable = keyof typeof PUBLIC_FORM_UNAVAILABLE;

/** A form's link in the address bar: `/f/<token>` (issue 21 "Contract point"). */
export const publicFormPath = (token: string) => `/f/${token}`;
