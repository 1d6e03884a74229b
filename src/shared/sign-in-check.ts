import { PASSWORD_MAX_LENGTH, SIGN_IN_EMAIL_MAX_LENGTH } from './limits';
import type { SignInInput } from './schemas/auth';

export type SignInVerdict =
  { success: true; data: SignInInput } | { success: false; field: keyof SignInInput; message: string };

/**
 * signInSchema's rules for the two sign-in fields, without zod: the sign-in screen is the
 * first download, and zod's runtime alone was a seventh of it (docs/decisions/0056). The
 * schema stays the contract the server enforces; sign-in-check.test.ts proves this gives the
 * same verdict, the same values (email trimmed) and the same first message as the form showed
 * with the schema (the email's first problem, else the password's).
 */
export function checkSignIn(fields: { email: string; password: string }): SignInVerdict {
  const email = fields.email.trim();
  const emailProblem = textProblem(email, 'Email is required', SIGN_IN_EMAIL_MAX_LENGTH);
  if (emailProblem) return { success: false, field: 'email', message: emailProblem };
  const passwordProblem = textProblem(fields.password, 'Password is required', PASSWORD_MAX_LENGTH);
  if (passwordProblem) return { success: false, field: 'password', message: passwordProblem };
  return { success: true, data: { email, password: fields.password } };
}

function textProblem(text: string, requiredMessage: string, maxLength: number): string | undefined {
  if (text.length === 0) return requiredMessage;
  // Like zod, in code points (an emoji counts once), and in zod's own words for a .max()
  // without a message.
  if (text.length > maxLength && [...text].length > maxLength)
    return `Too big: expected string to have <=${maxLength} characters`;
  return undefined;
}
