import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signInSchema } from './schemas/auth';
import { checkSignIn, type SignInVerdict } from './sign-in-check';

/** What the sign-in form did with the schema: the first issue of the email, else of the password. */
function schemaVerdict(fields: { email: string; password: string }): SignInVerdict {
  const parsed = signInSchema.safeParse(fields);
  if (parsed.success) return { success: true, data: parsed.data };
  for (const field of ['email', 'password'] as const) {
    const issue = parsed.error.issues.find((i) => i.path[0] === field);
    if (issue) return { success: false, field, message: issue.message };
  }
  throw new Error(`an issue outside the two fields: ${parsed.error.message}`);
}

const whitespace = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u2028', '\ufeff'),
  maxLength: 4,
});
// Around both limits (128, 255), in one- and two-unit characters, with whitespace the email trims.
const nearLimit = fc
  .tuple(whitespace, fc.constantFrom('a', 'é', '😀'), fc.integer({ min: 0, max: 270 }), whitespace)
  .map(([before, char, count, after]) => before + char.repeat(count) + after);
const fieldText = fc.oneof(
  fc.constant(''),
  whitespace,
  nearLimit,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.tuple(whitespace, fc.emailAddress(), whitespace).map(([a, email, b]) => a + email + b),
);

describe('checkSignIn agrees with signInSchema', () => {
  it('gives the same verdict, values and first message for any text in the two fields', () => {
    fc.assert(
      fc.property(fieldText, fieldText, (email, password) => {
        expect(checkSignIn({ email, password })).toEqual(schemaVerdict({ email, password }));
      }),
      { numRuns: 5000 },
    );
  });

  it('shows the messages the form showed', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      success: false,
      field: 'email',
      message: 'Email is required',
    });
    expect(checkSignIn({ email: ' \t ', password: 'secret' })).toEqual({
      success: false,
      field: 'email',
      message: 'Email is required',
    });
    expect(checkSignIn({ email: 'a@example.org', password: '' })).toEqual({
      success: false,
      field: 'password',
      message: 'Password is required',
    });
    expect(checkSignIn({ email: `${'a'.repeat(256)}`, password: '' })).toEqual({
      success: false,
      field: 'email',
      message: 'Too big: expected string to have <=255 characters',
    });
    expect(checkSignIn({ email: 'a@example.org', password: 'p'.repeat(129) })).toEqual({
      success: false,
      field: 'password',
      message: 'Too big: expected string to have <=128 characters',
    });
  });

  it('sends the email trimmed and the password exactly as typed', () => {
    expect(checkSignIn({ email: '  a@example.org\n', password: ' pass word ' })).toEqual({
      success: true,
      data: { email: 'a@example.org', password: ' pass word ' },
    });
    // Both at their limits are accepted.
    const atLimits = { email: 'e'.repeat(255), password: 'p'.repeat(128) };
    expect(checkSignIn(atLimits)).toEqual({ success: true, data: atLimits });
    expect(schemaVerdict(atLimits)).toEqual({ success: true, data: atLimits });
    // Lengths are code points, as in zod: an emoji is two UTF-16 units but one character.
    const emojiAtLimits = { email: '😀'.repeat(255), password: '😀'.repeat(128) };
    expect(checkSignIn(emojiAtLimits)).toEqual({ success: true, data: emojiAtLimits });
    expect(checkSignIn({ ...emojiAtLimits, password: '😀'.repeat(129) })).toMatchObject({
      success: false,
      field: 'password',
    });
  });
});
