import { z } from 'zod';
import { formatDay } from './format';
import { ANSWER_MAX_LENGTH, FORM_LIMITS, type FormFieldType } from './forms';
import type { FormField } from './schemas/forms';
import { DATE_OUT_OF_RANGE, isYearInRange } from './limits';

/**
 * The rules an answer must meet, per field type (issue 21): the public page checks them as the
 * person types, and the server checks the same ones again before anything is stored.
 */

/** What one answer holds: text for the text types and choices, a number, a date as YYYY-MM-DD, or several options. */
export type AnswerValue = string | number | string[];

/**
 * An answer as stored (`form_responses.answers`): with the field's label and type as they were
 * when answered, so it stays readable after the field is relabelled or removed.
 */
export interface StoredAnswer {
  fieldId: string;
  label: string;
  type: FormFieldType;
  value: AnswerValue;
}

export const ANSWER_MESSAGES = {
  required: 'This field is required',
  text: 'Please enter text',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  number: 'Please enter a number',
  date: 'Please enter a valid date',
  single_choice: 'Please choose one of the options',
  multiple_choice: 'Please choose from the options given',
  unreadable: 'This answer contains a character that cannot be stored',
  tooLong: (max: number) => `Please keep this answer to ${max} characters or fewer`,
  unknownField: 'This response answers a question the form does not have. Reload the page and try again.',
} as const;

/** The key under which a refusal that belongs to no one field is reported. */
export const FORM_ERROR_KEY = '_form';

export type AnswerCheck =
  { ok: true; answers: StoredAnswer[] } | { ok: false; errors: Record<string, string>; message: string };

// Digits with the usual separators; at least three digits, so "+" or "()" alone is not a number.
const PHONE = /^\+?[0-9 ().\-/]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const emailRule = z.email();

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const shownNumber = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 20 });

/** What a number field takes, in words: "a number", "a whole number from 1 to 10", "a number of 0 or more". */
export function numberWanted(field: { min?: number; max?: number; wholeNumber?: boolean }): string {
  const kind = field.wholeNumber ? 'a whole number' : 'a number';
  const { min, max } = field;
  if (min !== undefined && max !== undefined) return `${kind} from ${shownNumber(min)} to ${shownNumber(max)}`;
  if (min !== undefined) return `${kind} of ${shownNumber(min)} or more`;
  if (max !== undefined) return `${kind} of ${shownNumber(max)} or less`;
  return kind;
}

/** The hint under a number field with limits ("A whole number from 1 to 10"); null when it has none. */
export function numberHint(field: { min?: number; max?: number; wholeNumber?: boolean }): string | null {
  if (field.min === undefined && field.max === undefined && !field.wholeNumber) return null;
  const wanted = numberWanted(field);
  return wanted[0]!.toUpperCase() + wanted.slice(1);
}

/** One field's answer, checked: the value to store, or the message to show next to the field. */
export function checkAnswer(field: FormField, raw: unknown): { value: AnswerValue | undefined } | { error: string } {
  if (isEmpty(raw)) return field.required ? { error: ANSWER_MESSAGES.required } : { value: undefined };
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone': {
      if (typeof raw !== 'string') return { error: ANSWER_MESSAGES[field.type === 'textarea' ? 'text' : field.type] };
      const text = field.type === 'textarea' ? raw.trimEnd().replace(/^\s*\n/, '') : raw.trim();
      const max = ANSWER_MAX_LENGTH[field.type];
      if (text.includes('\u0000')) return { error: ANSWER_MESSAGES.unreadable };
      if (text.length > max) return { error: ANSWER_MESSAGES.tooLong(max) };
      if (field.type === 'email' && !emailRule.safeParse(text).success) return { error: ANSWER_MESSAGES.email };
      if (field.type === 'phone' && (!PHONE.test(text) || text.replace(/\D/g, '').length < 3)) {
        return { error: ANSWER_MESSAGES.phone };
      }
      return { value: text };
    }
    case 'number': {
      const number =
        typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : NaN;
      const fits =
        Number.isFinite(number) &&
        Math.abs(number) <= FORM_LIMITS.numberAnswer &&
        (!field.wholeNumber || Number.isInteger(number)) &&
        (field.min === undefined || number >= field.min) &&
        (field.max === undefined || number <= field.max);
      // One message for every way of missing, saying what is wanted (decision 0164).
      if (!fits) return { error: `Please enter ${numberWanted(field)}` };
      return { value: number };
    }
    case 'date':
      if (typeof raw !== 'string' || !isIsoDate(raw.trim())) return { error: ANSWER_MESSAGES.date };
      // The portal's own dates keep to these years; an answer of 1850 is a slip, not an arrival date.
      if (!isYearInRange(raw.trim())) return { error: DATE_OUT_OF_RANGE };
      return { value: raw.trim() };
    case 'single_choice':
      if (typeof raw !== 'string' || !(field.options ?? []).includes(raw))
        return { error: ANSWER_MESSAGES.single_choice };
      return { value: raw };
    case 'multiple_choice': {
      const options = field.options ?? [];
      if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string' || !options.includes(item))) {
        return { error: ANSWER_MESSAGES.multiple_choice };
      }
      // Stored in the form's order of options, each once, whatever order they were ticked in.
      const picked = new Set(raw as string[]);
      return { value: options.filter((option) => picked.has(option)) };
    }
  }
}

/**
 * Checks a whole response against the form's fields: every required field answered, every
 * answer of its type, nothing for a field the form does not have. Unanswered optional fields
 * are left out of what is stored.
 */
export function checkAnswers(fields: readonly FormField[], raw: Record<string, unknown>): AnswerCheck {
  const errors: Record<string, string> = {};
  const known = new Set(fields.map((field) => field.id));
  if (Object.keys(raw).some((id) => !known.has(id))) errors[FORM_ERROR_KEY] = ANSWER_MESSAGES.unknownField;
  const answers: StoredAnswer[] = [];
  for (const field of fields) {
    const checked = checkAnswer(field, Object.hasOwn(raw, field.id) ? raw[field.id] : undefined);
    if ('error' in checked) errors[field.id] = checked.error;
    else if (checked.value !== undefined) {
      answers.push({ fieldId: field.id, label: field.label, type: field.type, value: checked.value });
    }
  }
  const problems = Object.keys(errors).length;
  if (problems === 0) return { ok: true, answers };
  const message =
    errors[FORM_ERROR_KEY] ??
    (problems === 1
      ? 'Please correct the answer marked below.'
      : `Please correct the ${problems} answers marked below.`);
  return { ok: false, errors, message };
}

/** An answer as one line of text, as the CSV export keeps it (a date as YYYY-MM-DD). */
export function answerText(value: AnswerValue): string {
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/**
 * An answer as the screens show it: a date like every other date of the portal ("Dec 06, 2026",
 * DATE_FORMAT in format.ts), whatever the reader's time zone, since it names a day, not a moment.
 */
export function answerShown(answer: { type: FormFieldType | (string & {}); value: AnswerValue }): string {
  if (answer.type === 'date' && typeof answer.value === 'string') return formatDay(answer.value);
  return answerText(answer.value);
}
