import { describe, expect, it } from 'vitest';
import { createFormSchema, FORM_FIELD_TYPE_LABELS, FORM_FIELD_TYPES, sendFormSchema } from './forms';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;
const field = { id: 'a', label: 'Name', type: 'text' };

describe('createFormSchema', () => {
  it('asks for the title, then a field, then each label, as the builder does (SPEC 5)', () => {
    expect(firstMessage(createFormSchema.safeParse({ title: ' ', fields: [] }))).toBe('Please enter a form title');
    expect(firstMessage(createFormSchema.safeParse({ title: 'Sign-up', fields: [] }))).toBe(
      'Please add at least one field',
    );
    expect(firstMessage(createFormSchema.safeParse({ title: 'Sign-up', fields: [{ ...field, label: '  ' }] }))).toBe(
      'Please enter a field label',
    );
  });

  it('starts every field required, lets one be optional, and trims the text', () => {
    expect(
      createFormSchema.parse({ title: ' Sign-up ', description: '', fields: [{ ...field, label: ' Name ' }] }),
    ).toEqual({
      title: 'Sign-up',
      description: null,
      fields: [{ id: 'a', label: 'Name', type: 'text', required: true }],
    });
    expect(createFormSchema.parse({ title: 'x', fields: [{ ...field, required: false }] }).fields[0]?.required).toBe(
      false,
    );
  });

  it('accepts the spec five types and the three of issue 21, textarea shown as Long Text', () => {
    expect(FORM_FIELD_TYPES).toEqual([
      'text',
      'email',
      'phone',
      'textarea',
      'number',
      'single_choice',
      'multiple_choice',
      'date',
    ]);
    expect(FORM_FIELD_TYPE_LABELS.textarea).toBe('Long Text');
    for (const type of FORM_FIELD_TYPES) {
      const options = type.endsWith('_choice') ? ['Yes', 'No'] : undefined;
      expect(createFormSchema.safeParse({ title: 'x', fields: [{ ...field, type, options }] }).success).toBe(true);
    }
    expect(createFormSchema.safeParse({ title: 'x', fields: [{ ...field, type: 'signature' }] }).success).toBe(false);
  });

  it('asks a choice field for two or more distinct options, and no other field for any', () => {
    const choice = { ...field, type: 'multiple_choice' };
    expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [choice] }))).toBe(
      'Name needs at least two options',
    );
    expect(
      firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...choice, options: ['Yes', 'yes'] }] })),
    ).toBe('Each option of Name can appear only once');
    expect(
      firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...choice, options: ['Yes', ' '] }] })),
    ).toBe('Each option needs a label');
    expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...field, options: ['A', 'B'] }] }))).toBe(
      'Only choice fields have options',
    );
  });

  it('lets a number field, and no other, have a minimum, a maximum and whole numbers only (decision 0164)', () => {
    const guests = { ...field, label: 'Guests', type: 'number', min: 1, max: 10, wholeNumber: true };
    expect(createFormSchema.parse({ title: 'x', fields: [guests] }).fields[0]).toEqual({ ...guests, required: true });
    expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...guests, min: 11 }] }))).toBe(
      'The minimum of Guests is more than its maximum',
    );
    expect(createFormSchema.safeParse({ title: 'x', fields: [{ ...guests, min: 10 }] }).success).toBe(true);
    expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...guests, max: '10' }] }))).toBe(
      'The maximum is a number',
    );
    expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...guests, min: Number.NaN }] }))).toBe(
      'The minimum is a number',
    );
    expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...guests, max: 1e16 }] }))).toBe(
      'The maximum is too large',
    );
    for (const extra of [{ min: 0 }, { max: 5 }, { wholeNumber: false }]) {
      expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...field, ...extra }] }))).toBe(
        'Only number fields have a minimum, maximum or whole numbers',
      );
    }
  });
});

describe('sendFormSchema', () => {
  it('needs both the partner name and email (SPEC 5 "Send form")', () => {
    expect(firstMessage(sendFormSchema.safeParse({ partnerName: '', partnerEmail: '' }))).toBe(
      'Please fill in all required fields',
    );
    expect(firstMessage(sendFormSchema.safeParse({ partnerName: 'Jane', partnerEmail: ' ' }))).toBe(
      'Please fill in all required fields',
    );
    expect(firstMessage(sendFormSchema.safeParse({ partnerName: ' ', partnerEmail: 'jane@example.org' }))).toBe(
      'Please fill in all required fields',
    );
    expect(firstMessage(sendFormSchema.safeParse({ partnerName: 'Jane', partnerEmail: 'jane' }))).toBe(
      'Invalid email address',
    );
    expect(sendFormSchema.parse({ partnerName: ' Jane Doe ', partnerEmail: ' jane@example.org ' })).toEqual({
      partnerName: 'Jane Doe',
      partnerEmail: 'jane@example.org',
    });
  });
});
