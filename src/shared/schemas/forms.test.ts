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

  it('makes every field required and trims the text', () => {
    expect(
      createFormSchema.parse({ title: ' Sign-up ', description: '', fields: [{ ...field, label: ' Name ' }] }),
    ).toEqual({
      title: 'Sign-up',
      description: null,
      fields: [{ id: 'a', label: 'Name', type: 'text', required: true }],
    });
    expect(firstMessage(createFormSchema.safeParse({ title: 'x', fields: [{ ...field, required: false }] }))).toBe(
      'Form fields are always required',
    );
  });

  it('accepts exactly the five field types, textarea shown as Long Text', () => {
    expect(FORM_FIELD_TYPES).toEqual(['text', 'email', 'phone', 'textarea', 'number']);
    expect(FORM_FIELD_TYPE_LABELS.textarea).toBe('Long Text');
    for (const type of FORM_FIELD_TYPES) {
      expect(createFormSchema.safeParse({ title: 'x', fields: [{ ...field, type }] }).success).toBe(true);
    }
    expect(createFormSchema.safeParse({ title: 'x', fields: [{ ...field, type: 'date' }] }).success).toBe(false);
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
