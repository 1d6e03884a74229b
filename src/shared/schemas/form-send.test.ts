import { describe, expect, it } from 'vitest';
import { FORM_SEND_MAX_RECIPIENTS, sendFormRequestSchema } from './form-send';

const first = (body: unknown) => {
  const parsed = sendFormRequestSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('sendFormRequestSchema', () => {
  it('takes partners by id and typed people, trimmed', () => {
    const id = '0b7e2f0c-1d2e-4f3a-8b9c-0d1e2f3a4b5c';
    expect(
      sendFormRequestSchema.parse({
        recipients: [{ partnerId: id }, { partnerName: '  Ruth Park ', partnerEmail: ' ruth@example.org ' }],
      }),
    ).toEqual({ recipients: [{ partnerId: id }, { name: 'Ruth Park', email: 'ruth@example.org' }] });
  });

  it("keeps the spec's texts for what is missing or wrong", () => {
    expect(first({ recipients: [] })).toBe('Please fill in all required fields');
    expect(first({})).toBe('Please fill in all required fields');
    expect(first({ recipients: [{}] })).toBe('Please fill in all required fields');
    expect(first({ recipients: [{ partnerName: 'Ruth' }] })).toBe('Please fill in all required fields');
    expect(first({ recipients: [{ partnerName: 'Ruth', partnerEmail: 'ruth' }] })).toBe('Invalid email address');
    expect(first({ recipients: [{ partnerId: 'not-an-id' }] })).toBe('Please choose a partner from the list');
  });

  it(`takes at most ${FORM_SEND_MAX_RECIPIENTS} recipients at once`, () => {
    const one = { partnerName: 'A', partnerEmail: 'a@example.org' };
    expect(first({ recipients: Array.from({ length: FORM_SEND_MAX_RECIPIENTS }, () => one) })).toBeNull();
    expect(first({ recipients: Array.from({ length: FORM_SEND_MAX_RECIPIENTS + 1 }, () => one) })).toMatch(/at most/);
  });
});
