import { DATE_OUT_OF_RANGE } from './limits';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_MESSAGES,
  answerShown,
  answerText,
  checkAnswer,
  checkAnswers,
  FORM_ERROR_KEY,
  isIsoDate,
  numberHint,
} from './form-answers';
import { ANSWER_MAX_LENGTH } from './forms';
import type { FormField } from './schemas/forms';

const field = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  id: 'f',
  label: 'Question',
  type,
  required: true,
  ...extra,
});
const error = (f: FormField, raw: unknown) => {
  const checked = checkAnswer(f, raw);
  return 'error' in checked ? checked.error : undefined;
};
const value = (f: FormField, raw: unknown) => {
  const checked = checkAnswer(f, raw);
  return 'value' in checked ? checked.value : `refused: ${checked.error}`;
};

describe('checkAnswer', () => {
  it('asks for a required answer of every type, and lets an optional one be empty', () => {
    for (const type of ['text', 'email', 'phone', 'textarea', 'number', 'date'] as const) {
      expect(error(field(type), undefined)).toBe(ANSWER_MESSAGES.required);
      expect(error(field(type), '   ')).toBe(ANSWER_MESSAGES.required);
      expect(value(field(type, { required: false }), '')).toBeUndefined();
    }
    const choice = field('multiple_choice', { options: ['A', 'B'] });
    expect(error(choice, [])).toBe(ANSWER_MESSAGES.required);
    expect(value({ ...choice, required: false }, [])).toBeUndefined();
  });

  it('trims text and holds each text type to its length', () => {
    expect(value(field('text'), '  Ruth  ')).toBe('Ruth');
    expect(value(field('textarea'), '\n  first line\nsecond  \n')).toBe('  first line\nsecond');
    for (const type of ['text', 'textarea', 'phone'] as const) {
      const max = ANSWER_MAX_LENGTH[type];
      const long = type === 'phone' ? '1'.repeat(max + 1) : 'x'.repeat(max + 1);
      expect(error(field(type), long)).toBe(ANSWER_MESSAGES.tooLong(max));
    }
    expect(error(field('text'), 'a\u0000b')).toBe(ANSWER_MESSAGES.unreadable);
    expect(error(field('text'), 42)).toBe(ANSWER_MESSAGES.text);
  });

  it('takes only an email address that is one, and a phone number with digits', () => {
    expect(value(field('email'), ' ruth@example.org ')).toBe('ruth@example.org');
    expect(error(field('email'), 'ruth@')).toBe(ANSWER_MESSAGES.email);
    expect(error(field('email'), 'ruth example.org')).toBe(ANSWER_MESSAGES.email);
    expect(value(field('phone'), '+1 (555) 010-2030')).toBe('+1 (555) 010-2030');
    expect(error(field('phone'), 'call me')).toBe(ANSWER_MESSAGES.phone);
    expect(error(field('phone'), '+()')).toBe(ANSWER_MESSAGES.phone);
  });

  it('stores a number as a number, from a number or its text', () => {
    expect(value(field('number'), 12.5)).toBe(12.5);
    expect(value(field('number'), ' -3 ')).toBe(-3);
    expect(value(field('number'), '0')).toBe(0);
    expect(error(field('number'), 'twelve')).toBe(ANSWER_MESSAGES.number);
    expect(error(field('number'), '1e400')).toBe(ANSWER_MESSAGES.number);
    expect(error(field('number'), Number.NaN)).toBe(ANSWER_MESSAGES.number);
    expect(error(field('number'), '1e16')).toBe(ANSWER_MESSAGES.number);
  });

  it("holds a number to its field's minimum, maximum and whole numbers, saying what is wanted (decision 0164)", () => {
    const guests = field('number', { min: 1, max: 10, wholeNumber: true });
    expect(value(guests, '1')).toBe(1);
    expect(value(guests, 10)).toBe(10);
    for (const raw of ['0', '11', '2.5', 'two', -1]) {
      expect(error(guests, raw)).toBe('Please enter a whole number from 1 to 10');
    }
    expect(error(field('number', { min: 0 }), '-0.5')).toBe('Please enter a number of 0 or more');
    expect(value(field('number', { min: 0 }), '0.5')).toBe(0.5);
    expect(error(field('number', { max: 2500 }), '2500.01')).toBe('Please enter a number of 2,500 or less');
    expect(error(field('number', { wholeNumber: true }), '1.5')).toBe('Please enter a whole number');
    expect(value(field('number', { wholeNumber: true }), '-4')).toBe(-4);
    // An optional field left empty is still no answer, whatever its limits.
    expect(value(field('number', { min: 1, required: false }), '')).toBeUndefined();
  });

  it("hints at a number field's limits in a sentence, and says nothing for a plain one", () => {
    expect(numberHint({ min: 1, max: 10, wholeNumber: true })).toBe('A whole number from 1 to 10');
    expect(numberHint({ min: -2.5 })).toBe('A number of -2.5 or more');
    expect(numberHint({ max: 1_000_000 })).toBe('A number of 1,000,000 or less');
    expect(numberHint({ wholeNumber: true })).toBe('A whole number');
    expect(numberHint({})).toBeNull();
    expect(numberHint({ wholeNumber: false })).toBeNull();
  });

  it('takes only a real calendar date written YYYY-MM-DD', () => {
    expect(value(field('date'), '2026-02-28')).toBe('2026-02-28');
    expect(isIsoDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '01/02/2026', '0999-01-01', 'tomorrow']) {
      expect(error(field('date'), bad)).toBe(ANSWER_MESSAGES.date);
    }
  });

  it('takes a date only within the years the portal keeps (1900 to 2200)', () => {
    expect(value(field('date'), '1900-01-01')).toBe('1900-01-01');
    expect(value(field('date'), '2200-12-31')).toBe('2200-12-31');
    expect(error(field('date'), '1850-01-01')).toBe(DATE_OUT_OF_RANGE);
    expect(error(field('date'), '2201-01-01')).toBe(DATE_OUT_OF_RANGE);
  });

  it('takes only the options a choice field offers, several in the form order', () => {
    const single = field('single_choice', { options: ['Morning', 'Evening'] });
    expect(value(single, 'Evening')).toBe('Evening');
    expect(error(single, 'Noon')).toBe(ANSWER_MESSAGES.single_choice);
    expect(error(single, ['Morning'])).toBe(ANSWER_MESSAGES.single_choice);
    const multiple = field('multiple_choice', { options: ['Food', 'Music', 'Prayer'] });
    expect(value(multiple, ['Prayer', 'Food', 'Prayer'])).toEqual(['Food', 'Prayer']);
    expect(error(multiple, ['Food', 'Dancing'])).toBe(ANSWER_MESSAGES.multiple_choice);
    expect(error(multiple, 'Food')).toBe(ANSWER_MESSAGES.multiple_choice);
  });
});

describe('checkAnswers', () => {
  const fields: FormField[] = [
    { id: 'name', label: 'Name', type: 'text', required: true },
    { id: 'count', label: 'Guests', type: 'number', required: false },
    { id: 'when', label: 'Session', type: 'single_choice', required: true, options: ['AM', 'PM'] },
  ];

  it('stores the answers with their labels and types, leaving out unanswered optional fields', () => {
    expect(checkAnswers(fields, { name: 'Ruth', when: 'PM', count: '' })).toEqual({
      ok: true,
      answers: [
        { fieldId: 'name', label: 'Name', type: 'text', value: 'Ruth' },
        { fieldId: 'when', label: 'Session', type: 'single_choice', value: 'PM' },
      ],
    });
  });

  it('names every answer to correct, each under its field', () => {
    const checked = checkAnswers(fields, { count: 'many' });
    expect(checked).toEqual({
      ok: false,
      errors: { name: ANSWER_MESSAGES.required, count: ANSWER_MESSAGES.number, when: ANSWER_MESSAGES.required },
      message: 'Please correct the 3 answers marked below.',
    });
  });

  it('refuses an answer to a field the form does not have', () => {
    const checked = checkAnswers(fields, { name: 'Ruth', when: 'AM', extra: 'x' });
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors[FORM_ERROR_KEY]).toBe(ANSWER_MESSAGES.unknownField);
      expect(checked.message).toBe(ANSWER_MESSAGES.unknownField);
    }
  });

  it('does not take an answer from the object prototype', () => {
    const checked = checkAnswers([{ id: 'toString', label: 'T', type: 'text', required: true }], {});
    expect(checked.ok).toBe(false);
  });
});

describe('answerText', () => {
  it('writes each kind of answer as one line', () => {
    expect(answerText(['Food', 'Prayer'])).toBe('Food; Prayer');
    expect(answerText(12.5)).toBe('12.5');
    expect(answerText('2026-01-02')).toBe('2026-01-02');
  });
});

describe('answerShown', () => {
  it('shows a date answer as the portal shows dates, the same day in every time zone', () => {
    expect(answerShown({ type: 'date', value: '2026-12-06' })).toBe('Dec 06, 2026');
    expect(answerShown({ type: 'date', value: '2027-01-31' })).toBe('Jan 31, 2027');
  });
  it('shows every other answer as its text', () => {
    expect(answerShown({ type: 'text', value: '2026-12-06' })).toBe('2026-12-06');
    expect(answerShown({ type: 'multiple_choice', value: ['Tea', 'Coffee'] })).toBe('Tea; Coffee');
    expect(answerShown({ type: 'number', value: 3 })).toBe('3');
  });
});
